import type { DB } from "#db/connection";
import type { CurrentUser } from "~/models/user.server";
import { ForbiddenError, NotFoundError } from "~/utils/errors.server";

/** Who belongs to a project and who may run it: the checks every project operation starts with. */
export interface Membership {
  isAdmin: boolean;
  roleInProject: string;
}

export async function getMembership(executor: DB, projectId: string, userId: string): Promise<Membership | null> {
  const row = await executor
    .selectFrom("project_members")
    .select(["is_admin", "role_in_project"])
    .where("project_id", "=", projectId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ? { isAdmin: row.is_admin, roleInProject: row.role_in_project } : null;
}

/** The project (running, not a template) or NotFoundError. */
export async function requireProject(executor: DB, projectId: string) {
  const project = await executor
    .selectFrom("projects")
    .select(["id", "name", "status", "kind", "repository_url"])
    .where("id", "=", projectId)
    .where("kind", "=", "project")
    .executeTakeFirst();
  if (!project) throw new NotFoundError("Project not found.");
  return project;
}

export async function requireProjectAdmin(
  executor: DB,
  actor: CurrentUser,
  projectId: string,
  message = "Only project administrators can do this.",
) {
  const project = await requireProject(executor, projectId);
  const membership = await getMembership(executor, projectId, actor.userId);
  if (!membership?.isAdmin) throw new ForbiddenError(message);
  return project;
}

export async function requireProjectMember(executor: DB, actor: CurrentUser, projectId: string) {
  const project = await requireProject(executor, projectId);
  const membership = await getMembership(executor, projectId, actor.userId);
  if (!membership) throw new ForbiddenError("Only members of this project can see this.");
  return { project, membership };
}

export async function projectAdminIds(executor: DB, projectId: string): Promise<string[]> {
  const rows = await executor
    .selectFrom("project_members")
    .select("user_id")
    .where("project_id", "=", projectId)
    .where("is_admin", "=", true)
    .execute();
  return rows.map((row) => row.user_id);
}

/** How a signed-in person stands with a project: member (admin or not), asked to join, or neither. */
export async function viewerRelation(
  executor: DB,
  projectId: string,
  userId: string,
): Promise<{ membership: Membership | null; pendingRequest: boolean }> {
  const [membership, pending] = await Promise.all([
    getMembership(executor, projectId, userId),
    executor
      .selectFrom("join_requests")
      .select("id")
      .where("project_id", "=", projectId)
      .where("user_id", "=", userId)
      .where("status", "=", "Pending")
      .executeTakeFirst(),
  ]);
  return { membership, pendingRequest: Boolean(pending) };
}
