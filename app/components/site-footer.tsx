import { Link } from "@remix-run/react";

/** The footer: the year comes from the server's render, so it is right without JavaScript. */
export function SiteFooter({ year }: { year: number }) {
  const linkClass = "inline-flex min-h-11 items-center hover:text-ink hover:underline";
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="container-page flex flex-col gap-2 py-6 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
        <p>© {year} Gainers Hub</p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5">
            <li>
              <Link to="/about" className={linkClass}>
                About
              </Link>
            </li>
            <li>
              <Link to="/contact" className={linkClass}>
                Contact
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClass}>
                Terms
              </Link>
            </li>
            <li>
              <a
                href="https://www.linkedin.com/company/gainers-hub"
                target="_blank"
                rel="noopener noreferrer"
                className={linkClass}
              >
                LinkedIn<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
