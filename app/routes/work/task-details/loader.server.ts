import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireProjectAccess } from "~/auth/project-guard.server";
import { pageTaskComments } from "~/models/task-comment.server";
import { pageTaskEvents } from "~/models/task-event.server";
import { listReviewRounds, reviewRights } from "~/models/task-review.server";
import { db } from "~/db.server";
import { getTaskInProject, taskFormOptions, taskRights } from "~/models/task.server";
import { COMMENTS_PER_PAGE, EVENTS_PER_PAGE, RECENT_EVENTS } from "~/schemas/task-comment";
import { invariantResponse, orErrorScreen } from "~/utils/errors.server";
import { isId } from "~/utils/ids";
import { readTaskPageState } from "./url-state";

/**
 * The task page's data: the task with its subtasks, what the viewer may do, the choices of the
 * edit and assign forms, a page of comments, the history and the mentor review's rounds. A fixed number of queries, however
 * many subtasks, comments and events the task has.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const access = await requireProjectAccess(request, params.projectId);
  invariantResponse(isId(params.taskId), "This task address is not valid.");
  const taskId = params.taskId;
  const state = readTaskPageState(new URL(request.url).searchParams);
  // The layout checked the access: the task and all it shows are read at once.
  const [{ task, createdBy }, options, comments, history, reviewRounds] = await Promise.all([
    orErrorScreen(getTaskInProject(access, taskId)),
    taskFormOptions(access),
    pageTaskComments(access, taskId, { page: state.commentsPage ?? "last", pageSize: COMMENTS_PER_PAGE }),
    state.historyPage
      ? pageTaskEvents(taskId, { page: state.historyPage, pageSize: EVENTS_PER_PAGE })
      : pageTaskEvents(taskId, { page: 1, pageSize: RECENT_EVENTS }),
    listReviewRounds(db, taskId),
  ]);
  const rights = taskRights(access, createdBy);
  return {
    task,
    userId: access.actor.userId,
    canDelete: rights.canDelete,
    review: { rounds: reviewRounds, rights: reviewRights(access, task, reviewRounds[0] ?? null) },
    members: options.members,
    milestones: options.milestones,
    comments,
    history,
    state: {
      ...state,
      editSubtask: task.subtasks.some((s) => s.subtaskId === state.editSubtask) ? state.editSubtask : null,
      editComment: comments.items.some((c) => c.commentId === state.editComment && c.canEdit)
        ? state.editComment
        : null,
    },
    deletingSubtask: task.subtasks.find((s) => s.subtaskId === state.deleteSubtask) ?? null,
    deletingComment: comments.items.find((c) => c.commentId === state.deleteComment && c.canDelete) ?? null,
  };
}

export type TaskPageData = Awaited<ReturnType<typeof loader>>;
