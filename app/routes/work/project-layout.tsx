import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { requireProjectAccess } from "~/auth/project-guard.server";
import { ErrorScreen } from "~/components/error-screen";
import { WorkNav } from "~/components/work-nav";

/**
 * `/work/projects/$projectId` and everything under it (the tabs, task details, forum posts):
 * members only, checked here once for all children (their loaders share the same check).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const access = await requireProjectAccess(request, params.projectId);
  return {
    muted: access.notificationsMuted,
    project: {
      projectId: access.projectId,
      projectName: access.projectName,
      projectStatus: access.projectStatus,
      isAdmin: access.isAdmin,
      roleInProject: access.roleInProject,
    },
  };
}

export const LAYOUT_ID = "routes/work/project-layout";

/** The project as the layout loaded it, for any screen under the layout. */
export function useWorkProject() {
  const data = useRouteLoaderData<typeof loader>(LAYOUT_ID);
  if (!data) throw new Error("useWorkProject is only for screens under /work/projects/$projectId");
  return data.project;
}

const STATUS_LABELS = { Pending: "Pending", InProgress: "Active", Completed: "Completed" } as const;

export default function ProjectLayout() {
  const { project, muted } = useLoaderData<typeof loader>();
  return (
    <div className="container-page flex flex-col gap-3 py-4 sm:gap-6 sm:py-8 lg:flex-row">
      <WorkNav />
      <div className="min-w-0 flex-1 space-y-4 sm:space-y-6">
        {/* The title on its own line, then one row of facts with Mute at its end, at every width. */}
        <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="w-full text-xl font-bold sm:text-3xl">{project.projectName}</h1>
          {project.projectStatus ? (
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-medium text-brand-700">
              {STATUS_LABELS[project.projectStatus]}
            </span>
          ) : null}
          <span className="text-sm text-slate-600">
            You: {project.roleInProject}
            {project.isAdmin ? " · admin" : ""}
          </span>
          <MuteForm projectId={project.projectId} muted={muted} />
        </header>
        <Outlet />
      </div>
    </div>
  );
}

/** Mute or subscribe to this project's notifications; a plain form, so it works without JavaScript. */
function MuteForm({ projectId, muted }: { projectId: string; muted: boolean }) {
  return (
    <Form method="post" action={`/work/projects/${projectId}/notifications`}>
      <input type="hidden" name="muted" value={muted ? "false" : "true"} />
      <button type="submit" className="btn-secondary !min-h-9 !px-3 text-sm">
        {muted ? "Subscribe to notifications" : "Mute notifications"}
      </button>
      {muted ? <span className="sr-only"> (notifications from this project are muted)</span> : null}
    </Form>
  );
}

/** Spec section 2, Project work page: its words for each refusal. */
const WORK_ERRORS = {
  401: { title: "Authentication Required", body: "Please sign in to view this project." },
  403: { title: "Access Denied", body: "Only members of this project can see its work." },
  404: { title: "Project Not Found", body: "This project does not exist or was removed." },
};

/** The work area's error screen; a child page names what its own 404 means. */
export function WorkErrorScreen({ notFound }: { notFound?: { title: string; body: string } }) {
  const texts = notFound ? { ...WORK_ERRORS, 404: notFound } : WORK_ERRORS;
  return <ErrorScreen texts={texts} back={{ to: "/work", label: "Back to My Projects" }} />;
}

export function ErrorBoundary() {
  return <WorkErrorScreen />;
}
