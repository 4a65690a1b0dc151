import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/** Row types of the tables created by db/migrations. Keep in step with the migrations. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export type UserRole = "gainer" | "mentor" | "nonprofit";
export type ProjectKind = "template" | "project";
export type ProjectStatus = "Pending" | "InProgress" | "Completed";
export type Difficulty = "Beginner" | "Intermediate" | "Advanced";
export type JoinRequestStatus = "Pending" | "Approved" | "Rejected" | "Cancelled";
export type TaskStatus = "Todo" | "InProgress" | "Blocked" | "Done";
export type TaskPriority = "Low" | "Medium" | "High" | "Critical";
export type MilestoneStatus = "Planned" | "Active" | "Completed";
export type SyncStatus = "running" | "completed" | "failed";

export interface UsersTable {
  id: Generated<string>;
  external_id: string;
  email: string;
  full_name: Generated<string>;
  role: UserRole | null;
  profile_completed: Generated<boolean>;
  profile_picture_url: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface GainerProfilesTable {
  user_id: string;
  full_name: string;
  biography: string;
  profile_picture_url: string | null;
  linkedin_url: string | null;
  github_url: string | null;
  facebook_page_url: string | null;
  current_position: string;
  years_of_experience: number;
  education_status: string;
  areas_of_interest: string[];
  programming_languages: Generated<string[]>;
  technologies: Generated<string[]>;
  tools: Generated<string[]>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface MentorProfilesTable {
  user_id: string;
  full_name: string;
  biography: string;
  profile_picture_url: string | null;
  linkedin_url: string | null;
  github_url: string | null;
  website_url: string | null;
  current_position: Generated<string>;
  years_of_experience: number;
  availability: Generated<string>;
  expertise: Generated<string[]>;
  programming_languages: Generated<string[]>;
  technologies: Generated<string[]>;
  tools: Generated<string[]>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface NonprofitProfilesTable {
  user_id: string;
  organization_name: string;
  mission: string;
  website_url: string | null;
  contact_name: string;
  contact_email: string;
  areas_of_need: Generated<string[]>;
  profile_picture_url: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ProjectsTable {
  id: Generated<string>;
  kind: ProjectKind;
  template_id: string | null;
  status: ProjectStatus | null;
  name: string;
  tagline: Generated<string>;
  description: Generated<string>;
  difficulty: Difficulty | null;
  duration_days: number | null;
  picture_url: string | null;
  technologies: Generated<string[]>;
  programming_languages: Generated<string[]>;
  goals: Generated<string[]>;
  scope: Generated<string>;
  repository_url: string | null;
  start_date: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_by: string | null;
  /** Maintained by a trigger; never written by the app. */
  search_document: ColumnType<string | null, never, never>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ProjectRolesTable {
  id: Generated<string>;
  project_id: string;
  name: string;
  open_positions: Generated<number>;
}

export interface ProjectMembersTable {
  id: Generated<string>;
  project_id: string;
  user_id: string;
  role_in_project: string;
  is_admin: Generated<boolean>;
  joined_at: CreatedAt;
}

export interface JoinRequestsTable {
  id: Generated<string>;
  project_id: string;
  user_id: string;
  requested_role: string;
  message: Generated<string>;
  status: Generated<JoinRequestStatus>;
  decision_reason: string | null;
  decided_by: string | null;
  decided_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface MilestonesTable {
  id: Generated<string>;
  project_id: string;
  title: string;
  description: Generated<string>;
  target_date: Timestamp;
  status: Generated<MilestoneStatus>;
  order_index: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface TasksTable {
  id: Generated<string>;
  project_id: string;
  milestone_id: string | null;
  title: string;
  description: Generated<string>;
  status: Generated<TaskStatus>;
  priority: Generated<TaskPriority>;
  type: Generated<string>;
  due_at: Timestamp | null;
  assignee_id: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SubtasksTable {
  id: Generated<string>;
  task_id: string;
  title: string;
  description: Generated<string>;
  is_done: Generated<boolean>;
  order_index: Generated<number>;
  created_at: CreatedAt;
}

export interface ForumPostsTable {
  id: Generated<string>;
  project_id: string;
  author_id: string;
  content: string;
  created_at: CreatedAt;
}

export interface ForumRepliesTable {
  id: Generated<string>;
  post_id: string;
  author_id: string;
  content: string;
  created_at: CreatedAt;
}

export interface PostLikesTable {
  post_id: string;
  user_id: string;
  created_at: CreatedAt;
}

export interface ReplyLikesTable {
  reply_id: string;
  user_id: string;
  created_at: CreatedAt;
}

export interface RepositoriesTable {
  project_id: string;
  url: string;
  owner: string;
  name: string;
  full_name: string | null;
  description: string | null;
  primary_language: string | null;
  languages: Generated<string[]>;
  stars_count: Generated<number>;
  forks_count: Generated<number>;
  open_pull_requests: Generated<number>;
  is_public: Generated<boolean>;
  fetched_at: Timestamp | null;
  linked_at: CreatedAt;
}

export interface SyncRunsTable {
  id: Generated<string>;
  project_id: string;
  status: Generated<SyncStatus>;
  message: string | null;
  error: string | null;
  started_at: CreatedAt;
  finished_at: Timestamp | null;
}

export interface ContributionsTable {
  id: Generated<string>;
  project_id: string;
  username: string;
  avatar_url: string | null;
  github_url: string | null;
  commits: Generated<number>;
  pull_requests: Generated<number>;
  code_reviews: Generated<number>;
  lines_added: Generated<number>;
  lines_deleted: Generated<number>;
}

export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  event_name: string;
  title: string;
  message: string;
  data: ColumnType<
    Record<string, unknown>,
    Record<string, unknown> | string | undefined,
    Record<string, unknown> | string
  >;
  read_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface AchievementsTable {
  id: Generated<string>;
  key: string;
  title: string;
  description: string;
  goal: Generated<number>;
}

export interface UserAchievementsTable {
  user_id: string;
  achievement_id: string;
  progress: Generated<number>;
  earned_at: Timestamp | null;
}

export interface SessionsTable {
  id: string;
  user_id: string | null;
  data: ColumnType<
    Record<string, unknown>,
    Record<string, unknown> | string | undefined,
    Record<string, unknown> | string
  >;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  gainer_profiles: GainerProfilesTable;
  mentor_profiles: MentorProfilesTable;
  nonprofit_profiles: NonprofitProfilesTable;
  projects: ProjectsTable;
  project_roles: ProjectRolesTable;
  project_members: ProjectMembersTable;
  join_requests: JoinRequestsTable;
  milestones: MilestonesTable;
  tasks: TasksTable;
  subtasks: SubtasksTable;
  forum_posts: ForumPostsTable;
  forum_replies: ForumRepliesTable;
  post_likes: PostLikesTable;
  reply_likes: ReplyLikesTable;
  repositories: RepositoriesTable;
  sync_runs: SyncRunsTable;
  contributions: ContributionsTable;
  notifications: NotificationsTable;
  achievements: AchievementsTable;
  user_achievements: UserAchievementsTable;
  sessions: SessionsTable;
}

export type Project = Selectable<ProjectsTable>;
export type NewProject = Insertable<ProjectsTable>;
export type ProjectUpdate = Updateable<ProjectsTable>;
export type User = Selectable<UsersTable>;
