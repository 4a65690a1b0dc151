import { MILESTONE_STATUSES } from "~/schemas/milestone";
import { TASK_PRIORITIES, TASK_STATUSES } from "~/schemas/task-values";
import { TASK_REVIEW_STATES } from "~/schemas/task-review";
import { COVER_CAUSES } from "~/utils/project-cover";
import { z } from "./zod";

/**
 * The JSON bodies the API answers with (spec sections 3 and 7), one schema per shape. Objects are
 * strict, so a field a route sends but the contract does not name fails the contract test.
 * app/api-contract/conformance.ts checks the models' return types against these at compile time.
 */
const object = <Shape extends z.ZodRawShape>(shape: Shape) => z.object(shape).strict();
const id = z.string().uuid();
const timestamp = z.string().datetime({ offset: true });
const count = z.number().int().min(0);
const percent = z.number().min(0);

export const userRole = z.enum(["gainer", "mentor", "nonprofit"]);
const projectKind = z.enum(["template", "project"]);
const projectStatus = z.enum(["Pending", "InProgress", "Completed"]);
const difficulty = z.enum(["Beginner", "Intermediate", "Advanced"]);
const joinRequestStatus = z.enum(["Pending", "Approved", "Rejected", "Cancelled", "Expired"]);

/** Every refusal: `{ message, errors }`, errors by field (empty when no field is to blame). */
export const errorBody = object({
  message: z.string(),
  errors: z.record(z.array(z.string())),
}).openapi("Error");

export const currentUser = object({
  userId: id,
  role: userRole.nullable(),
  userType: userRole.nullable(),
  emailAddress: z.string(),
  fullName: z.string(),
  externalId: z.string(),
  isNewUser: z.boolean(),
}).openapi("CurrentUser");

export const ensuredUser = object({ userId: id, isNewUser: z.boolean() }).openapi("EnsuredUser");

export const profile = object({
  userId: id,
  role: userRole.nullable(),
  fullName: z.string(),
  badge: z.string().nullable(),
  subtitle: z.string().nullable(),
  biography: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  areasOfInterest: z.array(z.string()),
  facebookPageURL: z.string().nullable(),
  gitHubURL: z.string().nullable(),
  linkedInURL: z.string().nullable(),
  websiteURL: z.string().nullable(),
  email: z.string().optional().openapi({ description: "Only for its owner, admins they asked, or when made public." }),
  techExpertise: object({
    programmingLanguages: z.array(z.string()),
    technologies: z.array(z.string()),
    tools: z.array(z.string()),
  }),
  achievements: z.array(
    object({ title: z.string(), description: z.string(), locked: z.boolean(), progressPercentage: percent }),
  ),
  projects: z.array(
    object({
      projectId: id,
      projectName: z.string(),
      projectDescription: z.string(),
      projectStatus: z.string().nullable(),
      roleInProject: z.string(),
      technologies: z.array(z.string()),
    }),
  ),
  hasProfile: z.boolean(),
}).openapi("Profile");

/** The saved profile: the form's fields as parsed, with the user's id. */
export const savedProfile = z.object({ id }).passthrough().openapi("SavedProfile", {
  description: "The saved profile's fields (as the form's schema parsed them) and its id.",
});

const kpi = object({
  icon: z.enum(["tasks", "projects", "achievements", "activity"]),
  value: z.string(),
  subtitle: z.string(),
  trend: object({ direction: z.enum(["up", "down", "flat"]), label: z.string() }).optional(),
});

export const insights = object({
  userId: id,
  prepared: z.boolean(),
  preparedAt: timestamp.nullable(),
  projectId: id.nullable(),
  projectName: z.string().nullable(),
  projects: z.array(object({ projectId: id, projectName: z.string() })),
  overallSummary: z.string(),
  kpis: z.record(kpi),
  skillDistribution: z.record(z.number()),
  activityMetrics: object({
    totalTasks: count,
    completedTasks: count,
    completionRate: percent,
    totalProjects: count,
    ownedProjects: count,
    activeProjects: count,
    completedProjects: count,
    totalAchievements: count,
  }),
  technologies: object({
    totalLanguages: count,
    totalTechnologies: count,
    languages: z.array(z.string()),
    technologies: z.array(z.string()),
  }),
  collaborationIndex: object({ pullRequests: count, pushes: count, collaborationRatioPercentage: percent }),
  completionTracker: object({ tasksStarted: count, tasksCompleted: count, completionRatePercentage: percent }),
  refactoringRate: object({ linesAdded: count, linesDeleted: count, refactoringRatioPercentage: percent }),
  achievements: z.array(
    object({
      key: z.string(),
      title: z.string(),
      description: z.string(),
      earned: z.boolean(),
      earnedAt: timestamp.nullable(),
      progressPercentage: percent,
    }),
  ),
  communityCollaboration: object({
    posts: count,
    replies: count,
    likesReceived: count,
    uniquePeersInteracted: count,
  }),
  taskCollaboration: object({
    comments: count,
    reviewsRequested: count,
    reviewsApproved: count,
    reviewsGiven: count,
  }).openapi({
    description:
      "On tasks: comments written, reviews asked for and how many were approved, reviews given (approved or changes asked).",
  }),
  githubData: object({
    needsSetup: z.boolean(),
    username: z.string().nullable(),
    linkedRepos: z.array(
      object({
        projectId: id,
        projectName: z.string(),
        fullName: z.string(),
        url: z.string(),
        syncedAt: timestamp.nullable(),
        syncStatus: z.enum(["running", "completed", "failed"]).nullable(),
      }),
    ),
    totalPullRequests: count,
    totalCommits: count,
    totalCodeReviews: count,
  }),
  activityOverTime: z.array(
    object({
      weekStart: z.string(),
      tasksCompleted: count,
      taskComments: count,
      reviewsGiven: count,
      posts: count,
      replies: count,
    }),
  ),
}).openapi("Insights");

const projectSummaryShape = {
  projectId: id,
  kind: projectKind,
  projectName: z.string(),
  projectDescription: z.string(),
  tagline: z.string(),
  goals: z.array(z.string()),
  coverCause: z.enum(COVER_CAUSES),
  technologies: z.array(z.string()),
  programmingLanguages: z.array(z.string()),
  difficultyLevel: difficulty.nullable(),
  durationDays: z.number().int().nullable(),
  projectPictureUrl: z.string().nullable(),
  projectStatus: projectStatus.nullable(),
  openPositions: count,
  createdAtUtc: timestamp,
  startDate: z.string().nullable(),
};
export const projectSummary = object(projectSummaryShape).openapi("ProjectSummary");

const role = object({ name: z.string(), openPositions: count });

export const projectDetail = object({
  ...projectSummaryShape,
  scope: z.string(),
  repositoryLink: z.string().nullable(),
  templateId: id.nullable(),
  requiredRoles: z.array(role),
  openRoles: z.array(role),
  projectTeamMembers: z.array(
    object({
      userId: id,
      fullName: z.string(),
      roleInProject: z.string(),
      profilePictureUrl: z.string().nullable(),
      role: z.string().nullable(),
    }),
  ),
}).openapi("ProjectDetail");

export const searchResults = object({
  projects: z.array(
    object({
      ...projectSummaryShape,
      matchedBy: object({ fullText: z.array(z.string()).optional(), semantic: z.array(z.string()).optional() }),
    }),
  ),
}).openapi("SearchResults");

export const matchedProjects = object({
  projects: z.array(object({ ...projectSummaryShape, matchReason: z.string() })),
}).openapi("MatchedProjects");

export const workProject = object({
  projectId: id,
  projectName: z.string(),
  projectDescription: z.string(),
  tagline: z.string(),
  goals: z.array(z.string()),
  coverCause: z.enum(COVER_CAUSES),
  projectPictureUrl: z.string().nullable(),
  projectStatus: z.enum(["Pending", "InProgress", "Completed", "Requested", "Rejected", "Expired"]),
  createdAtUtc: timestamp,
  durationDays: z.number().int().nullable(),
  programmingLanguages: z.array(z.string()),
  technologies: z.array(z.string()),
  openRoles: z.array(role),
  repositoryUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  roleInProject: z.string().nullable(),
  pendingRequestCount: count,
  joinRequest: object({
    requestId: id,
    status: joinRequestStatus,
    decisionReason: z.string().nullable(),
    requestedAtUtc: timestamp,
  }).nullable(),
}).openapi("WorkProject");

export const createdFromTemplate = object({ newProjectId: id, projectId: id }).openapi("CreatedFromTemplate");
export const startedProject = object({ projectId: id, projectStatus: z.literal("InProgress") }).openapi(
  "StartedProject",
);
export const linkedRepository = object({ projectId: id, repositoryUrl: z.string() }).openapi("LinkedRepository");
export const urlValidation = object({ isValid: z.boolean(), message: z.string() }).openapi("UrlValidation");

export const joinRequest = object({
  joinRequestId: id,
  projectId: id,
  requesterUserId: id,
  requesterFullName: z.string(),
  requesterEmailAddress: z.string(),
  requestedRole: z.string(),
  message: z.string(),
  status: joinRequestStatus,
  decisionReason: z.string().nullable(),
  createdAtUtc: timestamp,
}).openapi("JoinRequest");

const taskCardShape = {
  taskId: id,
  projectId: id,
  title: z.string(),
  description: z.string(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  type: z.string(),
  dueAtUtc: z.string().nullable(),
  milestoneId: id.nullable(),
  milestoneTitle: z.string().nullable(),
  assigneeId: id.nullable(),
  assigneeName: z.string().nullable(),
  subtaskCount: count,
  completedSubtaskCount: count,
  createdAtUtc: timestamp,
  review: object({
    state: z.enum(TASK_REVIEW_STATES),
    reviewerName: z.string().nullable(),
    requesterId: id.nullable(),
  })
    .nullable()
    .openapi({ description: "The latest mentor review round: whose turn it is. Null before any." }),
};
export const taskCard = object(taskCardShape).openapi("TaskCard");

export const subtask = object({
  subtaskId: id,
  title: z.string(),
  description: z.string(),
  isDone: z.boolean(),
  orderIndex: z.number().int(),
}).openapi("Subtask");

export const taskDetail = object({ ...taskCardShape, subtasks: z.array(subtask) }).openapi("TaskDetail");

export const taskComment = object({
  commentId: id,
  taskId: id,
  content: z.string(),
  authorUserId: id,
  authorName: z.string(),
  createdAtUtc: timestamp,
  updatedAtUtc: timestamp.nullable(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
}).openapi("TaskComment");

export const taskEvent = object({
  eventId: id,
  kind: z.string().openapi({
    description:
      "created, edited, status, assigned, subtask_added, subtask_done, comment_added, review_requested, review_claimed, review_released, review_approved, changes_requested, done_override, review_reminded; later features add kinds.",
  }),
  detail: z.record(z.unknown()).openapi({ description: "What changed: e.g. {field, from, to} for edited." }),
  summary: z.string(),
  actorUserId: id.nullable(),
  actorName: z.string().nullable().openapi({
    description: "Null for the product's own events (review_reminded), whose summary is a whole sentence.",
  }),
  createdAtUtc: timestamp,
}).openapi("TaskEvent");

const reviewPerson = object({ userId: id.nullable(), name: z.string() });

export const taskReview = object({
  reviewId: id,
  round: z.number().int(),
  state: z.enum(TASK_REVIEW_STATES),
  requestedBy: reviewPerson,
  note: z.string(),
  requestedAtUtc: timestamp,
  claimedBy: reviewPerson.nullable(),
  claimedAtUtc: timestamp.nullable(),
  decidedBy: reviewPerson.nullable(),
  decisionComment: z.string(),
  decidedAtUtc: timestamp.nullable(),
}).openapi("TaskReview");

export const milestone = object({
  milestoneId: id,
  projectId: id,
  title: z.string(),
  description: z.string(),
  targetDateUtc: z.string(),
  status: z.enum(MILESTONE_STATUSES),
  orderIndex: z.number().int(),
  tasksCount: count,
  doneTasksCount: count,
}).openapi("Milestone");

export const repository = object({
  fullName: z.string(),
  description: z.string().nullable(),
  primaryLanguage: z.string().nullable(),
  languages: z.array(z.string()),
  languageShares: z.array(object({ name: z.string(), percentage: percent })),
  starsCount: count,
  forksCount: count,
  isPublic: z.boolean(),
  url: z.string(),
  defaultBranch: z.string().nullable(),
  openPullRequests: count,
  lastSyncedAt: timestamp.nullable(),
}).openapi("Repository");

export const contribution = object({
  username: z.string(),
  avatarUrl: z.string().nullable(),
  githubUrl: z.string().nullable(),
  commits: count,
  pullRequests: count,
  codeReviews: count,
  linesAdded: count,
  linesDeleted: count,
  member: object({ userId: id, fullName: z.string(), roleInProject: z.string() }).nullable(),
}).openapi("Contribution");

export const syncStatus = object({
  status: z.enum(["idle", "running", "completed", "failed"]),
  startedAt: timestamp.nullable(),
  finishedAt: timestamp.nullable(),
  lastSyncedAt: timestamp.nullable(),
  error: z.string().nullable(),
  attempts: count,
}).openapi("SyncStatus");

export const gitHubStats = object({
  openPullRequests: count,
  pullRequests: object({ open: count, closed: count, merged: count, total: count }),
  commits: count,
  codeReviews: count,
  contributors: count,
  linesAdded: count,
  linesDeleted: count,
  starsCount: count,
  forksCount: count,
  lastSyncedAt: timestamp.nullable(),
}).openapi("GitHubStats");

const forumEntryShape = {
  content: z.string(),
  authorUserId: id,
  authorName: z.string(),
  authorRole: z.string(),
  createdAtUtc: timestamp,
  updatedAtUtc: timestamp.nullable(),
  likeCount: count,
  isLikedByCurrentUser: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
};
export const forumReply = object({ replyId: id, postId: id, ...forumEntryShape }).openapi("ForumReply");
export const forumPost = object({
  postId: id,
  projectId: id,
  ...forumEntryShape,
  replyCount: count,
  replies: z.array(forumReply),
}).openapi("ForumPost");
