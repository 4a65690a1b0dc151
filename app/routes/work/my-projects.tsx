import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { z } from "zod";
import { requireProfile, requireUser } from "~/auth/guards.server";
import { JoinRequestsPanel } from "~/components/join-requests-panel";
import { RepositoryForm } from "~/components/repository-form";
import { Pagination } from "~/components/pagination";
import { TabLinks } from "~/components/tab-links";
import { UrlDialog } from "~/components/url-dialog";
import { WorkNav } from "~/components/work-nav";
import { WorkProjectCard } from "~/components/work-project-card";
import { ReviewInboxPanel } from "~/components/work/review-inbox";
import { logger } from "~/logger.server";
import {
  cancelJoinRequest,
  decideJoinRequest,
  JoinRequestClosedError,
  listJoinRequests,
} from "~/models/join-request.server";
import { listMyProjects, type WorkProject } from "~/models/my-projects.server";
import { getReviewInbox, type ReviewInbox } from "~/models/review-inbox.server";
import { linkRepository, startProject } from "~/models/project-lifecycle.server";
import { repositoryUrlSchema } from "~/schemas/repository";
import { asDomainError, DomainError, invariantResponse } from "~/utils/errors.server";
import { readForm } from "~/utils/forms.server";
import { idSchema, isId } from "~/utils/ids";
import { redirectWithToast } from "~/http/toast.server";

export const meta: MetaFunction = () => [{ title: "My Projects · Gainers Hub" }];

const WORK_TABS = ["active", "completed", "pending"] as const;

const TABS = [
  { id: "active", label: "Active", empty: "No active projects yet." },
  { id: "completed", label: "Completed", empty: "No completed projects yet." },
  { id: "pending", label: "Pending", empty: "No pending projects yet." },
] as const;
type Tab = (typeof TABS)[number]["id"];

const PAGE_SIZE = 12;

const inTab = (tab: Tab, project: WorkProject) =>
  tab === "active"
    ? project.projectStatus === "InProgress"
    : tab === "completed"
      ? project.projectStatus === "Completed"
      : project.projectStatus === "Pending" || project.joinRequest !== null;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const tab = z.enum(WORK_TABS).catch("active").parse(params.get("tab"));
  const page = z.coerce
    .number()
    .int()
    .min(1)
    .catch(1)
    .parse(params.get("page") ?? undefined);
  // Only the shown page of the tab goes to the page: the cards are all the client needs.
  let listing: { projects: WorkProject[]; page: number; total: number } | null = null;
  let mine: WorkProject[] = [];
  // Whose turn the mentor reviews are; the page still shows its projects if this fails.
  const reviewInbox = getReviewInbox(user.userId).catch((error: unknown): ReviewInbox | null => {
    logger.error({ err: error }, "review inbox failed to load");
    return null;
  });
  try {
    mine = await listMyProjects(user.userId);
    const inThisTab = mine.filter((project) => inTab(tab, project));
    const shownPage = Math.min(page, Math.max(1, Math.ceil(inThisTab.length / PAGE_SIZE)));
    listing = {
      projects: inThisTab.slice((shownPage - 1) * PAGE_SIZE, shownPage * PAGE_SIZE),
      page: shownPage,
      total: inThisTab.length,
    };
  } catch (error) {
    logger.error({ err: error }, "my projects failed to load");
  }

  // Join Requests modal (?requests=projectId): the admin's pending list, or why not.
  let requests = null;
  const requestsFor = params.get("requests");
  if (requestsFor) {
    try {
      if (!isId(requestsFor)) throw new DomainError("Project not found.", 404);
      requests = { projectId: requestsFor, list: await listJoinRequests(user, requestsFor, "Pending"), error: null };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      requests = { projectId: requestsFor, list: null, error: error.message };
    }
  }
  const repositoryFor = params.get("repository");
  // Dialogs name their project.
  const nameOf = (projectId: string | null) => mine.find((p) => p.projectId === projectId)?.projectName ?? null;
  return {
    projectNames: { requests: nameOf(requestsFor), repository: nameOf(repositoryFor) },
    reviewInbox: await reviewInbox,
    tab,
    listing,
    requests,
    repository:
      repositoryFor && isId(repositoryFor) ? { projectId: repositoryFor, linked: params.has("linked") } : null,
  };
}

/** The intents of My Projects, one schema: each names what it needs (DESIGN: one schema, one reply). */
const myProjectsIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start"), projectId: idSchema }),
  z.object({
    intent: z.literal("decide"),
    projectId: idSchema,
    requestId: idSchema,
    tab: z.enum(WORK_TABS).catch("pending"),
  }),
  z.object({ intent: z.literal("link-repository"), projectId: idSchema }),
  z.object({ intent: z.literal("cancel"), projectId: idSchema, requestId: idSchema }),
]);

const FAILURE_TEXT = {
  start: "Failed to start project",
  decide: "Failed to process decision",
  "link-repository": "Failed to connect repository",
  cancel: "Failed to cancel the join request",
} as const;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireProfile(request);
  const formData = await readForm(request);
  const parsed = myProjectsIntentSchema.safeParse(Object.fromEntries(formData));
  invariantResponse(parsed.success, "This request is missing what it needs (a project or a join request).");
  const form = parsed.data;
  // Back to the tab the admin came from; a reopened panel is where the page lands.
  const back = (panel: Record<string, string> = {}) =>
    `/work?${new URLSearchParams({ tab: form.intent === "decide" ? form.tab : "pending", ...panel })}` +
    (Object.keys(panel).length ? "#dialog" : "");
  try {
    switch (form.intent) {
      case "start":
        await startProject(user, form.projectId);
        return redirectWithToast(`/work/tmp/${form.projectId}`, {
          type: "success",
          message: "Project started. Status changed to Active.",
        });
      case "decide": {
        const decided = await decideJoinRequest(user, form.projectId, form.requestId, Object.fromEntries(formData));
        return redirectWithToast(back({ requests: form.projectId }), {
          type: "success",
          message: decided.status === "Approved" ? "Join request approved!" : "Join request rejected!",
        });
      }
      case "cancel":
        await cancelJoinRequest(user, form.projectId, form.requestId);
        return redirectWithToast(back(), { type: "success", message: "Join request cancelled." });
      case "link-repository": {
        const submission = parseWithZod(formData, { schema: repositoryUrlSchema });
        if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
        await linkRepository(user, form.projectId, submission.value);
        return redirectWithToast(back({ repository: form.projectId, linked: "1" }), {
          type: "success",
          message: "Repository connected successfully.",
        });
      }
    }
  } catch (error) {
    // A cancel after the answer came: news in a neutral voice, and the list shows the new state.
    if (error instanceof JoinRequestClosedError)
      return redirectWithToast(back(), { type: "info", message: error.message });
    const known = asDomainError(error);
    if (!known) throw error;
    const reopen: Record<string, string> = form.intent === "decide" ? { requests: form.projectId } : {};
    return redirectWithToast(back(reopen), { type: "error", message: known.message || FAILURE_TEXT[form.intent] });
  }
}

export default function MyProjects() {
  const { tab, listing, requests, repository, projectNames, reviewInbox } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();
  const current = TABS.find((item) => item.id === tab)!;
  // Pages like the catalogue: an admin of forty projects gets a page at a time.
  const shownPage = listing?.page ?? 1;
  const closeTo = `/work?tab=${tab}${shownPage > 1 ? `&page=${shownPage}` : ""}`;

  // The success view closes itself after 1.5 s (spec section 4, Repository link).
  useEffect(() => {
    if (!repository?.linked) return;
    const timer = setTimeout(() => navigate(closeTo, { replace: true, preventScrollReset: true }), 1500);
    return () => clearTimeout(timer);
  }, [repository, closeTo, navigate]);

  return (
    <div className="container-page flex flex-col gap-6 py-8 lg:flex-row">
      <WorkNav />
      <div className="min-w-0 flex-1">
        <h1 className="text-3xl font-bold">My Projects</h1>
        {reviewInbox ? <ReviewInboxPanel inbox={reviewInbox} /> : null}
        {/* An open panel sits above the list at full width, where the page lands. */}
        {requests ? (
          <UrlDialog title="Join Requests" subject={projectNames.requests} closeTo={closeTo}>
            <JoinRequestsPanel requests={requests.list} error={requests.error} tab={tab} />
          </UrlDialog>
        ) : null}
        {repository ? (
          <UrlDialog
            title="Connect Repository"
            subject={projectNames.repository}
            focusFirstField={!repository.linked}
            closeTo={closeTo}
          >
            {repository.linked ? (
              <div role="status" className="space-y-4 text-center">
                <p className="text-lg font-semibold">Repository Linked Successfully!</p>
                <Link to={closeTo} className="btn-primary">
                  Done
                </Link>
              </div>
            ) : (
              <RepositoryForm
                projectId={repository.projectId}
                lastResult={actionData && "result" in actionData ? actionData.result : null}
              />
            )}
          </UrlDialog>
        ) : null}
        <TabLinks
          label="Project status"
          className="mt-5"
          current={tab}
          tabs={TABS.map((item) => ({ id: item.id, label: item.label, href: `/work?tab=${item.id}` }))}
        />
        <div className="mt-6">
          {listing === null ? (
            <div role="alert" className="rounded-xl bg-red-50 p-5 text-red-800">
              <p className="font-semibold">Unable to load projects</p>
              <p>Failed to load projects. Please try again.</p>
              <Link to={closeTo} className="btn-secondary mt-3">
                Try Again
              </Link>
            </div>
          ) : listing.projects.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
              <p className="font-semibold">{current.empty}</p>
              <p className="mt-1 text-slate-600">Projects will appear here once you join or create them.</p>
              <Link to="/search-projects" className="btn-primary mt-4">
                Browse Projects
              </Link>
            </div>
          ) : (
            <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
              {listing.projects.map((project) => (
                <li key={project.projectId} className="flex [&>article]:flex-1">
                  <WorkProjectCard project={project} tab={tab} />
                </li>
              ))}
            </ul>
          )}
          <Pagination
            page={shownPage}
            pageSize={PAGE_SIZE}
            total={listing?.total ?? 0}
            search={new URLSearchParams({ tab })}
          />
        </div>
      </div>
    </div>
  );
}
