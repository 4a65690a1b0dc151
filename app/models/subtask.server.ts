import { sql } from "kysely";
import { db } from "~/db.server";
import type { CurrentUser } from "~/models/user.server";
import { newSubtaskSchema, subtaskRenameSchema } from "~/schemas/task";
import { NotFoundError } from "~/utils/errors.server";
import { parseOrThrow } from "~/utils/validation.server";
import { requireTaskAccess } from "./membership.server";
import type { Subtask } from "./task.server";
import { recordTaskEvents } from "./task-event.server";

/**
 * A task's checklist (spec section 4, Subtask): add (trimmed, orderIndex = max + 1), toggle,
 * rename, delete. Members of the task's project only.
 */

const columns = ["id", "title", "description", "is_done", "order_index"] as const;

function toSubtask(row: {
  id: string;
  title: string;
  description: string;
  is_done: boolean;
  order_index: number;
}): Subtask {
  return {
    subtaskId: row.id,
    title: row.title,
    description: row.description,
    isDone: row.is_done,
    orderIndex: row.order_index,
  };
}

export async function addSubtask(actor: CurrentUser, taskId: string, input: unknown): Promise<Subtask> {
  const { title, description } = parseOrThrow(newSubtaskSchema, input);
  return db.transaction().execute(async (trx) => {
    await requireTaskAccess(trx, actor, taskId);
    // Lock the task so two adds at once cannot take the same orderIndex.
    await trx.selectFrom("tasks").select("id").where("id", "=", taskId).forUpdate().execute();
    const row = await trx
      .insertInto("subtasks")
      .values({
        task_id: taskId,
        title,
        description,
        order_index: sql<number>`(select coalesce(max(order_index), 0) + 1 from subtasks where task_id = ${taskId})`,
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    await recordTaskEvents(trx, taskId, actor.userId, [
      { kind: "subtask_added", detail: { subtaskId: row.id, title: row.title } },
    ]);
    return toSubtask(row);
  });
}

async function changeSubtask(
  actor: CurrentUser,
  taskId: string,
  subtaskId: string,
  change: (trx: typeof db) => Promise<Parameters<typeof toSubtask>[0] | undefined>,
): Promise<Subtask> {
  return db.transaction().execute(async (trx) => {
    await requireTaskAccess(trx, actor, taskId);
    const row = await change(trx);
    if (!row) throw new NotFoundError("Subtask not found.");
    return toSubtask(row);
  });
}

/**
 * Flips isDone (PUT /api/tasks/{id}/subtasks/{subtaskId}/toggle), or sets it when `done` is given.
 * Checking one off goes into the task's history (setting done on a done one changes nothing).
 */
export async function toggleSubtask(actor: CurrentUser, taskId: string, subtaskId: string, done?: boolean) {
  return changeSubtask(actor, taskId, subtaskId, async (trx) => {
    const before = await trx
      .selectFrom("subtasks")
      .select("is_done")
      .where("id", "=", subtaskId)
      .where("task_id", "=", taskId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return undefined;
    const row = await trx
      .updateTable("subtasks")
      .set({ is_done: done === undefined ? !before.is_done : done })
      .where("id", "=", subtaskId)
      .returning(columns)
      .executeTakeFirstOrThrow();
    if (row.is_done && !before.is_done) {
      await recordTaskEvents(trx, taskId, actor.userId, [
        { kind: "subtask_done", detail: { subtaskId, title: row.title } },
      ]);
    }
    return row;
  });
}

/** Renames a subtask; an empty title is refused (the screen then shows the old one again). */
export async function renameSubtask(actor: CurrentUser, taskId: string, subtaskId: string, input: unknown) {
  const { title } = parseOrThrow(subtaskRenameSchema, input);
  return changeSubtask(actor, taskId, subtaskId, (trx) =>
    trx
      .updateTable("subtasks")
      .set({ title })
      .where("id", "=", subtaskId)
      .where("task_id", "=", taskId)
      .returning(columns)
      .executeTakeFirst(),
  );
}

export async function deleteSubtask(actor: CurrentUser, taskId: string, subtaskId: string): Promise<void> {
  await changeSubtask(actor, taskId, subtaskId, (trx) =>
    trx
      .deleteFrom("subtasks")
      .where("id", "=", subtaskId)
      .where("task_id", "=", taskId)
      .returning(columns)
      .executeTakeFirst(),
  );
}
