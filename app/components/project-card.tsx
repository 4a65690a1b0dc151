import { Link, useNavigate } from "@remix-run/react";
import { ProjectCover } from "~/components/project-cover";
import { DaysLeft } from "~/components/schedule-text";
import { StatusChip } from "~/components/status-chip";
import type { KeyboardEvent } from "react";
import type { ProjectSummary } from "~/models/project.server";
import { catalogueStatusLabel, formatDuration, formatOpenPositions, visibleTags } from "~/utils/format";

const MAX_TAGS = 4;

/**
 * A project or template in a grid (spec section 2, Project card). The whole card is one link
 * target: the "View Project" link stretches over it, so Enter works without JavaScript and
 * Space works too once JavaScript is there.
 */
export function ProjectCard({ project }: { project: ProjectSummary & { matchReason?: string } }) {
  const navigate = useNavigate();
  const href = `/project/${project.projectId}`;
  const title = project.projectName || "Untitled Project";
  const { shown, more } = visibleTags(project.technologies, MAX_TAGS);
  const titleId = `project-card-title-${project.projectId}`;

  function activateWithSpace(event: KeyboardEvent<HTMLAnchorElement>) {
    if (event.key === " ") {
      event.preventDefault();
      navigate(href);
    }
  }

  return (
    <article
      aria-labelledby={titleId}
      className="group relative flex flex-row overflow-hidden rounded-2xl sm:flex-col border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-within:ring-2 focus-within:ring-brand-500"
    >
      {/* A phone shows a small cover beside the text: a full-width one took 200 px of every card. */}
      <ProjectCover
        project={project}
        compact
        className="m-3 mr-0 aspect-square w-20 shrink-0 self-start rounded-lg object-cover sm:m-0 sm:aspect-video sm:w-full sm:rounded-none"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-3 sm:gap-3 sm:p-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs font-medium text-slate-600">
          <StatusChip status={catalogueStatusLabel(project.kind, project.projectStatus)} />
          <span>{formatDuration(project.durationDays)}</span>
          <DaysLeft project={project} />
          {project.kind === "project" ? <span>{formatOpenPositions(project.openPositions)}</span> : null}
        </div>
        <h3 id={titleId} className="text-base font-semibold leading-snug text-ink sm:text-lg">
          {title}
        </h3>
        <p className="line-clamp-2 text-sm text-slate-600 sm:line-clamp-3">
          {project.projectDescription || "No description available"}
        </p>
        {project.matchReason ? <p className="text-sm font-medium text-brand-700">{project.matchReason}</p> : null}
        {shown.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Technologies">
            {shown.map((tag) => (
              <li key={tag} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                {tag}
              </li>
            ))}
            {more > 0 ? <li className="px-1 py-0.5 text-xs text-slate-500">+{more} more</li> : null}
          </ul>
        ) : null}
        <div className="mt-auto sm:pt-2">
          <Link
            to={href}
            onKeyDown={activateWithSpace}
            aria-describedby={titleId}
            className="inline-flex min-h-11 items-center font-semibold text-brand-600 after:absolute after:inset-0 after:content-[''] hover:text-brand-700 focus:outline-none"
          >
            View Project <span aria-hidden="true">&nbsp;→</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
