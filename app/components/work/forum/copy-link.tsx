import { Link } from "@remix-run/react";
import { useState } from "react";

/**
 * 'Copy link': with JavaScript it copies the post's address; without, it is a link to the post's
 * own page, which shows the address.
 */
export function CopyLink({ path, hydrated }: { path: string; hydrated: boolean }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const className =
    "inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-slate-600 hover:bg-slate-100";
  if (!hydrated) {
    return (
      <Link to={path} className={className}>
        Copy link
      </Link>
    );
  }
  const address = `${window.location.origin}${path}`;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <button
        type="button"
        className={className}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(address);
            setState("copied");
          } catch {
            setState("failed");
          }
        }}
      >
        Copy link
      </button>
      <span role="status" className="text-sm text-slate-600">
        {state === "copied" ? "Link copied" : null}
      </span>
      {state === "failed" ? (
        <input
          readOnly
          aria-label="Link to this post"
          value={address}
          onFocus={(event) => event.currentTarget.select()}
          autoFocus
          className="min-h-11 w-full rounded-lg border border-slate-300 px-3 text-sm"
        />
      ) : null}
    </span>
  );
}
