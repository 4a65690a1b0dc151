import type { Insertable, Selectable, Updateable } from "kysely";
import type * as Tables from "./generated-types";

/**
 * Row types of the tables created by db/migrations, generated from the migrated schema into
 * db/generated-types.ts by `npm run db:types` (never edit that file by hand; a test fails when it
 * is stale). This module only gives them the names the app uses.
 */
export type Database = Tables.DB;

export type UsersTable = Tables.Users;
export type GainerProfilesTable = Tables.GainerProfiles;
export type MentorProfilesTable = Tables.MentorProfiles;
export type NonprofitProfilesTable = Tables.NonprofitProfiles;
export type ProjectsTable = Tables.Projects;
export type ProjectRolesTable = Tables.ProjectRoles;
export type ProjectMembersTable = Tables.ProjectMembers;
export type JoinRequestsTable = Tables.JoinRequests;
export type MilestonesTable = Tables.Milestones;
export type TasksTable = Tables.Tasks;
export type SubtasksTable = Tables.Subtasks;
export type TemplateMilestonesTable = Tables.TemplateMilestones;
export type TemplateTasksTable = Tables.TemplateTasks;
export type ForumPostsTable = Tables.ForumPosts;
export type ForumRepliesTable = Tables.ForumReplies;
export type PostLikesTable = Tables.PostLikes;
export type ReplyLikesTable = Tables.ReplyLikes;
export type RepositoriesTable = Tables.Repositories;
export type SyncRunsTable = Tables.SyncRuns;
export type ContributionsTable = Tables.Contributions;
export type NotificationsTable = Tables.Notifications;
export type AchievementsTable = Tables.Achievements;
export type UserAchievementsTable = Tables.UserAchievements;
export type SessionsTable = Tables.Sessions;
export type RepositoryLanguagesTable = Tables.RepositoryLanguages;
export type PullRequestsTable = Tables.PullRequests;
export type PullRequestReviewsTable = Tables.PullRequestReviews;
export type GithubEtagsTable = Tables.GithubEtags;
export type TaskReviewsTable = Tables.TaskReviews;

/** The values a column's CHECK constraint allows (see db/types.ts). */
type Values<Table, Column extends keyof Selectable<Table>> = NonNullable<Selectable<Table>[Column]>;

export type UserRole = Values<UsersTable, "role">;
export type ProjectKind = Values<ProjectsTable, "kind">;
export type ProjectStatus = Values<ProjectsTable, "status">;
export type Difficulty = Values<ProjectsTable, "difficulty">;
export type JoinRequestStatus = Values<JoinRequestsTable, "status">;
export type TaskStatus = Values<TasksTable, "status">;
export type TaskPriority = Values<TasksTable, "priority">;
export type MilestoneStatus = Values<MilestonesTable, "status">;
export type TaskReviewState = Values<TaskReviewsTable, "state">;
export type SyncStatus = Values<SyncRunsTable, "status">;
export type SyncTrigger = Values<SyncRunsTable, "trigger">;
export type PullRequestState = Values<PullRequestsTable, "state">;

export type Project = Selectable<ProjectsTable>;
export type NewProject = Insertable<ProjectsTable>;
export type ProjectUpdate = Updateable<ProjectsTable>;
export type User = Selectable<UsersTable>;
