import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { ConfirmDelete } from "~/components/confirm-delete";
import { UrlDialog } from "~/components/url-dialog";
import { ProjectTabs } from "~/components/work/project-tabs";
import { TaskForm } from "~/components/work/task-form";
import { ReviewPanel } from "~/components/work/task-page/review-panel";
import { Subtasks } from "~/components/work/task-page/subtask-list";
import { TaskComments } from "~/components/work/task-page/task-comments";
import { TaskHistory } from "~/components/work/task-page/task-history";
import { TaskSummary } from "~/components/work/task-page/task-summary";
import { useHydrated } from "~/hooks/use-hydrated";
import { WorkErrorScreen } from "./project-layout";
import type { TaskPageActionData } from "./task-details/action.server";
import type { loader } from "./task-details/loader.server";
import { taskPageHref } from "./task-details/url-state";
import { usePendingIntent } from "~/hooks/use-pending-intent";

/**
 * Task details (`/work/projects/$projectId/tasks/$taskId`): the task (edit, assign, status,
 * delete), its subtasks, its discussion and its history. The loader and the multi-intent action
 * live in ./task-details/, the parts of the page in components/work/task-page/; this module
 * puts them together with the page's URL-state dialogs.
 */
export { loader } from "./task-details/loader.server";
export { action } from "./task-details/action.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.task.title} · Gainers Hub` : "Task · Gainers Hub" },
];

export default function TaskDetails() {
  const {
    task,
    userId,
    canDelete,
    review,
    members,
    milestones,
    comments,
    history,
    state,
    deletingSubtask,
    deletingComment,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<TaskPageActionData>();
  const here = `/work/projects/${task.projectId}/tasks/${task.taskId}`;
  const pageHref = (extra?: Record<string, string>) => taskPageHref(here, state, extra);
  const hydrated = useHydrated();
  const addForm = useRef<HTMLFormElement>(null);
  const adding = usePendingIntent("add-subtask");
  useEffect(() => {
    if (!adding) addForm.current?.reset();
  }, [adding]);
  // A refused edit comes back with its errors: the edit step stays open to show them.
  const editing = state.editTask || actionData?.formId === "edit-task";

  return (
    <div className="space-y-6">
      <ProjectTabs projectId={task.projectId} current="tasks" back="← Back to Project" />
      <TaskSummary
        task={task}
        members={members}
        canDelete={canDelete}
        hydrated={hydrated}
        editHref={`${pageHref({ editTask: "1" })}#dialog`}
        deleteHref={`${pageHref({ deleteTask: "1" })}#dialog`}
      />
      <ReviewPanel
        rounds={review.rounds}
        rights={review.rights}
        viewerId={userId}
        assigneeName={task.assigneeName}
        here={here}
        actionData={actionData}
      />

      <section
        aria-labelledby="subtasks-title"
        className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
      >
        <Subtasks
          subtasks={task.subtasks}
          here={here}
          editing={state.editSubtask}
          hydrated={hydrated}
          addForm={addForm}
          adding={adding}
        />
      </section>

      <TaskComments
        comments={comments}
        here={here}
        pageHref={pageHref}
        editing={state.editComment}
        actionData={actionData}
      />
      <TaskHistory history={history} all={state.historyPage !== null} here={here} />

      {editing ? (
        <UrlDialog title="Edit Task" closeTo={pageHref()}>
          <TaskForm
            task={task}
            members={members}
            milestones={milestones}
            action={`${here}?editTask=1`}
            lastResult={actionData?.formId === "edit-task" ? actionData.result : null}
          />
        </UrlDialog>
      ) : null}
      {state.deleteTask && canDelete ? (
        <ConfirmDelete
          noun="task"
          consequence="Its subtasks, comments and history go with it."
          fields={{ intent: "delete-task" }}
          action={here}
          closeTo={pageHref()}
        >
          <DeletedName>{task.title}</DeletedName>
        </ConfirmDelete>
      ) : null}
      {deletingSubtask ? (
        <ConfirmDelete
          noun="subtask"
          fields={{ intent: "delete-subtask", subtaskId: deletingSubtask.subtaskId }}
          action={here}
          closeTo={pageHref()}
        >
          <DeletedName>{deletingSubtask.title}</DeletedName>
        </ConfirmDelete>
      ) : null}
      {deletingComment ? (
        <ConfirmDelete
          noun="comment"
          fields={{ intent: "delete-comment", commentId: deletingComment.commentId }}
          action={here}
          closeTo={`${pageHref()}#comment-${deletingComment.commentId}`}
        >
          <DeletedName>
            <span className="line-clamp-3 font-normal">{deletingComment.content}</span>
          </DeletedName>
        </ConfirmDelete>
      ) : null}
    </div>
  );
}

/** What a delete step is about to remove, named under its question. */
function DeletedName({ children }: { children: ReactNode }) {
  return <p className="break-words font-semibold [overflow-wrap:anywhere]">{children}</p>;
}

export function ErrorBoundary() {
  return <WorkErrorScreen notFound={{ title: "Task not found", body: "This task does not exist or was removed." }} />;
}
