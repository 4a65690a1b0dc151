import { Link } from "@remix-run/react";

/**
 * A small choice among views of the same list (whose tasks, how posts are sorted): links that keep
 * the choice in the address and work without JavaScript, the current one marked with aria-current.
 */
export function SegmentedLinks({
  label,
  options,
  current,
}: {
  label: string;
  options: readonly { id: string; label: string; href: string }[];
  current: string;
}) {
  return (
    <nav aria-label={label} className="flex max-w-full gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1">
      {options.map((option) => (
        <Link
          key={option.id}
          to={option.href}
          preventScrollReset
          aria-current={current === option.id ? "page" : undefined}
          className={`inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-3 text-sm font-medium ${
            current === option.id ? "bg-white shadow-sm" : "text-slate-600"
          }`}
        >
          {option.label}
        </Link>
      ))}
    </nav>
  );
}
