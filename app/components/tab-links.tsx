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
    // One line at every width: on a narrow screen the row scrolls sideways instead of wrapping.
    <nav aria-label={label} className={`overflow-x-auto border-b border-slate-200 ${className}`}>
      <ul className="-mb-px flex gap-x-1">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              to={tab.href}
              preventScrollReset
              aria-current={tab.id === current ? "page" : undefined}
              className={`inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 font-medium sm:px-4 ${
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
