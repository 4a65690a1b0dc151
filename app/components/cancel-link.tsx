import { Link } from "@remix-run/react";

/** The way out of a step (an editor, a confirm): a link back to the page without it. */
export function CancelLink({ to, preventScrollReset = false }: { to: string; preventScrollReset?: boolean }) {
  return (
    <Link to={to} preventScrollReset={preventScrollReset} className="btn-secondary">
      Cancel
    </Link>
  );
}
