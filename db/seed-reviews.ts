import type { Insertable } from "kysely";
import type { Database, TaskStatus } from "./schema";

/**
 * Mentor review in the demo data: a few seeded tasks in each state a visitor should meet (a
 * request waiting, one reminded after two days, one claimed, one sent back with changes, one
 * approved and done), with the comments and history rows the app would have written. Each
 * scenario takes the first task that fits: assigned to a gainer, reviewed by a member with the
 * project's Mentor role, every step after the task was made and both people had joined.
 */

type Rows<Table extends keyof Database> = Insertable<Database[Table]>[];

type Step =
  | { kind: "request"; hoursBefore: number; note: string }
  | { kind: "claim" | "remind" | "done"; hoursBefore: number }
  | { kind: "changes" | "approve"; hoursBefore: number; comment: string }
  | { kind: "comment"; hoursBefore: number; by: "assignee" | "reviewer"; content: string };

interface Scenario {
  key: string;
  /** The demo person whose task it is, or any gainer. */
  assignee: string | null;
  /** The reviewing mentor, or any mentor of the project. */
  reviewer: string | null;
  /** People who take no part in this one (so each demo person meets a different state). */
  avoid: string[];
  status: TaskStatus;
  /** Steps count back from now, or from a done task's completion. */
  from: "now" | "completion";
  steps: Step[];
}

/** The review-reminders job's wait (REVIEW_REMIND_AFTER_DAYS), plus its quarter-hour schedule. */
const REMIND_AFTER_DAYS = 2;
const REMIND_AFTER_HOURS = REMIND_AFTER_DAYS * 24 + 0.25;

const SCENARIOS: Scenario[] = [
  {
    key: "waiting",
    assignee: "amara",
    reviewer: "grace",
    avoid: [],
    status: "InProgress",
    from: "now",
    steps: [
      {
        kind: "comment",
        hoursBefore: 28,
        by: "assignee",
        content: "A first version is up; the edge cases come next.",
      },
      {
        kind: "request",
        hoursBefore: 20,
        note: "Ready for a first look. I was unsure about some of the wording.",
      },
    ],
  },
  {
    key: "changes",
    assignee: "amara",
    reviewer: null,
    avoid: ["grace"],
    status: "InProgress",
    from: "now",
    steps: [
      { kind: "request", hoursBefore: 150, note: "Could someone check this before I go further?" },
      { kind: "claim", hoursBefore: 126 },
      {
        kind: "changes",
        hoursBefore: 100,
        comment: "A good start. It misses the empty and error states: add them, with a test for each.",
      },
      {
        kind: "comment",
        hoursBefore: 76,
        by: "assignee",
        content: "Thanks! Adding the empty and error states now.",
      },
    ],
  },
  {
    key: "approved",
    assignee: "amara",
    reviewer: "grace",
    avoid: [],
    status: "Done",
    from: "completion",
    steps: [
      { kind: "request", hoursBefore: 30, note: "Tests are in; ready for review." },
      { kind: "claim", hoursBefore: 26 },
      { kind: "approve", hoursBefore: 22, comment: "Clear and well tested. Approved." },
      {
        kind: "comment",
        hoursBefore: 21,
        by: "reviewer",
        content: "Thanks for the tests, they made this easy to review.",
      },
      { kind: "done", hoursBefore: 0 },
    ],
  },
  {
    key: "claimed",
    assignee: null,
    reviewer: "grace",
    avoid: ["amara"],
    status: "InProgress",
    from: "now",
    steps: [
      { kind: "request", hoursBefore: 40, note: "" },
      { kind: "claim", hoursBefore: 6 },
      {
        kind: "comment",
        hoursBefore: 5,
        by: "reviewer",
        content: "Looking at this today; my notes will be in the review.",
      },
    ],
  },
  {
    key: "reminded",
    assignee: null,
    reviewer: "grace",
    avoid: ["amara"],
    status: "InProgress",
    from: "now",
    steps: [
      { kind: "request", hoursBefore: 74, note: "Is this the right approach? A check before I go further would help." },
      { kind: "remind", hoursBefore: 74 - REMIND_AFTER_HOURS },
    ],
  },
];

export interface SeededWork {
  users: Rows<"users">;
  project_members: Rows<"project_members">;
  tasks: Rows<"tasks">;
}

export interface DemoReviewRows {
  task_reviews: Rows<"task_reviews">;
  task_comments: Rows<"task_comments">;
  task_events: Rows<"task_events">;
}

const HOUR = 60 * 60 * 1000;
const time = (value: unknown) => new Date(value as Date).getTime();

/** The project's reviewers, as the app decides them: admins, Mentor roles and mentor accounts. */
const isReviewer = (member: SeededWork["project_members"][number], role: string | null | undefined) =>
  Boolean(member.is_admin) || /mentor/i.test(member.role_in_project) || role === "mentor";

type Member = SeededWork["project_members"][number];

/** A scenario's task, its people, and the moment its steps count back from. */
interface Match {
  task: SeededWork["tasks"][number];
  members: Member[];
  assignee: Member;
  reviewer: Member;
  anchor: number;
}

export function buildDemoReviews(work: SeededWork, now: Date, idFor: (key: string) => string): DemoReviewRows {
  const rows: DemoReviewRows = { task_reviews: [], task_comments: [], task_events: [] };
  const people = new Map(work.users.map((user) => [user.id as string, user]));
  const keyOf = (userId: string) => (people.get(userId)?.external_id ?? "").replace(/^demo:/, "");
  const membersOf = new Map<string, Member[]>();
  for (const member of work.project_members) {
    membersOf.set(member.project_id, [...(membersOf.get(member.project_id) ?? []), member]);
  }
  const usedProjects = new Set<string>();

  /** The task's scenario match, or null: one scenario per project, so each shows somewhere else. */
  const fit = (scenario: Scenario, task: SeededWork["tasks"][number]): Match | null => {
    if (usedProjects.has(task.project_id) || task.status !== scenario.status) return null;
    const members = membersOf.get(task.project_id) ?? [];
    const assignee = members.find((m) => m.user_id === task.assignee_id);
    if (!assignee || people.get(assignee.user_id)?.role !== "gainer") return null;
    const assigneeKey = keyOf(assignee.user_id);
    if (scenario.avoid.includes(assigneeKey) || (scenario.assignee ?? assigneeKey) !== assigneeKey) return null;
    const reviewer = members.find((m) => {
      const key = keyOf(m.user_id);
      return (
        m !== assignee &&
        /mentor/i.test(m.role_in_project) &&
        (scenario.reviewer ?? key) === key &&
        !scenario.avoid.includes(key)
      );
    });
    if (!reviewer) return null;
    const anchor = scenario.from === "now" ? now.getTime() : time(task.updated_at);
    const earliest = anchor - Math.max(...scenario.steps.map((step) => step.hoursBefore)) * HOUR;
    const joined = Math.max(time(task.created_at), time(assignee.joined_at), time(reviewer.joined_at));
    return earliest >= joined + HOUR ? { task, members, assignee, reviewer, anchor } : null;
  };

  for (const scenario of SCENARIOS) {
    let match: Match | null = null;
    for (const task of work.tasks) if ((match = fit(scenario, task))) break;
    if (!match) continue;
    usedProjects.add(match.task.project_id);
    writeScenario(rows, scenario, match, {
      id: (key) => idFor(`review-demo:${scenario.key}:${key}`),
      nameOf: (userId) => people.get(userId)?.full_name ?? null,
      reviews: (member) => isReviewer(member, people.get(member.user_id)?.role),
    });
  }
  return rows;
}

function writeScenario(
  rows: DemoReviewRows,
  scenario: Scenario,
  match: Match,
  helpers: {
    id: (key: string) => string;
    nameOf: (userId: string) => string | null;
    reviews: (member: Member) => boolean;
  },
) {
  const { task, assignee, reviewer } = match;
  const { id } = helpers;
  const taskId = task.id as string;
  const owner = task.created_by ?? null;
  let round = 0;
  let open: (typeof rows.task_reviews)[number] | null = null;
  const event = (actor: string | null, kind: string, detail: Record<string, unknown>, at: Date) =>
    rows.task_events.push({
      id: id(`event:${rows.task_events.length}`),
      task_id: taskId,
      actor_id: actor,
      kind,
      detail: JSON.stringify(detail),
      created_at: at,
    });

  // The task's own start, as the app records a new, assigned task.
  event(owner, "created", { title: task.title }, new Date(task.created_at as Date));
  event(
    owner,
    "assigned",
    { fromUserId: null, fromName: null, toUserId: assignee.user_id, toName: helpers.nameOf(assignee.user_id) },
    new Date(task.created_at as Date),
  );
  for (const step of scenario.steps) {
    const at = new Date(match.anchor - step.hoursBefore * HOUR);
    switch (step.kind) {
      case "request":
        round += 1;
        open = {
          id: id(`round:${round}`),
          task_id: taskId,
          round,
          state: "requested",
          requested_by: assignee.user_id,
          request_note: step.note,
          requested_at: at,
        };
        rows.task_reviews.push(open);
        event(assignee.user_id, "review_requested", { round, note: step.note.slice(0, 200) }, at);
        break;
      case "claim":
        Object.assign(open!, { state: "claimed", claimed_by: reviewer.user_id, claimed_at: at });
        event(reviewer.user_id, "review_claimed", { round }, at);
        break;
      case "changes":
      case "approve": {
        const state = step.kind === "approve" ? "approved" : "changes_requested";
        Object.assign(open!, { state, decided_by: reviewer.user_id, decided_at: at, decision_comment: step.comment });
        const kind = step.kind === "approve" ? "review_approved" : "changes_requested";
        event(reviewer.user_id, kind, { round, comment: step.comment.slice(0, 200) }, at);
        break;
      }
      case "remind": {
        open!.reminded_at = at;
        const reminded = match.members.filter((m) => m.user_id !== assignee.user_id && helpers.reviews(m)).length;
        event(null, "review_reminded", { round, days: REMIND_AFTER_DAYS, reminded }, at);
        break;
      }
      case "comment": {
        const author = step.by === "assignee" ? assignee.user_id : reviewer.user_id;
        const commentId = id(`comment:${rows.task_comments.length}`);
        rows.task_comments.push({
          id: commentId,
          task_id: taskId,
          author_id: author,
          content: step.content,
          created_at: at,
        });
        event(author, "comment_added", { commentId, excerpt: step.content.slice(0, 120) }, at);
        break;
      }
      case "done":
        event(assignee.user_id, "status", { from: "InProgress", to: "Done" }, at);
        break;
    }
  }
}
