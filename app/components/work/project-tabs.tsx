import { Link } from "@remix-run/react";
import { TabLinks } from "~/components/tab-links";

/**
 * The work page's tabs, in one place: add a tab here (and its content in project-page.tsx) and
 * every screen of the work area shows it. Tabs are links (`?tab=`), bookmarkable, no script needed.
 */
export const PROJECT_TABS = [
  { id: "tasks", label: "My Tasks" },
  { id: "forum", label: "Forum" },
  { id: "code", label: "Code" },
  { id: "milestones", label: "Milestones" },
] as const;

export type ProjectTab = (typeof PROJECT_TABS)[number]["id"];
export const PROJECT_TAB_IDS = PROJECT_TABS.map((tab) => tab.id) as [ProjectTab, ...ProjectTab[]];

export function projectTabHref(projectId: string, tab: ProjectTab): string {
  return `/work/projects/${projectId}?tab=${tab}`;
}

/** The tabs; on a page inside a tab (a task, a post), `back` adds a link back to that tab. */
export function ProjectTabs({ projectId, current, back }: { projectId: string; current: ProjectTab; back?: string }) {
  const tabs = (
    <TabLinks
      label="Project sections"
      current={current}
      tabs={PROJECT_TABS.map((tab) => ({ id: tab.id, label: tab.label, href: projectTabHref(projectId, tab.id) }))}
    />
  );
  if (!back) return tabs;
  return (
    <>
      {tabs}
      <Link to={projectTabHref(projectId, current)} className="btn-secondary">
        {back}
      </Link>
    </>
  );
}
