import type { getInsights } from "~/insights/insights.server";
import type {
  getContributions,
  getGitHubStats,
  getRepository,
  getSyncStatus,
  requestSync,
} from "~/models/github.server";
import type {
  createPost,
  createReply,
  editPost,
  editReply,
  getPost,
  likePost,
  likeReply,
  listPosts,
} from "~/models/forum.server";
import type {
  createJoinRequest,
  decideJoinRequest,
  listJoinRequests,
  listMyJoinRequests,
} from "~/models/join-request.server";
import type { matchProjectsForUser } from "~/models/match.server";
import type {
  createMilestone,
  getMilestone,
  listProjectMilestones,
  setMilestoneStatus,
  updateMilestone,
} from "~/models/milestone.server";
import type { listMyProjects, listProjectsOfUser } from "~/models/my-projects.server";
import type { getProfile } from "~/models/profile-view.server";
import type { PROFILE_SAVERS } from "~/models/profile.server";
import type {
  linkRepository,
  startFromTemplate,
  startProject,
  validateRepositoryUrl,
} from "~/models/project-lifecycle.server";
import type { getProjectDetail, listOpenProjects, listTemplates, searchProjects } from "~/models/project.server";
import type { addSubtask, renameSubtask, toggleSubtask } from "~/models/subtask.server";
import type { createTask, getTask, pageTasks, updateTask } from "~/models/task.server";
import type { addComment, editComment, listTaskComments } from "~/models/task-comment.server";
import type { listTaskEvents } from "~/models/task-event.server";
import type { CurrentUser } from "~/models/user.server";
import type * as responses from "./responses";
import type { z } from "./zod";

/**
 * Compile-time proof that what the models return fits the documented bodies: `npm run typecheck`
 * fails when a model drops or retypes a field the contract promises. (Fields a model adds that the
 * contract does not name fail at run time instead: the response schemas are strict.)
 */
type Fits<Actual extends Expected, Expected> = [Actual, Expected];
type Returned<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;
type Body<Schema extends z.ZodTypeAny> = z.input<Schema>;
type Item<List> = List extends readonly (infer Element)[] ? Element : never;

export type ModelsFitTheContract = [
  Fits<CurrentUser, Body<typeof responses.currentUser>>,
  Fits<Returned<typeof getProfile>, Body<typeof responses.profile>>,
  Fits<Returned<(typeof PROFILE_SAVERS)["gainer"]>, Body<typeof responses.savedProfile>>,
  Fits<Returned<(typeof PROFILE_SAVERS)["mentor"]>, Body<typeof responses.savedProfile>>,
  Fits<Returned<(typeof PROFILE_SAVERS)["nonprofit"]>, Body<typeof responses.savedProfile>>,
  Fits<Returned<typeof getInsights>, Body<typeof responses.insights>>,
  Fits<Item<Returned<typeof listOpenProjects>["items"]>, Body<typeof responses.projectSummary>>,
  Fits<Item<Returned<typeof listTemplates>["items"]>, Body<typeof responses.projectSummary>>,
  Fits<Returned<typeof getProjectDetail>, Body<typeof responses.projectDetail>>,
  Fits<{ projects: Returned<typeof searchProjects> }, Body<typeof responses.searchResults>>,
  Fits<{ projects: Returned<typeof matchProjectsForUser> }, Body<typeof responses.matchedProjects>>,
  Fits<Item<Returned<typeof listMyProjects>>, Body<typeof responses.workProject>>,
  Fits<Item<Returned<typeof listProjectsOfUser>>, Body<typeof responses.workProject>>,
  Fits<Returned<typeof startFromTemplate> & { projectId: string }, Body<typeof responses.createdFromTemplate>>,
  Fits<Returned<typeof startProject>, Body<typeof responses.startedProject>>,
  Fits<Returned<typeof linkRepository>, Body<typeof responses.linkedRepository>>,
  Fits<Returned<typeof validateRepositoryUrl>, Body<typeof responses.urlValidation>>,
  Fits<Item<Returned<typeof listJoinRequests>>, Body<typeof responses.joinRequest>>,
  Fits<Returned<typeof decideJoinRequest>, Body<typeof responses.joinRequest>>,
  Fits<Item<Returned<typeof listMyJoinRequests>>, Body<typeof responses.joinRequest>>,
  Fits<Returned<typeof createJoinRequest>, Body<typeof responses.joinRequest>>,
  Fits<Item<Returned<typeof pageTasks>["items"]>, Body<typeof responses.taskCard>>,
  Fits<Returned<typeof getTask>, Body<typeof responses.taskDetail>>,
  Fits<Returned<typeof createTask>, Body<typeof responses.taskCard>>,
  Fits<Returned<typeof updateTask>, Body<typeof responses.taskCard>>,
  Fits<Item<Returned<typeof listTaskComments>["items"]>, Body<typeof responses.taskComment>>,
  Fits<Returned<typeof addComment>, Body<typeof responses.taskComment>>,
  Fits<Returned<typeof editComment>, Body<typeof responses.taskComment>>,
  Fits<Item<Returned<typeof listTaskEvents>["items"]>, Body<typeof responses.taskEvent>>,
  Fits<Returned<typeof addSubtask>, Body<typeof responses.subtask>>,
  Fits<Returned<typeof renameSubtask>, Body<typeof responses.subtask>>,
  Fits<Returned<typeof toggleSubtask>, Body<typeof responses.subtask>>,
  Fits<Returned<typeof getMilestone>, Body<typeof responses.milestone>>,
  Fits<Item<Returned<typeof listProjectMilestones>>, Body<typeof responses.milestone>>,
  Fits<Returned<typeof createMilestone>, Body<typeof responses.milestone>>,
  Fits<Returned<typeof updateMilestone>, Body<typeof responses.milestone>>,
  Fits<Returned<typeof setMilestoneStatus>, Body<typeof responses.milestone>>,
  Fits<Returned<typeof getRepository>, Body<typeof responses.repository>>,
  Fits<Item<Returned<typeof getContributions>>, Body<typeof responses.contribution>>,
  Fits<Returned<typeof getSyncStatus>, Body<typeof responses.syncStatus>>,
  Fits<Returned<typeof requestSync>, Body<typeof responses.syncStatus>>,
  Fits<Returned<typeof getGitHubStats>, Body<typeof responses.gitHubStats>>,
  Fits<Returned<typeof createPost>, Body<typeof responses.forumPost>>,
  Fits<Item<Returned<typeof listPosts>["items"]>, Body<typeof responses.forumPost>>,
  Fits<Returned<typeof getPost>["post"], Body<typeof responses.forumPost>>,
  Fits<Returned<typeof editPost>, Body<typeof responses.forumPost>>,
  Fits<Returned<typeof likePost>, Body<typeof responses.forumPost>>,
  Fits<Returned<typeof createReply>, Body<typeof responses.forumReply>>,
  Fits<Returned<typeof editReply>, Body<typeof responses.forumReply>>,
  Fits<Returned<typeof likeReply>, Body<typeof responses.forumReply>>,
];
