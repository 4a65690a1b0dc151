import { Link } from "@remix-run/react";

/**
 * Tabs that are links (they work without JavaScript and keep the choice in the address),
 * marked with aria-current rather than ARIA tab roles, which would need scripts.
 */
export function TabLinks({
  label,
  tabs,
  current,
  className = "",
}: {
  label: string;
  tabs: { id: string; label: string; href: string }[];
  current: string;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={`border-b border-slate-200 ${className}`}>
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              to={tab.href}
              preventScrollReset
              aria-current={tab.id === current ? "page" : undefined}
              className={`inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-4 font-medium ${
                tab.id === current
                  ? "border-brand-600 text-brand-700"
                  : "border-transparent text-slate-600 hover:text-ink"
              }`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
