import { initialsOf } from "~/utils/format";

/** The box, and how large its initials are written. */
const SIZES = {
  40: { box: "size-10", initials: "" },
  96: { box: "size-24", initials: "text-3xl" },
} as const;

/** A person's picture, or their initials without one; decorative, as their name stands beside it. */
export function Avatar({
  name,
  pictureUrl,
  size,
  lazy = false,
}: {
  name: string;
  pictureUrl: string | null | undefined;
  size: keyof typeof SIZES;
  /** Below the fold (a team list): loaded when scrolled near. */
  lazy?: boolean;
}) {
  const { box, initials } = SIZES[size];
  if (pictureUrl) {
    return (
      <img
        src={pictureUrl}
        alt=""
        width={size}
        height={size}
        loading={lazy ? "lazy" : undefined}
        decoding={lazy ? "async" : undefined}
        className={`${box} rounded-full object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`grid ${box} place-items-center rounded-full bg-brand-100 font-bold text-brand-700 ${initials}`}
    >
      {initialsOf(name)}
    </span>
  );
}
