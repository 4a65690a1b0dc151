import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { loginUrl } from "~/utils/urls";

/**
 * The one error view, used by the root and by routes: the spec's texts for 401, 403 and 404,
 * and the crash screen for anything else. Both buttons work without JavaScript.
 */
const TEXTS: Record<number, { title: string; body: string }> = {
  400: { title: "Bad request", body: "The address or the form had something we could not read." },
  401: { title: "Authentication Required", body: "Please sign in to view this page." },
  403: { title: "Access Denied", body: "You do not have permission to view this page." },
  404: {
    title: "Page not found",
    body: "We could not find what you were looking for. It may have been moved or removed.",
  },
};

export function ErrorScreen() {
  const error = useRouteError();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  if (isRouteErrorResponse(error) && error.status < 500) {
    const text = TEXTS[error.status] ?? { title: "Something is not right", body: String(error.data ?? "") };
    const detail = typeof error.data === "string" && error.data && error.status !== 404 ? error.data : null;
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="error-title">
        <p className="text-sm font-semibold text-brand-600">{error.status}</p>
        <h1 id="error-title" className="mt-2 text-3xl font-bold">
          {text.title}
        </h1>
        <p className="mt-4 text-slate-600">{detail ?? text.body}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {error.status === 401 ? (
            <Link to={loginUrl(here)} className="btn-primary">
              Sign in
            </Link>
          ) : null}
          <Link to="/" className={error.status === 401 ? "btn-secondary" : "btn-primary"}>
            Return to Home
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
