import {
  data,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLoaderData,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import stylesheet from "./app.css?url";
import { getOptionalUserWithBell } from "./auth/guards.server";
import { ErrorScreen } from "./components/error-screen";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { Toaster } from "./components/toaster";
import { pickLocale } from "./utils/dates";
import { useNonce } from "./utils/nonce";
import { TOO_MANY_REQUESTS } from "./http/rate-limit.server";
import { readToast } from "./http/toast.server";
import { wasWriteRefused } from "./http/write-limit.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Gainers Hub — real projects, real experience" },
  {
    name: "description",
    content: "Learners, mentors and nonprofits building software projects together.",
  },
];

/** A refusal's Retry-After (429 from a rate limit) reaches the browser with the error screen. */
export const headers: HeadersFunction = ({ errorHeaders }) => {
  const retryAfter = errorHeaders?.get("Retry-After");
  const headers = new Headers();
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/**
 * After a refused action Remix does not revalidate; a write refused by the limit (429) is the
 * exception, so the root reads the flash message saying why (http/write-limit.server.ts).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 429 || defaultShouldRevalidate;

/** Paths a signed-in person without a finished profile may still visit (spec section 4, guard). */
const ONBOARDING_PATHS = /^\/(choose-role|onboarding\/.*|logout|auth-callback|login|signin)$/;

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await getOptionalUserWithBell(request);
  const user = signedIn?.user ?? null;
  const { pathname } = new URL(request.url);
  if (user?.isNewUser && !ONBOARDING_PATHS.test(pathname)) throw redirect("/choose-role");
  // A write refused by the limit renders its page again: the message shows there (the flash waits).
  const { toast, headers } = wasWriteRefused(request)
    ? { toast: { type: "error" as const, message: TOO_MANY_REQUESTS }, headers: undefined }
    : await readToast(request);
  const bell = signedIn && !signedIn.user.isNewUser ? signedIn.bell : null;
  // Dates on every screen speak the person's language (utils/dates.ts).
  const locale = pickLocale(request.headers.get("Accept-Language"));
  return data({ user, bell, toast, locale, year: new Date().getFullYear() }, { headers });
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col font-sans">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
        >
          Skip to content
        </a>
        <SiteHeader user={root?.user ?? null} bell={root?.bell ?? null} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter year={root?.year ?? new Date().getFullYear()} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>();
  return (
    <>
      <Outlet />
      <Toaster toast={toast} />
    </>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
