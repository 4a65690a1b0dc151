import { db } from "~/db.server";
import { type ProjectAccess, requireMemberAccess } from "~/models/membership.server";
import { orErrorScreen } from "~/utils/errors.server";
import { isId } from "~/utils/ids";
import { oncePerRequest } from "~/utils/request-scope.server";
import { requireUser } from "./guards.server";

/**
 * The work area's guard: the signed-in member's access to `/work/projects/$projectId` and all
 * its children. Signed out: to sign-in and back. A malformed id is 400, an unknown project 404,
 * a non-member 403 (error screens). The layout and its child routes all call it; the check runs
 * once per request (the loaders of one request share the answer: each gets its own Request).
 */
export async function requireProjectAccess(request: Request, projectId: string | undefined): Promise<ProjectAccess> {
  const user = await requireUser(request);
  if (!isId(projectId)) throw new Response("This project address is not valid.", { status: 400 });
  return oncePerRequest(request, `project-access:${user.userId}:${projectId}`, () =>
    orErrorScreen(requireMemberAccess(db, user, projectId)),
  );
}
