import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { requireProfile, requireUser } from "~/auth/guards.server";
import { ErrorScreen } from "~/components/error-screen";
import { InsightSections } from "~/components/insights/sections";
import { SegmentedLinks } from "~/components/segmented-links";
import { WorkNav } from "~/components/work-nav";
import { getInsights, prepareInsights } from "~/insights/insights.server";
import { DateText } from "~/components/date-time";
import { logger } from "~/logger.server";
import { asDomainError, invariantResponse, toErrorResponse } from "~/utils/errors.server";
import { readForm } from "~/utils/forms.server";
import { isId } from "~/utils/ids";

/**
 * Smart Summary (`/ai-insight`, `/ai-insight/$projectId`; spec sections 2 and 4): signed-in only.
 * Before preparation it offers 'Show me summary', a form that queues a sync of the person's
 * repositories and marks the summary prepared; then every section that has data.
 */

export const meta: MetaFunction = () => [{ title: "Smart Summary · Gainers Hub" }];

const INVALID_PROJECT = "This project address is not valid.";

function projectIdOf(params: LoaderFunctionArgs["params"]): string | undefined {
  const projectId = params.projectId;
  invariantResponse(projectId === undefined || isId(projectId), INVALID_PROJECT, { status: 400 });
  return projectId;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const projectId = projectIdOf(params);
  try {
    return { insights: await getInsights(user, projectId), loadError: null, role: user.role };
  } catch (error) {
    const known = asDomainError(error);
    if (known) throw toErrorResponse(known);
    logger.error({ err: error }, "insights failed to load");
    return { insights: null, loadError: "Failed to load insights data", role: user.role };
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireProfile(request);
  const projectId = projectIdOf(params);
  await readForm(request);
  try {
    await prepareInsights(user, projectId);
  } catch (error) {
    const known = asDomainError(error);
    if (!known) throw error;
    if (known.status !== 502) throw toErrorResponse(known);
    return data({ syncError: known.message }, { status: 502 });
  }
  return redirect(new URL(request.url).pathname);
}

/**
 * What preparing a summary does, in order: the action queues the syncs (its own submission), then
 * the page it redirects to works the figures out (the loading that follows). The sync itself runs
 * in the background; its results show on a later visit.
 */
const PREPARE_STEPS = [
  "Queuing a sync of your linked GitHub repositories",
  "Working out your figures: tasks, projects, forum activity and achievements",
];

/** With JavaScript, the steps of the preparation in progress; without, the form simply posts. */
function PreparationSteps() {
  const navigation = useNavigation();
  if (navigation.state === "idle" || navigation.formMethod !== "POST") return null;
  const current = navigation.state === "submitting" ? 0 : 1;
  return (
    <ol
      role="status"
      aria-label="Preparing your summary"
      className="mx-auto mt-3 max-w-prose space-y-1 text-left text-sm"
    >
      {PREPARE_STEPS.map((step, index) => (
        <li
          key={step}
          aria-current={index === current ? "step" : undefined}
          className={index === current ? "font-semibold text-slate-900" : "text-slate-500"}
        >
          <span aria-hidden="true">{index < current ? "✓ " : index === current ? "… " : "· "}</span>
          {step}
          {index < current ? <span className="sr-only"> (done)</span> : null}
        </li>
      ))}
    </ol>
  );
}

function SyncForm({ label, error }: { label: string; error: string | null }) {
  const navigation = useNavigation();
  const location = useLocation();
  const syncing = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Form method="post" action={location.pathname} className="mt-4">
      <button type="submit" className="btn-primary" disabled={syncing}>
        {syncing ? "Syncing…" : label}
      </button>
      <PreparationSteps />
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

export default function AiInsight() {
  const { insights, loadError, role } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const syncError = actionData?.syncError ?? null;
  const loading =
    navigation.state === "loading" &&
    !navigation.formMethod &&
    navigation.location.pathname.toLowerCase().startsWith("/ai-insight");
  const connectTo =
    role === "mentor"
      ? "/onboarding/mentor-profile#mentor-profile-gitHubURL"
      : "/onboarding/gainer-profile#gainer-profile-gitHubURL";

  return (
    <div className="container-page flex flex-col gap-6 py-8 lg:flex-row">
      <WorkNav />
      <div className="min-w-0 flex-1">
        <h1 className="text-3xl font-bold">
          Smart Summary
          {insights?.projectId && insights.projectName ? (
            <span className="block text-xl font-semibold text-slate-700">
              <span className="sr-only">: </span>
              {insights.projectName}
            </span>
          ) : null}
        </h1>
        {insights && insights.projects.length > 0 ? (
          <div className="mt-4">
            <SegmentedLinks
              label="Summary of"
              current={insights.projectId ?? "all"}
              options={[
                { id: "all", label: "All projects", href: "/ai-insight" },
                ...insights.projects.map((project) => ({
                  id: project.projectId,
                  label: project.projectName,
                  href: `/ai-insight/${project.projectId}`,
                })),
              ]}
            />
          </div>
        ) : null}
        {loading ? (
          <p role="status" className="mt-4 text-slate-600">
            Loading your insights...
          </p>
        ) : null}
        <div className="mt-6">
          {!insights ? (
            <div role="alert" className="rounded-xl bg-red-50 p-5 text-red-800">
              <p className="font-semibold">{loadError}</p>
            </div>
          ) : !insights.prepared ? (
            <section
              aria-labelledby="prepare-title"
              className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10"
            >
              <h2 id="prepare-title" className="text-2xl font-semibold">
                Prepare Your Insights
              </h2>
              <p className="mx-auto mt-2 max-w-prose text-slate-600">
                Click the button to sync your latest project data and generate insights.
              </p>
              <SyncForm label="Show me summary" error={syncError} />
            </section>
          ) : (
            <>
              <div className="mb-4 flex flex-wrap items-end justify-between gap-x-4">
                <p className="text-sm text-slate-600">
                  {insights.preparedAt ? (
                    <>
                      Prepared <DateText value={insights.preparedAt} withTime />
                    </>
                  ) : null}
                </p>
                <SyncForm label="Sync and refresh" error={syncError} />
              </div>
              {insights.projects.length === 0 ? (
                <p className="mb-4 rounded-xl bg-amber-50 p-4 text-amber-900">No projects found for user</p>
              ) : null}
              <InsightSections insights={insights} connectTo={connectTo} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <ErrorScreen back={{ to: "/ai-insight", label: "Back to Smart Summary" }} />;
}
