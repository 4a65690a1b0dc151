/**
 * Which tables' writes drop the kept visitors' pages (host/page-cache.ts), as the migrations set
 * them up: every table not listed here has the `page_changes` trigger (0014's `addPageChangeTrigger`:
 * visitors' pages show it). `tests/integration/page-changes.test.ts` holds the database to these
 * lists, so a new table is classified here and given its trigger in its own migration.
 */

/** Shown on no visitors' page (signed-in pages render for every request): no trigger. */
export const TABLES_NO_VISITOR_PAGE_SHOWS = [
  // Signed-in people's own: sessions, their notifications, syncs, Smart Summary's 'prepared' marker.
  "sessions",
  "notifications",
  "project_notification_mutes",
  "sync_runs",
  "insight_preparations",
  // A team's work (migration 0041).
  "achievements",
  "contributions",
  "forum_posts",
  "forum_replies",
  "post_likes",
  "reply_likes",
  "gainer_profiles",
  "mentor_profiles",
  "nonprofit_profiles",
  "milestones",
  "pull_request_reviews",
  "pull_requests",
  "repositories",
  "repository_languages",
  "subtasks",
  "tasks",
  "task_comments",
  "task_events",
  "template_milestones",
  "template_tasks",
  "user_achievements",
  // Shown on no page at all.
  "rate_limit_counters",
  "github_etags",
  // Search's word counts and the catalogue's counts: written only by projects' own triggers,
  // whose writes already send the notice.
  "search_terms",
  "search_statistics",
  "catalogue_counts",
  // The development identity provider's sign-in records.
  "dev_idp_records",
  // Who was told about a like.
  "like_notices",
  "kysely_migration",
  "kysely_migration_lock",
];

/**
 * Shown on visitors' pages in part: their triggers send `page-changes` for a write to those rows
 * and nothing for the rest (migration 0041).
 */
export const TABLES_VISITORS_SEE_IN_PART = [
  // Decided requests: a project page says how fast they were answered; pending ones are private.
  "join_requests",
];
