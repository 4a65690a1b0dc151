import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { loginUrl } from "~/utils/urls";

/**
 * The one error view, used by the root and by routes: the spec's texts for 401, 403 and 404,
 * the refusal's own words for other 4xx, and the crash screen for anything else. A route may
 * word a status its own way (a profile says 'Profile not found.') and name where 'back' is.
 * Every button works without JavaScript.
 */
export interface ErrorText {
  title: string;
  body?: string;
}

const TEXTS: Record<number, ErrorText> = {
  400: { title: "This request could not be read", body: "The address or the form had something we could not read." },
  401: { title: "Authentication Required", body: "Please sign in to view this page." },
  403: { title: "Access Denied", body: "You do not have permission to view this page." },
  404: {
    title: "Page not found",
    body: "We could not find what you were looking for. It may have been moved or removed.",
  },
  405: { title: "Method not allowed.", body: "This page cannot be used that way." },
  413: { title: "Too large", body: "What was sent is larger than this page accepts." },
  415: { title: "Unsupported form", body: "This form must be sent as a web form." },
  429: { title: "Too many requests", body: "Please try again in a moment." },
};

export function ErrorScreen({
  texts = {},
  back = { to: "/", label: "Return to Home" },
}: {
  /** Per-status wording of this route; `body` falls back to the refusal's own message. */
  texts?: Partial<Record<number, ErrorText>>;
  /** The main way out. */
  back?: { to: string; label: string };
}) {
  const error = useRouteError();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  if (isRouteErrorResponse(error) && error.status < 500) {
    const message = typeof error.data === "string" && error.data.trim() ? error.data : null;
    const own = texts[error.status];
    const general = TEXTS[error.status] ?? { title: "Something is not right" };
    // A refusal's own words say what happened ('This project address is not valid.').
    const title = own?.title ?? (error.status === 400 && message ? message : general.title);
    const body = own?.body ?? (message && message !== title && error.status !== 404 ? message : general.body);
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="error-title">
        <p className="text-sm font-semibold text-brand-700">Error {error.status}</p>
        <h1 id="error-title" className="mt-2 text-3xl font-bold">
          {title}
        </h1>
        {body ? <p className="mt-4 text-slate-600">{body}</p> : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {error.status === 401 ? (
            <Link to={loginUrl(here)} className="btn-primary">
              Sign in
            </Link>
          ) : null}
          <Link to={back.to} className={error.status === 401 ? "btn-secondary" : "btn-primary"}>
            {back.label}
          </Link>
          <Link to="/search-projects" className="btn-secondary">
            Browse Projects
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="error-title" role="alert">
      <h1 id="error-title" className="text-3xl font-bold">
        Something went wrong.
      </h1>
      <p className="mt-4 text-slate-600">
        We encountered an unexpected error. This has been logged and we&apos;re working to fix it.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* Try Again reloads the data of this page through the router; Reload Page is a full load. */}
        <Link to={here} reloadDocument={false} replace className="btn-primary">
          Try Again
        </Link>
        <a href={here} className="btn-secondary">
          Reload Page
        </a>
      </div>
    </section>
  );
}
