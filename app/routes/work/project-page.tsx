import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { requireProjectAccess } from "~/auth/project-guard.server";
import { ConfirmDelete } from "~/components/confirm-delete";
import type { ForumActionData } from "~/components/work/forum/screen";
import { ForumBoard } from "~/components/work/forum/board";
import { useHydrated } from "~/hooks/use-hydrated";
import { listPostsWithAccess } from "~/models/forum.server";
import { FORUM_INTENTS, forumQuerySchema } from "~/schemas/forum";
import { UrlDialog } from "~/components/url-dialog";
import { CodeTab } from "~/components/work/code-tab";
import { MilestoneBoard, MilestoneForm } from "~/components/work/milestone-board";
import { OverviewCards } from "~/components/work/overview-cards";
import { PROJECT_TAB_IDS, ProjectTabs } from "~/components/work/project-tabs";
import { cardData } from "~/components/work/task-chips";
import { TaskGroupPage, TaskGroups } from "~/components/work/task-groups";
import { TaskForm } from "~/components/work/task-form";
import { type BoardFilters, boardHref, TaskFilterForm } from "~/components/work/task-filters";
import {
  createMilestone,
  deleteMilestone,
  listMilestones,
  listMilestoneTasks,
  setMilestoneStatus,
  updateMilestone,
} from "~/models/milestone.server";
import { getCodeTab } from "~/models/github.server";
import { createTask, listTaskGroups, pageTaskCards, taskFormOptions } from "~/models/task.server";
import { getWorkOverview } from "~/models/work-overview.server";
import { milestoneSchema } from "~/schemas/milestone";
import { newTaskSchema, TASK_STATUSES } from "~/schemas/task";
import { lenientTaskFilters } from "~/schemas/task-board";
import { asDomainError, invariantResponse } from "~/utils/errors.server";
import { readForm, replyWithError } from "~/utils/forms.server";
import { idSchema } from "~/utils/ids";
import { redirectWithToast } from "~/http/toast.server";
import { forumBackUrl, handleForumIntent } from "./forum-action.server";
import { useWorkProject, WorkErrorScreen } from "./project-layout";

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
  // One status group on its own, paged (a big board shows each group's first cards only).
  group: z.enum(TASK_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

/** Cards each group shows on the board; "Show all" opens the group on its own, in pages. */
const CARDS_PER_GROUP = 20;
const GROUP_PAGE_SIZE = 50;
/** Tasks a milestone card lists; "All N tasks" opens the board filtered to it. */
const TASKS_PER_MILESTONE = 8;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const access = await requireProjectAccess(request, params.projectId);
  const search = new URL(request.url).searchParams;
  const query = pageQuerySchema.parse(Object.fromEntries(search));
  const overview = getWorkOverview(access);
  // The board's filters; the older scope=all still means anyone's tasks.
  const found = lenientTaskFilters(search);
  const filters: BoardFilters = { ...found, assignee: found.assignee ?? (query.scope === "all" ? "anyone" : "me") };

  // Each tab's data; a tab added to PROJECT_TABS loads its own here.
  const onTasks = query.tab === "tasks";
  const list = { scope: "all" as const, filters };
  const taskGroups = onTasks && !query.group ? listTaskGroups(access, { ...list, perGroup: CARDS_PER_GROUP }) : null;
  const groupPage =
    onTasks && query.group
      ? pageTaskCards(access, { ...list, status: query.group, page: query.page, pageSize: GROUP_PAGE_SIZE })
      : null;
  // Members and milestones: the Add Task form's choices and the filters' milestones.
  const options = onTasks ? taskFormOptions(access) : null;
  const milestones = query.tab === "milestones" ? listMilestones(access) : null;
  const milestoneTasks = query.tab === "milestones" ? listMilestoneTasks(access, TASKS_PER_MILESTONE) : null;
  const forumQuery = forumQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const forum = query.tab === "forum" ? listPostsWithAccess(access, forumQuery) : null;
  const code = query.tab === "code" ? getCodeTab(access.actor, access.projectId) : null;

  return {
    query,
    filters,
    userId: access.actor.userId,
    overview: await overview,
    taskGroups: taskGroups
      ? await taskGroups.then((groups) =>
          TASK_STATUSES.map((status) => ({
            status,
            ...groups[status],
            cards: groups[status].cards.map((card) => cardData(card, access.actor.userId)),
          })),
        )
      : null,
    groupPage: groupPage
      ? await groupPage.then((page) => ({
          ...page,
          items: page.items.map((card) => cardData(card, access.actor.userId)),
        }))
      : null,
    options: await options,
    milestones: await milestones,
    milestoneTasks: await milestoneTasks,
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
  const {
    query,
    filters,
    userId,
    overview,
    taskGroups,
    groupPage,
    options,
    milestones,
    milestoneTasks,
    forum,
    forumQuery,
    code,
    isAdmin,
  } = useLoaderData<typeof loader>();
  const { projectName } = useWorkProject();
  const hydrated = useHydrated();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const projectId = location.pathname.split("/")[3]!;
  const base = `/work/projects/${projectId}?tab=${query.tab}`;
  const withScope = query.tab === "tasks" ? boardHref(projectId, filters) : base;
  // The list the Tasks tab shows: the board, or one group's page of it.
  const taskList = query.group ? `${withScope}&group=${query.group}&page=${query.page}` : withScope;
  const hrefFor = (extra: string) => `${query.tab === "tasks" ? taskList : withScope}&${extra}#dialog`;
  const lastResult = actionData && "result" in actionData ? actionData.result : null;
  const editing = query.edit ? milestones?.find((m) => m.milestoneId === query.edit) : null;
  const deleting = query.delete ? milestones?.find((m) => m.milestoneId === query.delete) : null;

  return (
    <div className="space-y-4 sm:space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 sm:text-base">Your team&apos;s work at a glance.</p>
        <Link
          to={`${location.pathname}${location.search}`}
          preventScrollReset
          className="btn-secondary !min-h-9 !px-3 text-sm sm:!min-h-11 sm:!px-5 sm:text-base"
        >
          Refresh
        </Link>
      </div>
      <OverviewCards overview={overview} retryHref={`${location.pathname}${location.search}`} />
      <ProjectTabs projectId={projectId} current={query.tab} />

      {query.tab === "tasks" && (taskGroups || groupPage) ? (
        <section aria-label="My Tasks" className="space-y-4">
          {query.dialog === "add-task" && options ? (
            <UrlDialog title="Add Task" subject={projectName} focusFirstField closeTo={taskList}>
              <TaskForm
                lastResult={lastResult}
                members={options.members}
                milestones={options.milestones}
                defaultAssigneeId={userId}
              />
            </UrlDialog>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-lg font-semibold">Tasks</h2>
            <Link to={hrefFor("dialog=add-task")} preventScrollReset className="btn-primary">
              Add Task
            </Link>
          </div>
          <TaskFilterForm projectId={projectId} filters={filters} milestones={options?.milestones ?? []} />
          {taskGroups ? (
            <TaskGroups groups={taskGroups} projectId={projectId} listHref={withScope} />
          ) : groupPage && query.group ? (
            <TaskGroupPage status={query.group} page={groupPage} projectId={projectId} boardHref={withScope} />
          ) : null}
        </section>
      ) : null}

      {query.tab === "milestones" && milestones ? (
        <section aria-label="Milestones">
          {query.dialog === "new-milestone" ? (
            <UrlDialog title="New Milestone" subject={projectName} focusFirstField closeTo={base}>
              <MilestoneForm lastResult={lastResult} />
            </UrlDialog>
          ) : null}
          {editing ? (
            <UrlDialog title="Edit Milestone" subject={projectName} focusFirstField closeTo={base}>
              <MilestoneForm milestone={editing} lastResult={lastResult} />
            </UrlDialog>
          ) : null}
          {deleting ? (
            <ConfirmDelete
              noun="milestone"
              title="Delete Milestone"
              fields={{ intent: "delete-milestone", milestoneId: deleting.milestoneId }}
              closeTo={base}
              preventScrollReset
            >
              <p className="font-semibold">{deleting.title}</p>
              <p className="text-sm text-slate-600">Its tasks stay, without a milestone.</p>
            </ConfirmDelete>
          ) : null}
          <MilestoneBoard
            milestones={milestones}
            tasks={milestoneTasks ?? {}}
            hrefFor={hrefFor}
            boardHref={(milestoneId) => boardHref(projectId, { assignee: "anyone", milestoneId })}
            taskHref={(taskId) => `/work/projects/${projectId}/tasks/${taskId}`}
          />
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
  return <WorkErrorScreen />;
}
