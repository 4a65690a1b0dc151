import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticateApiRequest } from "~/auth/guards.server";
import { ensureUser } from "~/models/user.server";
import { apiHandler, methodNotAllowed } from "~/utils/api.server";

/** POST /api/users/me/ensure: creates the caller's user on first call; says whether it is new. */
export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const caller = await authenticateApiRequest(request);
  const user = caller.identity ? await ensureUser(caller.identity) : caller.user!;
  return Response.json({ userId: user.userId, isNewUser: user.isNewUser });
});

export const loader = () => methodNotAllowed(["POST"]);
