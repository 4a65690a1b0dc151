import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import {
  linkRepository,
  startFromTemplate,
  startProject,
  validateRepositoryUrl,
} from "~/models/project-lifecycle.server";
import { getTaskDashboard } from "~/models/task.server";
import { taskBoardQuerySchema } from "~/schemas/task-board";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "~/utils/errors.server";
import { addMember, createProject, createUser, openPositions } from "../fixtures/factories";

describe("projects from templates", () => {
  it("copies the template into a Pending project owned by its creator, who takes a position", async () => {
    const templateId = await createProject({
      kind: "template",
      name: "Pantry Tracker",
      roles: { Developer: 2, Designer: 1 },
    });
    const creator = await createUser();
    await expect(startFromTemplate(creator, templateId, {})).rejects.toThrow("Please select a role");
    await expect(startFromTemplate(creator, templateId, { selectedRole: "Astronaut" })).rejects.toBeInstanceOf(
      ValidationError,
    );

    const { newProjectId } = await startFromTemplate(creator, templateId, { selectedRole: "Developer" });
    const project = await db
      .selectFrom("projects")
      .selectAll()
      .where("id", "=", newProjectId)
      .executeTakeFirstOrThrow();
    expect(project).toMatchObject({
      kind: "project",
      status: "Pending",
      name: "Pantry Tracker",
      template_id: templateId,
    });
    expect(await openPositions(newProjectId, "Developer")).toBe(1);
    expect(await openPositions(newProjectId, "Designer")).toBe(1);
    expect(await openPositions(templateId, "Developer")).toBe(2);
    const owner = await db
      .selectFrom("project_members")
      .select(["user_id", "is_admin", "role_in_project"])
      .where("project_id", "=", newProjectId)
      .execute();
    expect(owner).toEqual([{ user_id: creator.userId, is_admin: true, role_in_project: "Developer" }]);
  });

  it("a template without roles needs no role; running projects and unknown ids are not templates", async () => {
    const templateId = await createProject({ kind: "template", roles: {} });
    const creator = await createUser();
    const { newProjectId } = await startFromTemplate(creator, templateId, {});
    expect(newProjectId).toMatch(/^[0-9a-f-]{36}$/);
    const runningId = await createProject();
    await expect(startFromTemplate(creator, runningId, {})).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("starting a project", () => {
  it("only an admin starts it, only from Pending", async () => {
    const admin = await createUser();
    const member = await createUser();
    const projectId = await createProject({ admin, status: "Pending" });
    await addMember(projectId, member);
    await expect(startProject(member, projectId)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(startProject(await createUser(), projectId)).rejects.toBeInstanceOf(ForbiddenError);
    expect(await startProject(admin, projectId)).toEqual({ projectId, projectStatus: "InProgress" });
    await expect(startProject(admin, projectId)).rejects.toBeInstanceOf(ConflictError);
    const notified = await db
      .selectFrom("notifications")
      .select("event_name")
      .where("user_id", "=", member.userId)
      .execute();
    expect(notified).toEqual([{ event_name: "projectStarted" }]);
  });
});

describe("repository links", () => {
  it.each([
    ["https://github.com/octo/hello-world", true],
    ["https://www.github.com/octo/hello-world/", true],
    ["http://github.com/octo/hello.world", true],
    ["", false],
    ["github.com/octo/hello", false],
    ["https://gitlab.com/octo/hello", false],
    ["https://github.com/octo", false],
    ["https://github.com/octo/hello/tree/main", false],
  ])("validates %s as %s", (url, valid) => {
    expect(validateRepositoryUrl(url).isValid).toBe(valid);
  });

  it("says which rule failed", () => {
    expect(validateRepositoryUrl("").message).toBe("Please enter a repository URL.");
    expect(validateRepositoryUrl("nope").message).toBe("Please enter a valid GitHub repository URL.");
  });

  it("admins link and relink; others may not", async () => {
    const admin = await createUser();
    const projectId = await createProject({ admin });
    await expect(
      linkRepository(await createUser(), projectId, { url: "https://github.com/a/b" }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(linkRepository(admin, projectId, { url: "bad" })).rejects.toBeInstanceOf(ValidationError);
    await linkRepository(admin, projectId, { url: "https://www.github.com/octo/first/" });
    await linkRepository(admin, projectId, { url: "https://github.com/octo/second" });
    const repository = await db.selectFrom("repositories").selectAll().where("project_id", "=", projectId).execute();
    expect(repository).toHaveLength(1);
    expect(repository[0]).toMatchObject({ owner: "octo", name: "second", url: "https://github.com/octo/second" });
    const project = await db
      .selectFrom("projects")
      .select("repository_url")
      .where("id", "=", projectId)
      .executeTakeFirstOrThrow();
    expect(project.repository_url).toBe("https://github.com/octo/second");
  });
});

describe("task dashboard", () => {
  it("counts by status, sorts by priority, pages, and is for members only", async () => {
    const admin = await createUser();
    const projectId = await createProject({ admin });
    const milestone = await db
      .insertInto("milestones")
      .values({ project_id: projectId, title: "First release", target_date: new Date(Date.now() + 86_400_000) })
      .returning("id")
      .executeTakeFirstOrThrow();
    const tasks = [
      { title: "Low todo", status: "Todo", priority: "Low" },
      { title: "Critical blocked", status: "Blocked", priority: "Critical" },
      { title: "High doing", status: "InProgress", priority: "High" },
      { title: "Done medium", status: "Done", priority: "Medium" },
    ] as const;
    for (const task of tasks) {
      const row = await db
        .insertInto("tasks")
        .values({ project_id: projectId, milestone_id: milestone.id, ...task })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("subtasks")
        .values([
          { task_id: row.id, title: "one", is_done: true },
          { task_id: row.id, title: "two", is_done: false },
        ])
        .execute();
    }
    const board = await getTaskDashboard(admin, projectId, taskBoardQuerySchema.parse({}));
    expect(board.counts).toEqual({ todo: 1, inProgress: 1, blocked: 1, completed: 1 });
    expect(board.tasks.map((task) => task.title)).toEqual([
      "Critical blocked",
      "High doing",
      "Done medium",
      "Low todo",
    ]);
    expect(board.tasks[0]).toMatchObject({
      milestoneTitle: "First release",
      subtaskCount: 2,
      completedSubtaskCount: 1,
    });

    const page = await getTaskDashboard(admin, projectId, taskBoardQuerySchema.parse({ pageSize: "2", page: "2" }));
    expect(page.tasks.map((task) => task.title)).toEqual(["Done medium", "Low todo"]);
    expect(page.total).toBe(4);
    const blocked = await getTaskDashboard(admin, projectId, taskBoardQuerySchema.parse({ status: "Blocked" }));
    expect(blocked.tasks.map((task) => task.title)).toEqual(["Critical blocked"]);
    expect(blocked.total).toBe(1);

    await expect(
      getTaskDashboard(await createUser(), projectId, taskBoardQuerySchema.parse({})),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await expect(
      getTaskDashboard(admin, "00000000-0000-4000-8000-000000000000", taskBoardQuerySchema.parse({})),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});
