import { sql } from "kysely";
import { db } from "~/db.server";
import { awardAchievements } from "~/models/achievement.server";
import { queueProjectEmbedding } from "~/jobs/embed-projects.server";
import { queueRepositorySync } from "~/jobs/sync-repository.server";
import { logger } from "~/logger.server";
import type { CurrentUser } from "~/models/user.server";
import { templateStartSchema } from "~/schemas/join-request";
import { INVALID_REPOSITORY_MESSAGE, parseRepositoryUrl, repositoryUrlSchema } from "~/schemas/repository";
import { ConflictError, NotFoundError, ValidationError } from "~/utils/errors.server";
import { parseOrThrow } from "~/utils/validation.server";
import { requireProjectAdmin } from "./membership.server";
import { notifyProjectMembers } from "./notification.server";
import { copyTemplatePlan, startOfDayUtc } from "./template-plan.server";

/**
 * A project's life: started from a template (Pending, the creator owns it), linked to a
 * repository, started by an admin (InProgress), later Completed.
 */

/**
 * Copies a template into a new Pending project whose creator is its owner and admin. When the
 * template has roles, the creator picks one and takes one of its open positions. The project
 * begins with the template's plan (milestones, tasks, subtasks), dated from today, unassigned.
 */
export async function startFromTemplate(
  actor: CurrentUser,
  templateId: string,
  input: unknown,
): Promise<{ newProjectId: string }> {
  const { selectedRole } = parseOrThrow(templateStartSchema, input);
  const created = await db.transaction().execute(async (trx) => {
    const template = await trx
      .selectFrom("projects")
      .selectAll()
      .where("id", "=", templateId)
      .where("kind", "=", "template")
      .executeTakeFirst();
    if (!template) throw new NotFoundError("Template not found.");
    const roles = await trx
      .selectFrom("project_roles")
      .select(["name", "open_positions"])
      .where("project_id", "=", templateId)
      .orderBy("name")
      .execute();
    if (roles.length > 0 && (!selectedRole || !roles.some((role) => role.name === selectedRole))) {
      throw new ValidationError("Please select a role", { selectedRole: ["Please select a role"] });
    }
    const project = await trx
      .insertInto("projects")
      .values({
        kind: "project",
        status: "Pending",
        template_id: template.id,
        name: template.name,
        tagline: template.tagline,
        description: template.description,
        difficulty: template.difficulty,
        duration_days: template.duration_days,
        picture_url: template.picture_url,
        technologies: template.technologies,
        programming_languages: template.programming_languages,
        goals: template.goals,
        scope: template.scope,
        // Same text, same meaning: the template's search vector serves the copy.
        embedding: template.embedding,
        remote_embedding: template.remote_embedding,
        remote_embedding_model: template.remote_embedding_model,
        created_by: actor.userId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (roles.length > 0) {
      await trx
        .insertInto("project_roles")
        .values(
          roles.map((role) => ({
            project_id: project.id,
            name: role.name,
            open_positions: role.name === selectedRole ? Math.max(0, role.open_positions - 1) : role.open_positions,
          })),
        )
        .execute();
    }
    await trx
      .insertInto("project_members")
      .values({
        project_id: project.id,
        user_id: actor.userId,
        role_in_project: selectedRole ?? "Project Owner",
        is_admin: true,
      })
      .execute();
    await copyTemplatePlan(trx, template.id, project.id, actor.userId, startOfDayUtc());
    await awardAchievements(trx, actor.userId);
    return { newProjectId: project.id };
  });
  // The copy carries the template's vectors; a template without them gets them with its copy later.
  await queueProjectEmbedding(created.newProjectId).catch((error: unknown) =>
    logger.warn({ err: error, projectId: created.newProjectId }, "the new project's search vectors were not queued"),
  );
  return created;
}

/** Pending becomes InProgress (shown as Active). Admins only. */
export async function startProject(
  actor: CurrentUser,
  projectId: string,
): Promise<{ projectId: string; projectStatus: "InProgress" }> {
  await db.transaction().execute(async (trx) => {
    const project = await requireProjectAdmin(
      trx,
      actor,
      projectId,
      "Only project administrators can start this project.",
    );
    const started = await trx
      .updateTable("projects")
      .set({ status: "InProgress", start_date: sql`current_date`, updated_at: new Date() })
      .where("id", "=", projectId)
      .where("status", "=", "Pending")
      .returning("id")
      .executeTakeFirst();
    if (!started)
      throw new ConflictError(
        `Only a pending project can be started; this one is ${project.status === "InProgress" ? "already active" : "completed"}.`,
      );
    await notifyProjectMembers(trx, { projectId, projectName: project.name }, actor.userId, {
      eventName: "projectStarted",
      title: "Project started",
      message: `${actor.fullName || "An admin"} started ${project.name}; its work area is open.`,
      link: `/projects/${projectId}/tasks`,
      data: { projectId, projectName: project.name },
    });
  });
  return { projectId, projectStatus: "InProgress" };
}

/** The server's answer to "is this a repository address?" (POST /api/github/validate-url). */
export function validateRepositoryUrl(url: unknown): { isValid: boolean; message: string } {
  const parsed = repositoryUrlSchema.safeParse({ url });
  if (parsed.success) return { isValid: true, message: "Valid GitHub repository URL." };
  return { isValid: false, message: parsed.error.issues[0]?.message ?? INVALID_REPOSITORY_MESSAGE };
}

/** Links (or relinks) a project's GitHub repository. Admins only. */
export async function linkRepository(
  actor: CurrentUser,
  projectId: string,
  input: unknown,
): Promise<{ projectId: string; repositoryUrl: string }> {
  const { url } = parseOrThrow(repositoryUrlSchema, input);
  const repository = parseRepositoryUrl(url)!;
  await db.transaction().execute(async (trx) => {
    await requireProjectAdmin(trx, actor, projectId, "Only project administrators can connect a repository.");
    await trx
      .insertInto("repositories")
      .values({ project_id: projectId, url: repository.url, owner: repository.owner, name: repository.name })
      .onConflict((conflict) =>
        conflict.column("project_id").doUpdateSet({
          url: repository.url,
          owner: repository.owner,
          name: repository.name,
          full_name: null,
          fetched_at: null,
        }),
      )
      .execute();
    await trx
      .updateTable("projects")
      .set({ repository_url: repository.url, updated_at: new Date() })
      .where("id", "=", projectId)
      .execute();
    await awardAchievements(trx, actor.userId);
  });
  // The Code tab fills in on its own; a sync that cannot be queued now waits for 'Sync now' or the schedule.
  await queueRepositorySync(projectId).catch((error: unknown) =>
    logger.warn({ err: error, projectId }, "the first sync of a linked repository was not queued"),
  );
  return { projectId, repositoryUrl: repository.url };
}
