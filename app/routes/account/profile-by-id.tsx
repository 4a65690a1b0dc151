import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { ErrorScreen } from "~/components/error-screen";
import { getUserRole } from "~/models/profile-view.server";
import { isId } from "~/utils/ids";

/** /profile/{id}: the person's page lives under their role (gainer when none is chosen yet). */
export async function loader({ params }: LoaderFunctionArgs) {
  if (!isId(params.id)) throw new Response("This is not a valid profile address.", { status: 400 });
  const role = await getUserRole(params.id);
  if (role === undefined) throw new Response("Profile not found.", { status: 404 });
  throw redirect(`/profile/${role ?? "gainer"}/${params.id}`);
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}
