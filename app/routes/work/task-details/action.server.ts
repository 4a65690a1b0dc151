import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data } from "@remix-run/node";
import { z } from "zod";
import { requireProjectAccess } from "~/auth/project-guard.server";
import type { ProjectAccess } from "~/models/membership.server";
import { addSubtask, deleteSubtask, renameSubtask, toggleSubtask } from "~/models/subtask.server";
import { addComment, deleteComment, editComment } from "~/models/task-comment.server";
import { assignTask, deleteTask, editTask, getTask, setTaskStatus } from "~/models/task.server";
import { claimReview, decideReview, releaseReview, requestReview } from "~/models/task-review.server";
import { editTaskSchema, TASK_STATUS_LABELS } from "~/schemas/task";
import { commentSchema } from "~/schemas/task-comment";
import { reviewDecisionSchema, reviewRequestSchema } from "~/schemas/task-review";
import { asDomainError, invariantResponse } from "~/utils/errors.server";
import { readForm, replyWithError } from "~/utils/forms.server";
import { idSchema, isId } from "~/utils/ids";
import { redirectWithToast } from "~/http/toast.server";

/**
 * The task page's forms: one zod union keyed on `intent` (DESIGN: Teamwork). Forms with fields
 * (edit, comment) answer a failed check with their field errors (400) so the page shows them in
 * place, JavaScript or not; the others redirect back with a toast (post/redirect/get).
 */
const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), status: z.string(), overrideReview: z.literal("true").optional() }),
  z.object({ intent: z.literal("edit-task") }),
  z.object({ intent: z.literal("assign"), assigneeId: z.string().optional() }),
  z.object({ intent: z.literal("delete-task") }),
  z.object({ intent: z.literal("add-subtask"), title: z.string().default("") }),
  z.object({ intent: z.literal("toggle-subtask"), subtaskId: idSchema, done: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("rename-subtask"), subtaskId: idSchema, title: z.string().default("") }),
  z.object({ intent: z.literal("delete-subtask"), subtaskId: idSchema }),
  z.object({ intent: z.literal("add-comment") }),
  z.object({ intent: z.literal("edit-comment"), commentId: idSchema }),
  z.object({ intent: z.literal("delete-comment"), commentId: idSchema }),
  z.object({ intent: z.literal("request-review") }),
  z.object({ intent: z.literal("claim-review") }),
  z.object({ intent: z.literal("release-review") }),
  z.object({ intent: z.literal("decide-review") }),
]);
type Intent = z.infer<typeof intentSchema>;

const FAILURE_TEXT: Record<Intent["intent"], string> = {
  status: "Failed to update task",
  "edit-task": "Failed to update task",
  assign: "Failed to assign task",
  "delete-task": "Failed to delete task",
  "add-subtask": "Failed to create subtask",
  "toggle-subtask": "Failed to toggle subtask",
  "rename-subtask": "Failed to update subtask",
  "delete-subtask": "Failed to delete subtask",
  "add-comment": "Failed to add comment",
  "edit-comment": "Failed to update comment",
  "delete-comment": "Failed to delete comment",
  "request-review": "Failed to request a review",
  "claim-review": "Failed to claim the review",
  "release-review": "Failed to release the review",
  "decide-review": "Failed to save the review",
};

/** The forms with fields of their own, answered with conform's reply when a check fails. */
const FIELD_FORMS = ["edit-task", "add-comment", "edit-comment", "request-review", "decide-review"] as const;
type FieldIntent = Extract<Intent, { intent: (typeof FIELD_FORMS)[number] }>;
const FIELD_SCHEMAS: Record<FieldIntent["intent"], z.ZodTypeAny> = {
  "edit-task": editTaskSchema,
  "add-comment": commentSchema,
  "edit-comment": commentSchema,
  "request-review": reviewRequestSchema,
  "decide-review": reviewDecisionSchema,
};
const isFieldForm = (form: Intent): form is FieldIntent => (FIELD_FORMS as readonly string[]).includes(form.intent);

export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireProjectAccess(request, params.projectId);
  invariantResponse(isId(params.taskId), "This task address is not valid.");
  const taskId = params.taskId;
  const formData = await readForm(request);
  const parsed = intentSchema.safeParse(Object.fromEntries(formData));
  invariantResponse(parsed.success, "This form is missing what it needs.");
  const form = parsed.data;
  const here = `/work/projects/${access.projectId}/tasks/${taskId}`;
  // The task must be this project's (a task id from another project is 404 here).
  const task = await getTask(access.actor, taskId).catch((error: unknown) => {
    if (asDomainError(error)) throw new Response("Task not found.", { status: 404 });
    throw error;
  });
  if (task.projectId !== access.projectId) throw new Response("Task not found.", { status: 404 });

  if (isFieldForm(form)) return fieldForm(access, taskId, form, formData, here);
  // Fetchers (JavaScript) want an answer in place; plain forms get post/redirect/get.
  const inPlace = formData.get("via") === "fetcher";
  try {
    const message = await runIntent(access, taskId, form);
    if (form.intent === "delete-task") {
      return redirectWithToast(`/work/projects/${access.projectId}?tab=tasks&assignee=anyone`, {
        type: "success",
        message: `Task "${task.title}" deleted.`,
      });
    }
    if (inPlace) return data({ ok: true as const, toast: null });
    return redirectWithToast(here, message ? { type: "success", message } : { type: "info", message: "Saved." });
  } catch (error) {
    const known = asDomainError(error);
    if (!known) throw error;
    const toast = { type: "error" as const, message: known.message || FAILURE_TEXT[form.intent] };
    if (inPlace) return data({ ok: false as const, toast }, { status: known.status });
    return redirectWithToast(here, toast);
  }
}

/** The intents without fields of their own to show errors on; the toast's text, if any. */
async function runIntent(access: ProjectAccess, taskId: string, form: Intent): Promise<string | null> {
  const actor = access.actor;
  switch (form.intent) {
    case "status": {
      const updated = await setTaskStatus(actor, taskId, { status: form.status, overrideReview: form.overrideReview });
      return form.overrideReview
        ? "Marked done over the open review (admin override, recorded in the history)."
        : `Status changed to ${TASK_STATUS_LABELS[updated.status]}.`;
    }
    case "claim-review":
      await claimReview(actor, taskId);
      return "You claimed this review: it is yours to approve or ask for changes.";
    case "release-review":
      await releaseReview(actor, taskId);
      return "Review released: it waits for a mentor again.";
    case "assign": {
      const updated = await assignTask(actor, taskId, { assigneeId: form.assigneeId || undefined });
      return updated.assigneeName ? `Assigned to ${updated.assigneeName}.` : "Task unassigned.";
    }
    case "delete-task":
      await deleteTask(actor, taskId);
      return null;
    case "add-subtask":
      await addSubtask(actor, taskId, { title: form.title });
      return null;
    case "toggle-subtask":
      await toggleSubtask(actor, taskId, form.subtaskId, form.done === "true");
      return null;
    case "rename-subtask":
      await renameSubtask(actor, taskId, form.subtaskId, { title: form.title });
      return null;
    case "delete-subtask":
      await deleteSubtask(actor, taskId, form.subtaskId);
      return "Subtask deleted.";
    case "delete-comment":
      await deleteComment(actor, taskId, form.commentId);
      return "Comment deleted.";
    default:
      return null;
  }
}

/** Edit task, add or edit a comment: conform's reply with field errors, or back to the page. */
async function fieldForm(access: ProjectAccess, taskId: string, form: FieldIntent, formData: FormData, here: string) {
  const submission = parseWithZod(formData, { schema: FIELD_SCHEMAS[form.intent] });
  const formId = form.intent === "edit-comment" ? `edit-comment-${form.commentId}` : form.intent;
  if (submission.status !== "success") return data({ formId, result: submission.reply() }, { status: 400 });
  try {
    if (form.intent === "edit-task") {
      await editTask(access.actor, taskId, submission.value);
      return redirectWithToast(here, { type: "success", message: "Task saved." });
    }
    if (form.intent === "request-review") {
      await requestReview(access.actor, taskId, submission.value);
      return redirectWithToast(`${here}#review-title`, {
        type: "success",
        message: "Review requested: the mentors are told.",
      });
    }
    if (form.intent === "decide-review") {
      const round = await decideReview(access.actor, taskId, submission.value);
      const message = round.state === "approved" ? "Approved." : "Changes requested: it is back with the assignee.";
      return redirectWithToast(`${here}#review-title`, { type: "success", message });
    }
    if (form.intent === "edit-comment") {
      await editComment(access.actor, taskId, form.commentId, submission.value);
      return redirectWithToast(`${here}#comment-${form.commentId}`, { type: "success", message: "Comment saved." });
    }
    const comment = await addComment(access.actor, taskId, submission.value);
    // The newest comment is on the last page, which the page opens on.
    return redirectWithToast(`${here}#comment-${comment.commentId}`, { type: "success", message: "Comment added." });
  } catch (error) {
    return replyWithError(submission, error, FAILURE_TEXT[form.intent], { formId });
  }
}

/** What a failed field form answers: which form, and conform's reply with the errors. */
export interface TaskPageActionData {
  formId?: string;
  result?: SubmissionResult<string[]>;
}
