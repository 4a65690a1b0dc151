import { jsonObjectFrom } from "kysely/helpers/postgres";
import { compiledOnce } from "#db/compiled-once";
import { type DB, keepPlan } from "#db/connection";
import type { JoinRequestStatus } from "#db/schema";
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
    .modifyEnd(keepPlan)
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
    .modifyEnd(keepPlan)
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

/** The viewer's latest join request for a project, as the project page words it. */
export interface LatestJoinRequest {
  requestId: string;
  status: JoinRequestStatus;
  decisionReason: string | null;
}

/**
 * How a signed-in person stands with a project: member (admin or not), and their latest join
 * request (pending, or how the last one ended: rejected and expired ones are shown to them).
 */
export async function viewerRelation(
  executor: DB,
  projectId: string,
  userId: string,
): Promise<{ membership: Membership | null; pendingRequest: boolean; latestRequest: LatestJoinRequest | null }> {
  // Both in one statement: a project page asks for it beside the project.
  const { member, latest } = await executor
    .selectNoFrom((eb) => [
      jsonObjectFrom(
        eb
          .selectFrom("project_members")
          .select(["is_admin", "role_in_project"])
          .where("project_id", "=", projectId)
          .where("user_id", "=", userId),
      ).as("member"),
      jsonObjectFrom(
        eb
          .selectFrom("join_requests")
          .select(["id", "status", "decision_reason"])
          .where("project_id", "=", projectId)
          .where("user_id", "=", userId)
          .orderBy("created_at", "desc")
          .limit(1),
      ).as("latest"),
    ])
    .modifyEnd(keepPlan)
    .executeTakeFirstOrThrow();
  const membership = member ? { isAdmin: member.is_admin, roleInProject: member.role_in_project } : null;
  const latestRequest = latest
    ? { requestId: latest.id, status: latest.status, decisionReason: latest.decision_reason }
    : null;
  return { membership, pendingRequest: latestRequest?.status === "Pending", latestRequest };
}

/**
 * Proof that the acting user is a member of a project, with what the work area needs to know of
 * both. Only the functions below make one, each with a single query, so a model function that
 * takes a ProjectAccess knows the check was done (for a screen: once per request, by the layout).
 */
export interface ProjectAccess {
  readonly actor: CurrentUser;
  readonly projectId: string;
  readonly projectName: string;
  readonly projectStatus: "Pending" | "InProgress" | "Completed" | null;
  readonly isAdmin: boolean;
  readonly roleInProject: string;
  /** The member muted the project's notifications (app/models/notification-mute.server.ts). */
  readonly notificationsMuted: boolean;
}

const FORBIDDEN_PROJECT = "Only members of this project can see this.";

/** The project with the actor's membership, and whether they muted it (work pages show the button). */
function projectWithMembership(executor: DB, userId: string) {
  return executor
    .selectFrom("projects as p")
    .leftJoin("project_members as pm", (join) => join.onRef("pm.project_id", "=", "p.id").on("pm.user_id", "=", userId))
    .select(["p.id as project_id", "p.name", "p.status", "pm.is_admin", "pm.role_in_project"])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom("project_notification_mutes as m")
            .select("m.user_id")
            .whereRef("m.project_id", "=", "p.id")
            .where("m.user_id", "=", userId),
        )
        .$castTo<boolean>()
        .as("notifications_muted"),
    )
    .where("p.kind", "=", "project");
}

function toAccess(
  actor: CurrentUser,
  row: {
    project_id: string;
    name: string;
    status: ProjectAccess["projectStatus"];
    is_admin: boolean | null;
    role_in_project: string | null;
    notifications_muted: boolean;
  },
): ProjectAccess {
  if (row.is_admin === null || row.role_in_project === null) throw new ForbiddenError(FORBIDDEN_PROJECT);
  return {
    actor,
    projectId: row.project_id,
    projectName: row.name,
    projectStatus: row.status,
    isAdmin: row.is_admin,
    roleInProject: row.role_in_project,
    notificationsMuted: row.notifications_muted,
  };
}

/** The actor's access to a project: NotFoundError when there is no such project, else ForbiddenError for non-members. */
export async function requireMemberAccess(executor: DB, actor: CurrentUser, projectId: string): Promise<ProjectAccess> {
  const {
    rows: [row],
  } = await executor.executeQuery(memberAccessQuery(executor, { userId: actor.userId, projectId }));
  if (!row) throw new NotFoundError("Project not found.");
  return toAccess(actor, row);
}

// Every work, task and forum page asks it: compiled once.
const memberAccessQuery = compiledOnce((executor, { userId, projectId }: { userId: string; projectId: string }) =>
  projectWithMembership(executor, userId).where("p.id", "=", projectId).modifyEnd(keepPlan),
);

/** Access to the project a task belongs to (one query): 404 for an unknown task, 403 for non-members. */
export async function requireTaskAccess(
  executor: DB,
  actor: CurrentUser,
  taskId: string,
): Promise<ProjectAccess & { taskId: string }> {
  const row = await projectWithMembership(executor, actor.userId)
    .innerJoin("tasks as t", "t.project_id", "p.id")
    .select("t.id as task_id")
    .where("t.id", "=", taskId)
    .modifyEnd(keepPlan)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Task not found.");
  return { ...toAccess(actor, row), taskId: row.task_id };
}

/** Access to the project a milestone belongs to (one query). */
export async function requireMilestoneAccess(
  executor: DB,
  actor: CurrentUser,
  milestoneId: string,
): Promise<ProjectAccess & { milestoneId: string }> {
  const row = await projectWithMembership(executor, actor.userId)
    .innerJoin("milestones as m", "m.project_id", "p.id")
    .select("m.id as milestone_id")
    .where("m.id", "=", milestoneId)
    .modifyEnd(keepPlan)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("Milestone not found.");
  return { ...toAccess(actor, row), milestoneId: row.milestone_id };
}
