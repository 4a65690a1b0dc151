import { Link } from "@remix-run/react";

/** Previous / Next links that keep the other query parameters. */
export function Pagination({
  page,
  pageSize,
  total,
  search,
}: {
  page: number;
  pageSize: number;
  total: number;
  search: URLSearchParams;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(target));
    return `?${params}`;
  };
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-8 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(Math.min(page - 1, pages))} className="btn-secondary" rel="prev">
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600">
        Page {page} of {pages}
      </p>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className="btn-secondary" rel="next">
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
