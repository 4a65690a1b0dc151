import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { startFromTemplate } from "~/models/project-lifecycle.server";
import { createProject, createUser } from "../fixtures/factories";

/** Templates seed a whole project: milestones and first tasks with subtasks, dated from its start. */

const DAY = 86_400_000;
const todayUtc = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
};

async function templateWithPlan() {
  const templateId = await createProject({ kind: "template", name: "Pantry Tracker", roles: { Developer: 2 } });
  const [alpha, beta] = await db
    .insertInto("template_milestones")
    .values([
      { template_id: templateId, title: "Alpha", description: "First cut", offset_days: 7, order_index: 0 },
      { template_id: templateId, title: "Beta", offset_days: 21, order_index: 1 },
    ])
    .returning("id")
    .execute();
  await db
    .insertInto("template_tasks")
    .values([
      {
        template_id: templateId,
        template_milestone_id: alpha!.id,
        title: "Set up",
        description: "Repository and tools",
        priority: "High",
        type: "Chore",
        due_offset_days: 2,
        subtasks: ["Create the repository", "Write the README"],
        order_index: 0,
      },
      {
        template_id: templateId,
        template_milestone_id: beta!.id,
        title: "Build the list",
        due_offset_days: 20,
        subtasks: ["Split it up"],
        order_index: 1,
      },
      { template_id: templateId, title: "Someday", due_offset_days: null, order_index: 2 },
    ])
    .execute();
  return templateId;
}

async function planOf(projectId: string) {
  const milestones = await db
    .selectFrom("milestones")
    .selectAll()
    .where("project_id", "=", projectId)
    .orderBy("order_index")
    .execute();
  const tasks = await db
    .selectFrom("tasks as t")
    .leftJoin("milestones as m", "m.id", "t.milestone_id")
    .select([
      "t.id",
      "t.title",
      "t.status",
      "t.priority",
      "t.type",
      "t.due_at",
      "t.assignee_id",
      "m.title as milestone",
    ])
    .where("t.project_id", "=", projectId)
    .orderBy("t.title")
    .execute();
  const subtasks = await db
    .selectFrom("subtasks as s")
    .innerJoin("tasks as t", "t.id", "s.task_id")
    .select(["t.title as task", "s.title", "s.order_index", "s.is_done"])
    .where("t.project_id", "=", projectId)
    .orderBy("t.title")
    .orderBy("s.order_index")
    .execute();
  return { milestones, tasks, subtasks };
}

describe("starting a project from a template", () => {
  it("copies its milestones, tasks and subtasks, dated from today, Planned, Todo and unassigned", async () => {
    const templateId = await templateWithPlan();
    const creator = await createUser();
    const { newProjectId } = await startFromTemplate(creator, templateId, { selectedRole: "Developer" });
    const plan = await planOf(newProjectId);

    expect(plan.milestones.map((m) => [m.title, m.description, m.status, new Date(m.target_date).getTime()])).toEqual([
      ["Alpha", "First cut", "Planned", todayUtc() + 7 * DAY],
      ["Beta", "", "Planned", todayUtc() + 21 * DAY],
    ]);
    expect(
      plan.tasks.map((t) => [
        t.title,
        t.milestone,
        t.status,
        t.priority,
        t.type,
        t.assignee_id,
        t.due_at && new Date(t.due_at).getTime(),
      ]),
    ).toEqual([
      ["Build the list", "Beta", "Todo", "Medium", "Feature", null, todayUtc() + 20 * DAY],
      ["Set up", "Alpha", "Todo", "High", "Chore", null, todayUtc() + 2 * DAY],
      ["Someday", null, "Todo", "Medium", "Feature", null, null],
    ]);
    expect(plan.subtasks).toEqual([
      { task: "Build the list", title: "Split it up", order_index: 1, is_done: false },
      { task: "Set up", title: "Create the repository", order_index: 1, is_done: false },
      { task: "Set up", title: "Write the README", order_index: 2, is_done: false },
    ]);

    // The copies belong to the project: a second project gets its own, the template keeps its plan.
    const second = await startFromTemplate(await createUser(), templateId, { selectedRole: "Developer" });
    const again = await planOf(second.newProjectId);
    expect(again.tasks).toHaveLength(3);
    const firstIds = new Set([...plan.milestones.map((m) => m.id), ...plan.tasks.map((t) => t.id)]);
    expect([...again.milestones, ...again.tasks].some((row) => firstIds.has(row.id))).toBe(false);
    const templateMilestones = await db
      .selectFrom("template_milestones")
      .select("id")
      .where("template_id", "=", templateId)
      .execute();
    expect(templateMilestones).toHaveLength(2);
  });

  it("starts an empty project from a template without a plan", async () => {
    const templateId = await createProject({ kind: "template", roles: {} });
    const { newProjectId } = await startFromTemplate(await createUser(), templateId, {});
    expect(await planOf(newProjectId)).toEqual({ milestones: [], tasks: [], subtasks: [] });
  });
});
