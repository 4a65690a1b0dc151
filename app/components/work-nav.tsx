import { NavLink } from "@remix-run/react";

/**
 * The work area's side menu (spec section 2): one row of links on phones (scrolling sideways
 * rather than wrapping onto a second line), a column on desktops.
 */
const ITEMS = [
  { to: "/work", label: "My projects", end: true },
  { to: "/search-projects", label: "Browse Projects", end: false },
  { to: "/ai-insight", label: "Smart Summary", end: false },
];

export function WorkNav() {
  return (
    <nav aria-label="Work area" className="-mx-1 overflow-x-auto px-1 lg:mx-0 lg:w-52 lg:shrink-0 lg:px-0">
      <ul className="flex gap-1 lg:flex-col">
        {ITEMS.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                `flex min-h-11 items-center whitespace-nowrap rounded-lg px-3 font-medium ${
                  isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"
                }`
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
