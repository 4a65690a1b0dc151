import { parseWithZod } from "@conform-to/zod";
import { Avatar } from "~/components/avatar";
import { ProjectCover } from "~/components/project-cover";
import { StatusChip } from "~/components/status-chip";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { getOptionalUser, requireProfile } from "~/auth/guards.server";
import { DateText } from "~/components/date-time";
import { DaysLeft, scheduleOf } from "~/components/schedule-text";
import { ErrorScreen } from "~/components/error-screen";
import { CreateFromTemplateForm, JoinProjectForm } from "~/components/join-project-form";
import { UrlDialog } from "~/components/url-dialog";
import { db } from "~/db.server";
import { CancelJoinRequestForm } from "~/components/cancel-join-request-form";
import { getResponseFigures } from "~/models/answer-speed.server";
import { cancelJoinRequest, createJoinRequest, JoinRequestClosedError } from "~/models/join-request.server";
import { type LatestJoinRequest, viewerRelation } from "~/models/membership.server";
import { startFromTemplate } from "~/models/project-lifecycle.server";
import { getProjectDetail } from "~/models/project.server";
import type { CurrentUser } from "~/models/user.server";
import { joinRequestSchema, templateStartSchema } from "~/schemas/join-request";
import { redirectWithToast } from "~/http/toast.server";
import { answerSpeedLabel, reviewSpeedLabel } from "~/utils/answer-speed";
import { asDomainError, invariantResponse, withErrorScreen } from "~/utils/errors.server";
import { readForm, replyWithError } from "~/utils/forms.server";
import { catalogueStatusLabel, formatDuration } from "~/utils/format";
import { isId } from "~/utils/ids";
import { closedRequestText } from "~/utils/join-request-outcome";
import { loginUrl } from "~/utils/urls";
import { sharedPageHeaders } from "~/utils/shared-cache";

/** Visitors all see the same page: shared caches may keep it briefly. */
export const headers = sharedPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.project.projectName || "Untitled project"} · Gainers Hub` : "Project · Gainers Hub" },
  { name: "description", content: data?.project.tagline ?? "" },
];

export const loader = withErrorScreen(async ({ request, params }: LoaderFunctionArgs) => {
  invariantResponse(isId(params.id), "This project address is not valid.");
  const projectId = params.id;
  const viewer = getOptionalUser(request);
  // The viewer's relation is asked as soon as the viewer is known, beside the project.
  const [project, user, relation] = await Promise.all([
    getProjectDetail(projectId),
    viewer,
    viewer.then((user) => (user ? viewerRelation(db, projectId, user.userId) : null)),
  ]);
  // Only a project open for joining has admins' and mentors' answers to promise (one query).
  const openForJoining = project.kind === "project" && project.projectStatus === "InProgress";
  const figures = openForJoining ? await getResponseFigures(project.projectId) : null;
  return {
    project,
    signedIn: Boolean(user),
    isMember: Boolean(relation?.membership),
    isAdmin: Boolean(relation?.membership?.isAdmin),
    pendingRequest: Boolean(relation?.pendingRequest),
    latestRequest: relation?.membership ? null : (relation?.latestRequest ?? null),
    answerSpeed: figures?.joins ? answerSpeedLabel(figures.joins.medianMs) : null,
    reviewSpeed: figures?.reviews ? reviewSpeedLabel(figures.reviews.medianMs) : null,
    here: `/project/${project.projectId}`,
  };
});

/** Request to Join (running projects) and Create New Project (templates). */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireProfile(request);
  invariantResponse(isId(params.id), "This project address is not valid.");
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === "cancel") return cancelRequest(user, params.id, formData.get("requestId"));
  const schema = intent === "create" ? templateStartSchema : joinRequestSchema;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  try {
    if (intent === "create") {
      const { newProjectId } = await startFromTemplate(user, params.id, submission.value);
      return redirectWithToast(`/project/${newProjectId}`, {
        type: "success",
        message: "Project created successfully.",
      });
    }
    await createJoinRequest(user, params.id, submission.value);
    return redirectWithToast(`/project/${params.id}`, { type: "success", message: "Join request sent successfully!" });
  } catch (error) {
    const fallback =
      intent === "create"
        ? "Couldn't create the project. Please try again."
        : "Failed to send join request. Please try again.";
    return replyWithError(submission, error, fallback, { intent });
  }
}

/** Cancel request: back to the project with a toast saying how it went. */
async function cancelRequest(user: CurrentUser, projectId: string, requestId: FormDataEntryValue | null) {
  const here = `/project/${projectId}`;
  invariantResponse(isId(requestId), "This request is missing the join request to cancel.");
  try {
    await cancelJoinRequest(user, projectId, requestId);
    return redirectWithToast(here, { type: "success", message: "Join request cancelled." });
  } catch (error) {
    // Decided meanwhile: news in a neutral voice, and the page shows the new state.
    if (error instanceof JoinRequestClosedError)
      return redirectWithToast(here, { type: "info", message: error.message });
    const known = asDomainError(error);
    if (!known) throw error;
    return redirectWithToast(here, { type: "error", message: known.message || "Failed to cancel the join request." });
  }
}

export default function ProjectDetail() {
  const { project, signedIn, isMember, isAdmin, pendingRequest, latestRequest, answerSpeed, reviewSpeed, here } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const isTemplate = project.kind === "template";
  const title = project.projectName || "Untitled project";
  const difficulty = project.difficultyLevel ?? "Unknown";
  const duration = formatDuration(project.durationDays);
  const schedule = scheduleOf(project);
  const mainAction = isTemplate ? "Create New Project" : "Request to Join";
  const actionProps: ProjectActionsProps = {
    projectId: project.projectId,
    mainAction,
    here,
    signedIn,
    isMember,
    isAdmin,
    pendingRequest,
    latestRequest,
    answerSpeed,
    reviewSpeed,
    isTemplate,
    isPending: project.projectStatus === "Pending",
    hasRepository: Boolean(project.repositoryLink),
  };

  return (
    <article className="container-page py-6">
      <Link
        to="/search-projects"
        className="inline-flex min-h-11 items-center gap-1 font-medium text-brand-700 hover:underline"
      >
        <span aria-hidden="true">←</span> Back to projects
      </Link>

      {signedIn &&
      !isMember &&
      !pendingRequest &&
      !isTemplate &&
      (search.has("join") || actionData?.intent === "join") ? (
        <UrlDialog title={`Request to join ${title}`} closeTo={here}>
          <JoinProjectForm
            roles={project.openRoles}
            lastResult={actionData?.intent === "join" ? actionData.result : null}
          />
        </UrlDialog>
      ) : null}
      {signedIn && isTemplate && (search.has("create") || actionData?.intent === "create") ? (
        <UrlDialog title="Create New Project" closeTo={here}>
          <CreateFromTemplateForm
            roles={project.requiredRoles}
            lastResult={actionData?.intent === "create" ? actionData.result : null}
          />
        </UrlDialog>
      ) : null}

      {/* One grid: on phones the actions come right under the title and the details last; on
          desktops both sit in a sticky side column. One copy of each, so nothing is said twice. */}
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-x-8">
        <header className="min-w-0 space-y-3 lg:col-start-1 lg:row-start-1">
          {project.tagline ? <p className="font-medium text-brand-700">{project.tagline}</p> : null}
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600" aria-label="Project facts">
            <li>
              <StatusChip status={catalogueStatusLabel(project.kind, project.projectStatus)} />
            </li>
            <li>{duration}</li>
            {schedule ? (
              <li>
                <DaysLeft project={project} />
              </li>
            ) : null}
            <li>{project.scope || "Public"}</li>
            <li>{difficulty}</li>
            {project.repositoryLink ? (
              <li>
                <a
                  href={project.repositoryLink}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="text-brand-700 underline"
                >
                  Repository<span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
          </ul>
        </header>

        <aside
          className="contents lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:block lg:space-y-4 lg:self-start"
          aria-label="Join and details"
        >
          <ProjectActions {...actionProps} />
          <div className="rounded-2xl border border-slate-200 bg-white p-5 max-lg:order-last">
            <h2 className="font-semibold">Details</h2>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-slate-500">Difficulty</dt>
              <dd>{difficulty}</dd>
              <dt className="text-slate-500">Start date</dt>
              <dd>
                {isTemplate ? (
                  "When you start it"
                ) : project.startDate ? (
                  <DateText value={project.startDate} />
                ) : (
                  "Not started yet"
                )}
              </dd>
              <dt className="text-slate-500">Publicity</dt>
              <dd>{project.scope || "Public"}</dd>
              <dt className="text-slate-500">Duration</dt>
              <dd>{duration}</dd>
              {schedule ? (
                <>
                  <dt className="text-slate-500">{schedule.daysLeft < 0 ? "Was due" : "Ends"}</dt>
                  <dd>
                    <DateText value={schedule.endDate} /> · <DaysLeft project={project} />
                  </dd>
                </>
              ) : null}
            </dl>
          </div>
        </aside>

        <div className="min-w-0 space-y-8 lg:col-start-1 lg:row-start-2">
          <div className="space-y-3">
            <ProjectCover project={project} className="aspect-[21/9] w-full rounded-2xl object-cover" />
            <p className="whitespace-pre-line text-lg text-slate-700">
              {project.projectDescription || "No description"}
            </p>
          </div>

          <DetailSection title="Goals">
            {project.goals.length ? (
              <ul className="list-disc space-y-1 pl-5">
                {project.goals.map((goal) => (
                  <li key={goal}>{goal}</li>
                ))}
              </ul>
            ) : (
              <p className="text-slate-600">No goals listed yet.</p>
            )}
          </DetailSection>

          <DetailSection title="Open roles">
            {project.openRoles.length ? (
              <ul className="grid gap-2 sm:grid-cols-2">
                {project.openRoles.map((role) => (
                  <li
                    key={role.name}
                    className="flex items-center justify-between rounded-xl border border-slate-200 bg-white px-4 py-3"
                  >
                    <span className="font-medium">{role.name}</span>
                    <span className="text-sm text-slate-600">
                      {role.openPositions} {role.openPositions === 1 ? "position" : "positions"}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-slate-600">No open roles are currently available for this project.</p>
            )}
          </DetailSection>

          <div className="grid gap-8 sm:grid-cols-2">
            <DetailSection title="Technologies">
              <TagList tags={project.technologies} />
            </DetailSection>
            <DetailSection title="Programming languages">
              <TagList tags={project.programmingLanguages} />
            </DetailSection>
          </div>

          <DetailSection title="Team members" id="team">
            {project.projectTeamMembers.length ? (
              <ul className="grid gap-3 sm:grid-cols-2">
                {project.projectTeamMembers.map((member) => (
                  <li key={member.userId}>
                    <Link
                      to={`/profile/${member.userId}`}
                      className="flex min-h-14 items-center gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2 hover:border-brand-500"
                    >
                      <Avatar name={member.fullName} pictureUrl={member.profilePictureUrl} size={40} lazy />
                      <span>
                        <span className="block font-medium">{member.fullName || "Team member"}</span>
                        <span className="block text-sm text-slate-600">{member.roleInProject}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-slate-600">
                {isTemplate ? "Templates have no team: start a project from it to build one." : "No team members yet."}
              </p>
            )}
          </DetailSection>
        </div>
      </div>
    </article>
  );
}

function DetailSection({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const headingId = id ?? title.toLowerCase().replace(/\W+/g, "-");
  return (
    <section aria-labelledby={`${headingId}-heading`} id={id}>
      <h2 id={`${headingId}-heading`} className="mb-3 text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function TagList({ tags }: { tags: string[] }) {
  if (!tags.length) return <p className="text-slate-600">None listed.</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag} className="rounded-md bg-slate-100 px-2.5 py-1 text-sm text-slate-700">
          {tag}
        </li>
      ))}
    </ul>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen />;
}

interface ProjectActionsProps {
  projectId: string;
  mainAction: string;
  here: string;
  signedIn: boolean;
  isMember: boolean;
  isAdmin: boolean;
  pendingRequest: boolean;
  latestRequest: LatestJoinRequest | null;
  /** 'Usually answers within 2 days', when the admins' decisions say so. */
  answerSpeed: string | null;
  /** 'Mentors usually start a review within a day', when the project's review requests say so. */
  reviewSpeed: string | null;
  isTemplate: boolean;
  isPending: boolean;
  hasRepository: boolean;
}

/** The main action and what it leads to, worded for who is looking (issue 9: next steps). */
function ProjectActions(props: ProjectActionsProps) {
  const { projectId, mainAction, here, signedIn, isMember, isAdmin, pendingRequest, latestRequest, isTemplate } = props;
  const forum = `/projects/${projectId}/forum`;
  const lastAnswer = latestRequest ? closedRequestText(latestRequest.status, latestRequest.decisionReason) : null;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5">
      {lastAnswer ? (
        <p role="status" className="mb-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
          {lastAnswer}
        </p>
      ) : null}
      {!signedIn ? (
        <Link to={loginUrl(here)} className="btn-primary w-full">
          {mainAction}
        </Link>
      ) : isMember ? (
        <Link to={`/work/projects/${projectId}`} className="btn-primary w-full">
          Start Working
        </Link>
      ) : pendingRequest ? (
        <>
          <button type="button" className="btn-primary w-full" disabled>
            Request Pending
          </button>
          {latestRequest ? (
            <CancelJoinRequestForm
              projectId={projectId}
              requestId={latestRequest.requestId}
              className="btn-secondary mt-3 w-full"
            />
          ) : null}
        </>
      ) : (
        <Link
          to={`${here}?${isTemplate ? "create" : "join"}=1#dialog`}
          preventScrollReset
          className="btn-primary w-full"
        >
          {mainAction}
        </Link>
      )}
      {props.answerSpeed && !isMember ? (
        <p className="mt-2 text-center text-sm text-slate-600">{props.answerSpeed}</p>
      ) : null}
      {props.reviewSpeed ? <p className="mt-1 text-center text-sm text-slate-600">{props.reviewSpeed}</p> : null}
      {isMember && isAdmin && props.isPending ? (
        <div className="mt-4 rounded-xl bg-brand-50 p-4 text-sm">
          <h2 className="font-semibold text-ink">Next steps</h2>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-700">
            {!props.hasRepository ? (
              <li>
                <Link to={`/work?tab=pending&repository=${projectId}#dialog`} className="text-brand-700 underline">
                  Connect Repository
                </Link>
              </li>
            ) : null}
            <li>
              <Link to="/work?tab=pending" className="text-brand-700 underline">
                Start Project
              </Link>{" "}
              when your team is ready: people can then ask to join.
            </li>
          </ol>
        </div>
      ) : null}
      {!isTemplate && !isMember ? (
        <a href="#team" className="btn-secondary mt-3 w-full">
          Contact the Team
        </a>
      ) : null}
      <p className="mt-3 text-sm text-slate-600">
        {isTemplate ? (
          "Start your own project from this template and lead its team."
        ) : isMember ? (
          <Link to={forum} className="text-brand-700 underline">
            Talk with the team in the project forum
          </Link>
        ) : pendingRequest ? (
          "An admin will answer your request. You can talk with the team in the forum once you have joined."
        ) : signedIn ? (
          "Join to talk with the team in the project forum."
        ) : (
          "Sign in and join to talk with the team in the project forum."
        )}
      </p>
    </div>
  );
}
