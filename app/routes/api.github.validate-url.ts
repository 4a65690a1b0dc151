import type { ActionFunctionArgs } from "@remix-run/node";
import { validateRepositoryUrl } from "~/models/project-lifecycle.server";
import { apiHandler, methodNotAllowed, readJson } from "~/utils/api.server";

/** POST /api/github/validate-url {url}: {isValid, message}. Needs no sign-in; stores nothing. */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = (await readJson(request)) as { url?: unknown };
  return Response.json(validateRepositoryUrl(body?.url));
});

export const loader = () => methodNotAllowed(["POST"]);
