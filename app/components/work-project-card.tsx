import { Form, Link, useNavigation } from "@remix-run/react";
import { CancelJoinRequestForm } from "~/components/cancel-join-request-form";
import { DateText } from "~/components/date-time";
import { ProjectCover } from "~/components/project-cover";
import { StatusChip } from "~/components/status-chip";
import type { WorkProject } from "~/models/my-projects.server";
import { visibleTags } from "~/utils/format";
import { closedRequestText } from "~/utils/join-request-outcome";

const STATUS_LABELS = {
  InProgress: "Active",
  Completed: "Completed",
  Pending: "Pending",
  Requested: "Requested",
  Rejected: "Rejected",
  Expired: "Expired",
} as const;

/**
 * A project in My Projects (spec section 2): pending and requested projects show their admins'
 * actions and do not open; the others open the task dashboard.
 */
export function WorkProjectCard({ project, tab }: { project: WorkProject; tab: string }) {
  const navigation = useNavigation();
  const { shown, more } = visibleTags(project.technologies, 3);
  const request = project.joinRequest;
  const waiting = project.projectStatus === "Pending" || request !== null;
  const starting =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "start" &&
    navigation.formData?.get("projectId") === project.projectId;
  // Without JavaScript the panel is a page section: the fragment lands the page on it.
  const modalHref = (param: string) => `/work?${new URLSearchParams({ tab, [param]: project.projectId })}#dialog`;
  const viewRequests = (
    <Link to={modalHref("requests")} preventScrollReset className="btn-secondary">
      View Requests
      <span
        className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white"
        aria-label={`(${project.pendingRequestCount} waiting)`}
      >
        {project.pendingRequestCount}
      </span>
    </Link>
  );

  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <ProjectCover project={project} className="aspect-[21/9] w-full object-cover" />
      <div className="flex flex-1 flex-col gap-2 p-4">
        {request === null ? (
          <span className="flex flex-wrap items-center gap-2 self-start text-xs font-medium text-slate-600">
            <StatusChip status={STATUS_LABELS[project.projectStatus]} />
            {/* The Smart Summary counts these as the projects the person runs. */}
            {project.isAdmin ? "You run this project" : null}
          </span>
        ) : (
          <span className="flex flex-wrap items-center gap-2 self-start text-xs font-medium text-slate-600">
            <StatusChip status={STATUS_LABELS[project.projectStatus]} />
            {request.status === "Pending" ? "Your request is waiting for an admin" : null}
          </span>
        )}
        <h3 className="text-lg font-semibold">{project.projectName}</h3>
        {request?.status === "Pending" ? (
          <p className="text-sm text-slate-700">
            You asked to join as <strong>{project.roleInProject ?? "a member"}</strong> on{" "}
            <DateText value={request.requestedAtUtc} />.
          </p>
        ) : null}
        {request && request.status !== "Pending" ? (
          <p className="text-sm text-slate-700">{closedRequestText(request.status, request.decisionReason)}</p>
        ) : null}
        <p className="line-clamp-2 text-sm text-slate-600">{project.projectDescription}</p>
        {shown.length ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Technologies">
            {shown.map((tag) => (
              <li key={tag} className="chip">
                {tag}
              </li>
            ))}
            {more ? <li className="px-1 text-xs text-slate-500">+{more}</li> : null}
          </ul>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-3">
          {!waiting ? (
            <>
              <Link to={`/work/projects/${project.projectId}`} className="btn-primary">
                Start Working
              </Link>
              {/* Running projects take join requests too, so their admins need the list as well. */}
              {project.isAdmin && project.projectStatus === "InProgress" ? viewRequests : null}
            </>
          ) : project.isAdmin ? (
            <>
              {viewRequests}
              {!project.repositoryUrl ? (
                <Link to={modalHref("repository")} preventScrollReset className="btn-secondary">
                  Connect Repository
                </Link>
              ) : null}
              {project.projectStatus === "Pending" ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="start" />
                  <input type="hidden" name="projectId" value={project.projectId} />
                  <button type="submit" className="btn-primary" disabled={starting}>
                    {starting ? "Starting…" : "Start Project"}
                  </button>
                </Form>
              ) : null}
            </>
          ) : (
            <>
              <Link to={`/project/${project.projectId}`} className="btn-secondary">
                View Project
              </Link>
              {request?.status === "Pending" ? (
                <CancelJoinRequestForm projectId={project.projectId} requestId={request.requestId} />
              ) : null}
            </>
          )}
        </div>
      </div>
    </article>
  );
}
