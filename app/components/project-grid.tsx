import type { ReactNode } from "react";
import type { ProjectSummary } from "~/models/project.server";
import { ProjectCard } from "./project-card";

/** Cards in a responsive grid, or a message when there are none. */
export function ProjectGrid({
  projects,
  empty,
  emptyAction,
  wide = true,
}: {
  /** A profile match carries the reason its card shows. */
  projects: (ProjectSummary & { matchReason?: string })[];
  empty?: string;
  /** What to do about an empty list, e.g. a link that clears the search. */
  emptyAction?: ReactNode;
  /** Four columns on wide screens; three suits short rows. */
  wide?: boolean;
}) {
  if (projects.length === 0) {
    return empty ? (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
        <p>{empty}</p>
        {emptyAction ? <div className="mt-4">{emptyAction}</div> : null}
      </div>
    ) : null;
  }
  return (
    <ul className={`grid gap-5 sm:grid-cols-2 lg:grid-cols-3 ${wide ? "xl:grid-cols-4" : ""}`}>
      {projects.map((project) => (
        <li key={project.projectId} className="flex">
          <ProjectCard project={project} />
        </li>
      ))}
    </ul>
  );
}
