import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { type RefObject, useEffect, useRef } from "react";
import type { CurrentUser } from "~/models/user.server";
import { type BellState, NotificationBell } from "./notification-bell";
import { initialsOf } from "~/utils/format";

/**
 * The header on every page: brand, main navigation, and sign-in or the profile menu. The mobile
 * menu and the profile menu are <details> disclosures, so they open without JavaScript; with it,
 * they close on navigation, Escape and a click outside, and opening one closes the others (the
 * notification bell's live panel is one of them).
 */
const NAV = [
  { to: "/", label: "Home", end: true },
  { to: "/work", label: "Work Area", end: false },
  { to: "/about", label: "About", end: false },
  { to: "/Learn", label: "Learn", end: false },
];

const ROLE_LABELS = { gainer: "Gainer", mentor: "Mentor", nonprofit: "Nonprofit" } as const;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-lg px-3 font-medium transition hover:bg-slate-100 ${
    isActive ? "text-brand-700" : "text-slate-700"
  }`;

type Menu = RefObject<HTMLDetailsElement>;

function useMenuGroup(menus: Menu[]) {
  const location = useLocation();
  useEffect(() => {
    for (const menu of menus) menu.current?.removeAttribute("open");
  }, [location.key, menus]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      const open = menus.find((menu) => menu.current?.open)?.current;
      if (!open) return;
      open.open = false;
      open.querySelector("summary")?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      for (const menu of menus) {
        if (menu.current?.open && !menu.current.contains(event.target as Node)) menu.current.open = false;
      }
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [menus]);
  /** Opening one menu closes the others. */
  return (opened: Menu) => () => {
    if (!opened.current?.open) return;
    for (const menu of menus) if (menu !== opened && menu.current) menu.current.open = false;
  };
}

export function SiteHeader({ user, bell }: { user: CurrentUser | null; bell: BellState | null }) {
  const profileMenu = useRef<HTMLDetailsElement>(null);
  const mobileMenu = useRef<HTMLDetailsElement>(null);
  const bellMenu = useRef<HTMLDetailsElement>(null);
  const menus = useRef([profileMenu, mobileMenu, bellMenu]).current;
  const closeOthers = useMenuGroup(menus);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-3">
        <Link to="/" className="flex min-h-11 items-center gap-2 text-lg font-bold text-ink">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Gainers Hub
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            <NavItems />
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          {bell ? <NotificationBell state={bell} menuRef={bellMenu} onToggle={closeOthers(bellMenu)} /> : null}
          {user ? (
            <ProfileMenu user={user} menuRef={profileMenu} onToggle={closeOthers(profileMenu)} />
          ) : (
            <SignInLink />
          )}
          <MobileMenu menuRef={mobileMenu} onToggle={closeOthers(mobileMenu)} />
        </div>
      </div>
    </header>
  );
}

/** The main links: in the header on wide screens, in the Menu on phones. */
function NavItems() {
  return (
    <>
      {NAV.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end} className={navLinkClass}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </>
  );
}

function SignInLink() {
  return (
    <Link to="/login" className="btn-primary !min-h-10 !px-4">
      Sign in
    </Link>
  );
}

interface MenuProps {
  menuRef: Menu;
  onToggle: () => void;
}

function ProfileMenu({ user, menuRef, onToggle }: { user: CurrentUser } & MenuProps) {
  const name = user.fullName || user.emailAddress;
  const initials = initialsOf(name);
  const profileHref = user.role ? `/profile/${user.role}/${user.userId}` : "/choose-role";
  return (
    <details className="group relative" ref={menuRef} onToggle={onToggle}>
      <summary
        className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-full px-1 [&::-webkit-details-marker]:hidden"
        aria-label={`Account menu for ${name}`}
      >
        <span
          aria-hidden="true"
          className="grid size-9 place-items-center rounded-full bg-brand-100 text-sm font-bold text-brand-700"
        >
          {initials}
        </span>
      </summary>
      <div className="absolute right-0 mt-2 w-60 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
        <div className="border-b border-slate-100 px-3 py-2">
          <p className="truncate font-semibold">{name}</p>
          <p className="text-sm text-slate-500">{user.role ? ROLE_LABELS[user.role] : "No role yet"}</p>
        </div>
        <Link to={profileHref} className="flex min-h-11 items-center rounded-lg px-3 hover:bg-slate-100">
          View Profile
        </Link>
        <Form method="post" action="/logout">
          <button
            type="submit"
            className="flex min-h-11 w-full items-center rounded-lg px-3 text-left hover:bg-slate-100"
          >
            Log Out
          </button>
        </Form>
      </div>
    </details>
  );
}

function MobileMenu({ menuRef, onToggle }: MenuProps) {
  return (
    <details className="relative md:hidden" ref={menuRef} onToggle={onToggle}>
      <summary className="btn-secondary !min-h-10 !px-3 cursor-pointer list-none [&::-webkit-details-marker]:hidden">
        Menu
      </summary>
      <nav
        aria-label="Mobile"
        className="absolute right-0 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
      >
        <ul>
          <NavItems />
          <li>
            <NavLink to="/search-projects" className={navLinkClass}>
              Browse Projects
            </NavLink>
          </li>
        </ul>
      </nav>
    </details>
  );
}
