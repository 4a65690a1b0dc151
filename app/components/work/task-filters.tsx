import { Form, Link } from "@remix-run/react";
import type { TaskAssigneeFilter, TaskFilters } from "~/schemas/task-board";
import { TASK_PRIORITIES, TASK_TYPES } from "~/schemas/task-values";
import { type Choice, SelectOptions } from "~/components/form-fields";
import { SmallField } from "~/components/small-field";

/**
 * The board's filters: a GET form, so the choice lives in the address (shareable, and it works
 * without JavaScript). Whose tasks, milestone, priority, type, and words of the title.
 */
export type BoardFilters = TaskFilters & { assignee: TaskAssigneeFilter };

const ASSIGNEE_CHOICES: { value: TaskAssigneeFilter; label: string }[] = [
  { value: "me", label: "Assigned to me" },
  { value: "anyone", label: "Anyone" },
  { value: "unassigned", label: "Unassigned" },
];

/** The board's address with these filters (what Show all and paging links build on). */
export function boardHref(projectId: string, filters: BoardFilters): string {
  const params = new URLSearchParams({ tab: "tasks", assignee: filters.assignee });
  for (const key of ["milestoneId", "priority", "type", "q"] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return `/work/projects/${projectId}?${params.toString()}`;
}

export function isFiltered(filters: BoardFilters): boolean {
  return Boolean(filters.milestoneId || filters.priority || filters.type || filters.q);
}

export function TaskFilterForm({
  projectId,
  filters,
  milestones,
}: {
  projectId: string;
  filters: BoardFilters;
  milestones: { milestoneId: string; title: string }[];
}) {
  const chosen =
    [filters.milestoneId, filters.priority, filters.type, filters.q].filter(Boolean).length +
    (filters.assignee === "me" ? 0 : 1);
  const byTitle = milestones.map((m) => ({ value: m.milestoneId, label: m.title }));
  // On a phone the filters fold away under one line (open while some are set), so the tasks
  // start on the first screen; from 640 px they are always shown (app.css, .phone-fold).
  return (
    <details open={chosen > 0} className="phone-fold rounded-2xl border border-slate-200 bg-white">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between px-3 font-semibold sm:hidden [&::-webkit-details-marker]:hidden">
        Filters{chosen ? ` (${chosen})` : ""}
        <span aria-hidden="true" className="text-slate-600">
          ▾
        </span>
      </summary>
      <Form
        method="get"
        action={`/work/projects/${projectId}`}
        role="search"
        aria-label="Filter tasks"
        className="grid gap-3 p-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
      >
        <input type="hidden" name="tab" value="tasks" />
        <SmallField id="task-search" label="Search titles" className="sm:col-span-2">
          <input
            id="task-search"
            type="search"
            name="q"
            defaultValue={filters.q ?? ""}
            maxLength={200}
            placeholder="Words of a task title…"
            className="min-h-11 rounded-lg border border-slate-300 px-3"
          />
        </SmallField>
        <Select name="assignee" label="Assignee" value={filters.assignee} options={ASSIGNEE_CHOICES} />
        <Select name="milestoneId" label="Milestone" value={filters.milestoneId} options={byTitle} orAny />
        <Select name="priority" label="Priority" value={filters.priority} options={TASK_PRIORITIES} orAny />
        <Select name="type" label="Type" value={filters.type} options={TASK_TYPES} orAny />
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-6">
          <button type="submit" className="btn-primary">
            Filter
          </button>
          {isFiltered(filters) || filters.assignee !== "me" ? (
            <Link to={`/work/projects/${projectId}?tab=tasks`} className="btn-secondary">
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>
    </details>
  );
}

/**
 * One filter's select, its id from its label (filter-milestone, …); `orAny` offers "Any
 * milestone" first, the choice that does not filter.
 */
function Select({
  name,
  label,
  value = "",
  options,
  orAny = false,
}: {
  name: string;
  label: string;
  value?: string;
  options: readonly Choice[];
  orAny?: boolean;
}) {
  const id = `filter-${label.toLowerCase()}`;
  return (
    <SmallField id={id} label={label} className="min-w-0">
      {/* key: a new address (back, a link) shows its own choice, not the last one picked. */}
      <select
        id={id}
        name={name}
        defaultValue={value}
        key={value}
        className="min-h-11 min-w-0 rounded-lg border border-slate-300 bg-white px-3"
      >
        <SelectOptions empty={orAny ? `Any ${label.toLowerCase()}` : undefined} options={options} />
      </select>
    </SmallField>
  );
}
