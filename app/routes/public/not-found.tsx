import { ErrorScreen } from "~/components/error-screen";

/** Any address no route claims: a real 404 that the error screen renders. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
