import { sql } from "kysely";
import { compiledOnce } from "#db/compiled-once";
import { db, keepPlan } from "~/db.server";
import { causeOf } from "~/utils/project-cause";
import type { Cause } from "~/utils/project-cover";
import type { CurrentUser } from "~/models/user.server";
import type { JoinRequestStatus } from "#db/schema";
import { utcText } from "~/utils/utc";

/**
 * My Projects (spec section 3, Project (my projects)): the projects a user belongs to, and the
 * ones they asked to join (shown as Requested until an admin decides). A request that was rejected
 * or expired stays in view for RECENT_OUTCOME_DAYS, so silence reads as an answer (issue 13).
 */
export type WorkProjectStatus = "Pending" | "InProgress" | "Completed" | "Requested" | "Rejected" | "Expired";

const RECENT_OUTCOME_DAYS = 30;

export interface WorkProject {
  projectId: string;
  projectName: string;
  projectDescription: string;
  /** With the goals, what its cover is drawn from (as on its card and page). */
  tagline: string;
  goals: string[];
  /** The cause its cover names, as on its card and page. */
  coverCause: Cause;
  projectPictureUrl: string | null;
  projectStatus: WorkProjectStatus;
  createdAtUtc: string;
  durationDays: number | null;
  programmingLanguages: string[];
  technologies: string[];
  openRoles: { name: string; openPositions: number }[];
  repositoryUrl: string | null;
  isAdmin: boolean;
  roleInProject: string | null;
  /** Join requests waiting for a decision; counted for the project's admins only. */
  pendingRequestCount: number;
  /** A non-member's latest request (pending, or recently rejected or expired). */
  joinRequest: {
    requestId: string;
    status: JoinRequestStatus;
    decisionReason: string | null;
    /** When it was sent: the pending card says the role asked for and this date. */
    requestedAtUtc: string;
  } | null;
}

// My Projects asks it on every load: compiled once, its cut-off for recent answers an argument.
const myProjectsQuery = compiledOnce((executor, { userId, answeredSince }: { userId: string; answeredSince: Date }) =>
  executor
    .selectFrom("projects as p")
    .leftJoin("project_members as m", (join) => join.onRef("m.project_id", "=", "p.id").on("m.user_id", "=", userId))
    // The user's latest request per project, kept while pending or recently answered.
    .leftJoin(
      (eb) =>
        eb
          .selectFrom("join_requests as jr")
          .distinctOn("jr.project_id")
          .select([
            "jr.id as request_id",
            "jr.project_id",
            "jr.status as request_status",
            "jr.requested_role",
            "jr.decision_reason",
            "jr.decided_at",
            "jr.created_at as requested_at",
          ])
          .where("jr.user_id", "=", userId)
          .orderBy("jr.project_id")
          .orderBy("jr.created_at", "desc")
          .as("r"),
      (join) =>
        join
          .onRef("r.project_id", "=", "p.id")
          .on((eb) =>
            eb.or([
              eb("r.request_status", "=", "Pending"),
              eb.and([eb("r.request_status", "in", ["Rejected", "Expired"]), eb("r.decided_at", ">", answeredSince)]),
            ]),
          ),
    )
    .select([
      "p.id",
      "p.name",
      "p.description",
      "p.tagline",
      "p.goals",
      "p.picture_url",
      "p.status",
      "p.created_at",
      "p.duration_days",
      "p.programming_languages",
      "p.technologies",
      "p.repository_url",
      "m.is_admin",
      "m.role_in_project",
      "r.request_id",
      "r.request_status",
      "r.requested_role",
      "r.decision_reason",
      "r.requested_at",
      sql<{ name: string; openPositions: number }[]>`coalesce((
        select json_agg(json_build_object('name', pr.name, 'openPositions', pr.open_positions) order by pr.name)
        from project_roles pr where pr.project_id = p.id and pr.open_positions > 0
      ), '[]'::json)`.as("open_roles"),
      sql<number>`case when m.is_admin then (
        select count(*)::int from join_requests pending where pending.project_id = p.id and pending.status = 'Pending'
      ) else 0 end`.as("pending_request_count"),
    ])
    .where("p.kind", "=", "project")
    // Only the projects the user is in or asked to join, found by their user indexes: the left
    // joins alone made this a pass over the whole catalogue.
    .where("p.id", "in", (eb) =>
      eb
        .selectFrom("project_members")
        .select("project_id")
        .where("user_id", "=", userId)
        .union(eb.selectFrom("join_requests").select("project_id").where("user_id", "=", userId)),
    )
    .where((eb) => eb.or([eb("m.user_id", "is not", null), eb("r.request_id", "is not", null)]))
    .orderBy("p.created_at", "desc")
    .modifyEnd(keepPlan),
);

export async function listMyProjects(userId: string): Promise<WorkProject[]> {
  const answeredSince = new Date(Date.now() - RECENT_OUTCOME_DAYS * 24 * 60 * 60 * 1000);
  const { rows } = await db.executeQuery(myProjectsQuery(db, { userId, answeredSince }));
  return rows.map((row) => {
    const member = row.is_admin !== null;
    return {
      projectId: row.id,
      projectName: row.name,
      projectDescription: row.description,
      tagline: row.tagline,
      goals: row.goals,
      coverCause: causeOf({ name: row.name, tagline: row.tagline, description: row.description, goals: row.goals }),
      projectPictureUrl: row.picture_url,
      projectStatus: member ? (row.status ?? "Pending") : requestedStatus(row.request_status),
      createdAtUtc: utcText(row.created_at),
      durationDays: row.duration_days,
      programmingLanguages: row.programming_languages,
      technologies: row.technologies,
      openRoles: typeof row.open_roles === "string" ? JSON.parse(row.open_roles) : row.open_roles,
      repositoryUrl: row.repository_url,
      isAdmin: Boolean(row.is_admin),
      roleInProject: member ? row.role_in_project : row.requested_role,
      pendingRequestCount: row.pending_request_count,
      joinRequest:
        !member && row.request_id && row.request_status && row.requested_at
          ? {
              requestId: row.request_id,
              status: row.request_status,
              decisionReason: row.decision_reason,
              requestedAtUtc: utcText(row.requested_at),
            }
          : null,
    };
  });
}

function requestedStatus(status: JoinRequestStatus | null): WorkProjectStatus {
  return status === "Rejected" || status === "Expired" ? status : "Requested";
}

/** The same list for someone else's id: only what the public would see of their memberships. */
export async function listProjectsOfUser(_viewer: CurrentUser, userId: string): Promise<WorkProject[]> {
  return (await listMyProjects(userId))
    .filter((project) => project.joinRequest === null)
    .map((project) => ({ ...project, isAdmin: false, pendingRequestCount: 0 }));
}
