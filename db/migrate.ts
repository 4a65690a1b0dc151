import { type Migration, type MigrationProvider, Migrator } from "kysely";
import type { DB } from "./connection";
import * as initial from "./migrations/0001_initial";
import * as achievements from "./migrations/0002_achievements";
import * as security from "./migrations/0004_security";
import * as work from "./migrations/0006_work";
import * as forum from "./migrations/0007_forum";
import * as github from "./migrations/0008_github";
import * as forumPostCount from "./migrations/0009_forum_post_count";
import * as liveNotifications from "./migrations/0010_live_notifications";
import * as search from "./migrations/0011_search";
import * as pageChangeNotices from "./migrations/0014_page_change_notices";
import * as projectFilterValues from "./migrations/0015_project_filter_values";
import * as insights from "./migrations/0016_insights";
import * as searchStatistics from "./migrations/0017_search_statistics";
import * as searchRemoteEmbeddings from "./migrations/0018_search_remote_embeddings";
import * as searchDifficulty from "./migrations/0019_search_difficulty";
import * as catalogueCounts from "./migrations/0020_catalogue_counts";
import * as personalPageChangeNotices from "./migrations/0021_personal_page_change_notices";
import * as searchTextVersion from "./migrations/0022_search_text_version";
import * as filterValuesByStatement from "./migrations/0023_filter_values_by_statement";
import * as devIdentityProvider from "./migrations/0032_dev_identity_provider";
import * as likeNotices from "./migrations/0033_like_notices";
import * as taskTeamwork from "./migrations/0034_task_teamwork";
import * as taskEventOrder from "./migrations/0035_task_event_order";
import * as taskReviews from "./migrations/0036_task_reviews";
import * as reviewSpeedOnProjectPages from "./migrations/0037_review_speed_on_project_pages";
import * as searchDocumentDefinition from "./migrations/0038_search_document_definition";
import * as searchRankingVersion from "./migrations/0039_search_ranking_version";
import * as taskActivityByPerson from "./migrations/0040_task_activity_by_person";
import * as narrowPageChanges from "./migrations/0041_narrow_page_changes";
import * as dropSearchTextVersion from "./migrations/0042_drop_search_text_version";
import * as templatesNewestFirst from "./migrations/0043_templates_newest_first";
import * as openProjectsNewestFirst from "./migrations/0044_open_projects_newest_first";

/** Forward-only migrations, in order. Add new ones at the end; never edit a released one. */
const migrations: Record<string, Migration> = {
  "0001_initial": initial,
  "0002_achievements": achievements,
  "0004_security": security,
  "0006_work": work,
  "0007_forum": forum,
  "0008_github": github,
  "0009_forum_post_count": forumPostCount,
  "0010_live_notifications": liveNotifications,
  "0011_search": search,
  "0014_page_change_notices": pageChangeNotices,
  "0015_project_filter_values": projectFilterValues,
  "0016_insights": insights,
  "0017_search_statistics": searchStatistics,
  "0018_search_remote_embeddings": searchRemoteEmbeddings,
  "0019_search_difficulty": searchDifficulty,
  "0020_catalogue_counts": catalogueCounts,
  "0021_personal_page_change_notices": personalPageChangeNotices,
  "0022_search_text_version": searchTextVersion,
  "0023_filter_values_by_statement": filterValuesByStatement,
  "0032_dev_identity_provider": devIdentityProvider,
  "0033_like_notices": likeNotices,
  "0034_task_teamwork": taskTeamwork,
  "0035_task_event_order": taskEventOrder,
  "0036_task_reviews": taskReviews,
  "0037_review_speed_on_project_pages": reviewSpeedOnProjectPages,
  "0038_search_document_definition": searchDocumentDefinition,
  "0039_search_ranking_version": searchRankingVersion,
  "0040_task_activity_by_person": taskActivityByPerson,
  "0041_narrow_page_changes": narrowPageChanges,
  "0042_drop_search_text_version": dropSearchTextVersion,
  "0043_templates_newest_first": templatesNewestFirst,
  "0044_open_projects_newest_first": openProjectsNewestFirst,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Migrates to the latest version. With a schema other than public (tests, side-by-side setups),
 * the migration bookkeeping lives in that schema too, so runs in other schemas never collide.
 */
export async function migrateToLatest(db: DB, schema?: string): Promise<string[]> {
  // Numbers are reserved per feature (0003…0009) and land in any order: a database that already
  // ran 0004 must still accept a 0003 that lands later.
  const migrator = new Migrator({
    db,
    provider,
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}
