import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { requireProjectAccess } from "~/auth/project-guard.server";
import { ErrorScreen } from "~/components/error-screen";
import type { ForumActionData } from "~/components/work/forum";
import { ForumBoard } from "~/components/work/forum-board";
import { useHydrated } from "~/hooks/use-hydrated";
import { listPosts } from "~/models/forum.server";
import { FORUM_INTENTS, forumQuerySchema } from "~/schemas/forum";
import { SegmentedLinks } from "~/components/segmented-links";
import { UrlDialog } from "~/components/url-dialog";
import { CodeTab } from "~/components/work/code-tab";
import { MilestoneBoard, MilestoneForm } from "~/components/work/milestone-board";
import { OverviewCards } from "~/components/work/overview-cards";
import { PROJECT_TAB_IDS, ProjectTabs } from "~/components/work/project-tabs";
import { cardData, TaskCardLink } from "~/components/work/task-chips";
import { TaskForm } from "~/components/work/task-form";
import {
  createMilestone,
  deleteMilestone,
  listMilestones,
  setMilestoneStatus,
  updateMilestone,
} from "~/models/milestone.server";
import { getCodeTab } from "~/models/github.server";
import { createTask, groupByStatus, listTasks, taskFormOptions } from "~/models/task.server";
import { getWorkOverview } from "~/models/work-overview.server";
import { milestoneSchema } from "~/schemas/milestone";
import { newTaskSchema, TASK_STATUS_LABELS, TASK_STATUSES } from "~/schemas/task";
import { asDomainError, invariantResponse } from "~/utils/errors.server";
import { readForm, replyWithError } from "~/utils/forms.server";
import { idSchema } from "~/utils/ids";
import { redirectWithToast } from "~/utils/toast.server";
import { forumBackUrl, handleForumIntent } from "./forum-action.server";
import { WORK_ERRORS } from "./project-layout";

/**
 * The project work page (`/work/projects/$projectId?tab=`): overview cards, then the tabs. Each
 * tab loads only its own data. Dialogs (Add Task, milestone create/edit/delete) are URL state.
 */
export const meta: MetaFunction = () => [{ title: "Project work · Gainers Hub" }];

const pageQuerySchema = z.object({
  tab: z.enum(PROJECT_TAB_IDS).catch("tasks"),
  scope: z.enum(["mine", "all"]).catch("mine"),
  dialog: z.enum(["add-task", "new-milestone"]).optional().catch(undefined),
  edit: idSchema.optional().catch(undefined),
  delete: idSchema.optional().catch(undefined),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const access = await requireProjectAccess(request, params.projectId);
  const query = pageQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const overview = getWorkOverview(access);

  // Each tab's data; a tab added to PROJECT_TABS loads its own here.
  const tasks = query.tab === "tasks" ? listTasks(access, { scope: query.scope }) : null;
  const options = query.tab === "tasks" && query.dialog === "add-task" ? taskFormOptions(access) : null;
  const milestones = query.tab === "milestones" ? listMilestones(access) : null;
  const forumQuery = forumQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const forum = query.tab === "forum" ? listPosts(access.actor, access.projectId, forumQuery) : null;
  const code = query.tab === "code" ? getCodeTab(access.actor, access.projectId) : null;

  return {
    query,
    userId: access.actor.userId,
    overview: await overview,
    tasks: tasks ? groupByStatus((await tasks).map(cardData)) : null,
    options: await options,
    milestones: await milestones,
    forum: await forum,
    forumQuery,
    code: await code,
    isAdmin: access.isAdmin,
  };
}

/** The page's forms, one schema keyed on intent (each intent's fields are parsed by its own schema). */
const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create-task") }),
  z.object({ intent: z.literal("create-milestone") }),
  z.object({ intent: z.literal("edit-milestone"), milestoneId: idSchema }),
  z.object({
    intent: z.literal("milestone-status"),
    milestoneId: idSchema,
    status: z.enum(["Planned", "Active", "Completed"]),
  }),
  z.object({ intent: z.literal("delete-milestone"), milestoneId: idSchema }),
  ...FORUM_INTENTS,
]);

export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireProjectAccess(request, params.projectId);
  const user = access.actor;
  const projectId = access.projectId;
  const formData = await readForm(request);
  const parsed = intentSchema.safeParse(Object.fromEntries(formData));
  invariantResponse(parsed.success, "This form is missing what it needs.");
  const form = parsed.data;
  const page = (tab: string) => `/work/projects/${projectId}?tab=${tab}`;

  switch (form.intent) {
    case "create-post":
    case "create-reply":
    case "edit-post":
    case "edit-reply":
    case "like-post":
    case "like-reply":
    case "delete-post":
    case "delete-reply":
      return handleForumIntent(access, form, formData, {
        back: forumBackUrl(request),
        afterCreate: page("forum"),
        afterDeletePost: forumBackUrl(request),
      });
    case "create-task": {
      const submission = parseWithZod(formData, { schema: newTaskSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      try {
        const task = await createTask(user, projectId, submission.value);
        const mine = task.assigneeId === user.userId;
        return redirectWithToast(page(mine ? "tasks" : "tasks&scope=all"), {
          type: "success",
          message: `Task "${task.title}" added.`,
        });
      } catch (error) {
        return replyWithError(submission, error, "Failed to create task");
      }
    }
    case "create-milestone":
    case "edit-milestone": {
      const submission = parseWithZod(formData, { schema: milestoneSchema });
      if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
      try {
        if (form.intent === "create-milestone") await createMilestone(user, projectId, submission.value);
        else await updateMilestone(user, form.milestoneId, submission.value);
        return redirectWithToast(page("milestones"), {
          type: "success",
          message: form.intent === "create-milestone" ? "Milestone created." : "Milestone saved.",
        });
      } catch (error) {
        return replyWithError(submission, error, "Failed to save milestone");
      }
    }
    case "milestone-status":
    case "delete-milestone":
      try {
        if (form.intent === "milestone-status") {
          const milestone = await setMilestoneStatus(user, form.milestoneId, { status: form.status });
          return redirectWithToast(page("milestones"), {
            type: "success",
            message: `"${milestone.title}" moved to ${milestone.status}.`,
          });
        }
        await deleteMilestone(user, form.milestoneId);
        return redirectWithToast(page("milestones"), { type: "success", message: "Milestone deleted." });
      } catch (error) {
        const known = asDomainError(error);
        if (!known) throw error;
        return redirectWithToast(page("milestones"), {
          type: "error",
          message: known.message || "Failed to update milestone",
        });
      }
  }
}

export default function ProjectPage() {
  const { query, userId, overview, tasks, options, milestones, forum, forumQuery, code, isAdmin } =
    useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const projectId = location.pathname.split("/")[3]!;
  const base = `/work/projects/${projectId}?tab=${query.tab}`;
  const withScope = query.tab === "tasks" && query.scope === "all" ? `${base}&scope=all` : base;
  const hrefFor = (extra: string) => `${withScope}&${extra}#dialog`;
  const lastResult = actionData && "result" in actionData ? actionData.result : null;
  const editing = query.edit ? milestones?.find((m) => m.milestoneId === query.edit) : null;
  const deleting = query.delete ? milestones?.find((m) => m.milestoneId === query.delete) : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-600">Your team&apos;s work at a glance.</p>
        <Link to={`${location.pathname}${location.search}`} preventScrollReset className="btn-secondary">
          Refresh
        </Link>
      </div>
      <OverviewCards overview={overview} retryHref={`${location.pathname}${location.search}`} />
      <ProjectTabs projectId={projectId} current={query.tab} />

      {query.tab === "tasks" && tasks ? (
        <section aria-label="My Tasks" className="space-y-4">
          {query.dialog === "add-task" && options ? (
            <UrlDialog title="Add Task" closeTo={withScope}>
              <TaskForm
                lastResult={lastResult}
                members={options.members}
                milestones={options.milestones}
                defaultAssigneeId={userId}
              />
            </UrlDialog>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <SegmentedLinks
              label="Whose tasks"
              current={query.scope}
              options={[
                { id: "mine", label: "Assigned to me", href: base },
                { id: "all", label: "Everyone's", href: `${base}&scope=all` },
              ]}
            />
            <Link to={hrefFor("dialog=add-task")} preventScrollReset className="btn-primary">
              Add Task
            </Link>
          </div>
          <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-4">
            {TASK_STATUSES.map((status) => (
              <section
                key={status}
                aria-labelledby={`group-${status}`}
                className="min-w-0 rounded-2xl bg-slate-100 p-3"
              >
                <h2 id={`group-${status}`} className="px-1 font-semibold">
                  {TASK_STATUS_LABELS[status]} <span className="text-slate-600">({tasks[status].length})</span>
                </h2>
                {tasks[status].length === 0 ? (
                  <p className="mt-2 px-1 text-sm text-slate-600">Nothing here.</p>
                ) : (
                  <ul className="mt-3 space-y-2">
                    {tasks[status].map((task) => (
                      <li key={task.taskId}>
                        <TaskCardLink task={task} href={`/work/projects/${projectId}/tasks/${task.taskId}`} />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            ))}
          </div>
        </section>
      ) : null}

      {query.tab === "milestones" && milestones ? (
        <section aria-label="Milestones">
          {query.dialog === "new-milestone" ? (
            <UrlDialog title="New Milestone" closeTo={base}>
              <MilestoneForm lastResult={lastResult} />
            </UrlDialog>
          ) : null}
          {editing ? (
            <UrlDialog title="Edit Milestone" closeTo={base}>
              <MilestoneForm milestone={editing} lastResult={lastResult} />
            </UrlDialog>
          ) : null}
          {deleting ? (
            <UrlDialog title="Delete Milestone" closeTo={base}>
              <Form method="post" preventScrollReset className="space-y-4">
                <p>Are you sure you want to delete this milestone?</p>
                <p className="font-semibold">{deleting.title}</p>
                <p className="text-sm text-slate-600">Its tasks stay, without a milestone.</p>
                <input type="hidden" name="intent" value="delete-milestone" />
                <input type="hidden" name="milestoneId" value={deleting.milestoneId} />
                <div className="flex flex-wrap gap-3">
                  <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800">
                    Delete
                  </button>
                  <Link to={base} preventScrollReset className="btn-secondary">
                    Cancel
                  </Link>
                </div>
              </Form>
            </UrlDialog>
          ) : null}
          <MilestoneBoard milestones={milestones} hrefFor={hrefFor} />
        </section>
      ) : null}

      {query.tab === "code" && code ? <CodeTab projectId={projectId} isAdmin={isAdmin} {...code} /> : null}

      {query.tab === "forum" && forum ? (
        <ForumBoard
          forum={forum}
          query={forumQuery}
          base={base}
          editing={query.edit ?? null}
          deleting={query.delete ?? null}
          actionData={actionData as ForumActionData | undefined}
          hydrated={hydrated}
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen texts={WORK_ERRORS} back={{ to: "/work", label: "Back to My Projects" }} />;
}
