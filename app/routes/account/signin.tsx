import { type LoaderFunctionArgs, redirect } from "@remix-run/node";

/** The old client's /signin: sign-in lives at /login (DESIGN, notification targets). */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  throw redirect(`/login${url.search}`);
}
