import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { getOptionalUser } from "~/auth/guards.server";
import { destroyUserSession } from "~/auth/session.server";

export const meta: MetaFunction = () => [{ title: "Log out · Gainers Hub" }];

/** Sign-out ends the session server-side and goes to the site root. */
export async function action({ request }: ActionFunctionArgs) {
  return destroyUserSession(request, "/");
}

/** A plain link to /logout asks first, so a stray GET never signs anyone out. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getOptionalUser(request))) throw redirect("/");
  return null;
}

export default function Logout() {
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">Log out?</h1>
      <Form method="post" className="mt-6">
        <button
          type="submit"
          className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-5 font-semibold text-white"
        >
          Log Out
        </button>
      </Form>
    </div>
  );
}
