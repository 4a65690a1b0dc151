import { type ExpressionBuilder, sql } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { compiledOnce } from "#db/compiled-once";
import type { Database, Difficulty, ProjectKind, ProjectStatus } from "#db/schema";
import { db, keepPlan } from "~/db.server";
import { keptUntilPageChange } from "~/realtime/kept-reads.server";
import { NotFoundError } from "~/utils/errors.server";
import type { Cause } from "~/utils/project-cover";
import type { CatalogueFilters } from "~/schemas/catalogue";
import { DURATION_RANGES } from "~/schemas/duration-ranges";
import type { FusedHit } from "~/search/fusion";
import { hybridRanking, hybridSearch, type SearchOptions } from "~/search/hybrid.server";
import { cardQuery, cardsInOrder, projectCards, toCard } from "./project-cards.server";
import { type MatchReason, reasonStrings } from "~/search/reasons";

/**
 * Reading projects and templates for the public screens and API. JSON field names follow the
 * spec (section 3), so screens and API routes share these shapes.
 */

export interface ProjectSummary {
  projectId: string;
  kind: ProjectKind;
  projectName: string;
  projectDescription: string;
  tagline: string;
  goals: string[];
  /** The cause its cover names, from what it is about. */
  coverCause: Cause;
  technologies: string[];
  programmingLanguages: string[];
  difficultyLevel: Difficulty | null;
  durationDays: number | null;
  projectPictureUrl: string | null;
  projectStatus: ProjectStatus | null;
  openPositions: number;
  createdAtUtc: string;
  /** When it was started (YYYY-MM-DD); its schedule counts from here (app/utils/schedule.ts). */
  startDate: string | null;
}

export interface ProjectRole {
  name: string;
  openPositions: number;
}

export interface TeamMember {
  userId: string;
  fullName: string;
  roleInProject: string;
  profilePictureUrl: string | null;
  role: string | null;
}

export interface ProjectDetail extends ProjectSummary {
  scope: string;
  repositoryLink: string | null;
  templateId: string | null;
  requiredRoles: ProjectRole[];
  openRoles: ProjectRole[];
  projectTeamMembers: TeamMember[];
}

export interface Page<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PageRequest {
  page: number;
  pageSize: number;
  /** Count the whole list (default); lists that show no total skip the count. */
  withTotal?: boolean;
}

type ProjectsEB = ExpressionBuilder<Database & { p: Database["projects"] }, "p">;

/** The catalogue's filters as SQL, all but its search words (q), which rank through the search. */
function matchesFilters(eb: ProjectsEB, filters: CatalogueFilters) {
  const conditions = [];
  if (filters.difficulty) conditions.push(eb("p.difficulty", "=", filters.difficulty));
  if (filters.technology)
    conditions.push(
      sql<boolean>`exists (select 1 from unnest(p.technologies) t where lower(t) = lower(${filters.technology}))`,
    );
  if (filters.language)
    conditions.push(
      sql<boolean>`exists (select 1 from unnest(p.programming_languages) l where lower(l) = lower(${filters.language}))`,
    );
  if (filters.duration) {
    const { min, max } = DURATION_RANGES[filters.duration];
    conditions.push(eb("p.duration_days", ">=", min));
    if (max !== undefined) conditions.push(eb("p.duration_days", "<=", max));
  }
  return eb.and(conditions);
}

const hasOpenPosition = sql<boolean>`p.open_positions > 0`;

/**
 * The catalogue's sizes, kept by triggers on projects (migration 0020): no count scans the
 * catalogue. Every catalogue page asks, so they are also kept in memory until a project changes.
 */
const catalogueCounts = keptUntilPageChange(db, async (): Promise<Record<"running" | "open" | "templates", number>> => {
  const rows = await db.selectFrom("catalogue_counts").select(["list", "project_count"]).execute();
  const count = (list: string) => rows.find((row) => row.list === list)?.project_count ?? 0;
  return { running: count("running"), open: count("open"), templates: count("templates") };
});

const isUnfiltered = (filters: CatalogueFilters) => Object.values(filters).every((value) => value === undefined);

/** A page of the catalogue; with search words, each entry's reasons for matching, by id. */
export interface CataloguePage extends Page<ProjectSummary> {
  reasons?: Record<string, MatchReason[]>;
}

/** The catalogue's lists: running projects open for joining, and templates. */
export type CatalogueList = "open" | "templates";

type Condition = (eb: ProjectsEB) => ReturnType<ProjectsEB["and"]> | ReturnType<ProjectsEB["eb"]>;

/**
 * Which projects make up each list, and its size unfiltered. Projects without an open position
 * are left out of the open list, unless none has one: then all running ones are shown (spec
 * section 4, Catalogue).
 */
async function catalogueLists(): Promise<Record<CatalogueList, { where: Condition; total: number }>> {
  const counts = await catalogueCounts();
  const anyOpen = counts.open > 0;
  return {
    open: {
      where: (eb) =>
        eb.and([
          eb("p.kind", "=", "project"),
          eb("p.status", "=", "InProgress"),
          ...(anyOpen ? [hasOpenPosition] : []),
        ]),
      total: anyOpen ? counts.open : counts.running,
    },
    templates: { where: (eb) => eb("p.kind", "=", "template"), total: counts.templates },
  };
}

/**
 * Running projects open for joining: newest first, or best match first for search words (the
 * search's ranking, filtered and paged).
 */
export function listOpenProjects(filters: CatalogueFilters, paging: PageRequest): Promise<CataloguePage> {
  return listCatalogue(["open"], filters, paging).open;
}

export function listTemplates(filters: CatalogueFilters, paging: PageRequest): Promise<CataloguePage> {
  return listCatalogue(["templates"], filters, paging).templates;
}

/**
 * A page of each of the given lists, the same page of each, each read on its own so a screen shows
 * the lists it could read. With search words every list is the one search's ranking (the same
 * entries in the same order as every other search box shows for them), narrowed to the list and
 * its filters, and all are read in one statement.
 */
export function listCatalogue<L extends CatalogueList>(
  lists: L[],
  filters: CatalogueFilters,
  paging: PageRequest,
): Record<L, Promise<CataloguePage>> {
  const definitions = catalogueLists();
  definitions.catch(() => {}); // each list that awaits it reports the failure
  const where = async (list: L): Promise<Condition> => {
    const { where: inList } = (await definitions)[list];
    return (eb) => eb.and([inList(eb), matchesFilters(eb, filters)]);
  };
  const { q } = filters;
  const ranked = q
    ? Promise.all([Promise.all(lists.map(where)), hybridRanking(db, q)]).then(([conditions, hits]) =>
        rankedPages(conditions, hits, paging),
      )
    : null;
  const pageOf = async (list: L, index: number): Promise<CataloguePage> =>
    ranked ? (await ranked)[index]! : listPage(await where(list), filters, paging, (await definitions)[list].total);
  return Object.fromEntries(lists.map((list, index) => [list, pageOf(list, index)])) as Record<
    L,
    Promise<CataloguePage>
  >;
}

/** A list newest first. `unfilteredTotal`: the whole list's size, when the filters leave it whole. */
async function listPage(
  where: Condition,
  filters: CatalogueFilters,
  paging: PageRequest,
  unfilteredTotal: number,
): Promise<CataloguePage> {
  const { page, pageSize, withTotal = true } = paging;
  const counted = !withTotal
    ? null
    : isUnfiltered(filters)
      ? { total: unfilteredTotal }
      : db
          .selectFrom("projects as p")
          .select(sql<number>`count(*)::int`.as("total"))
          .where(where)
          .executeTakeFirstOrThrow();
  // The page's ids first, then their cards: the entries before the page are skipped in an index
  // (migrations 0043, 0044) without reading their rows, and most cards are kept.
  const pageIds = db
    .selectFrom("projects as p")
    .select("p.id")
    .where(where)
    .orderBy("p.created_at", "desc")
    .orderBy("p.id")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const [items, count] = await Promise.all([pageIds.then((rows) => cardsInOrder(rows.map((row) => row.id))), counted]);
  return { items, total: count ? Number(count.total) : items.length, page, pageSize };
}

/** How many of a search's hits meet `where`. */
async function countHits(hits: readonly FusedHit[], where: Condition): Promise<number> {
  const { total } = await db
    .selectFrom("projects as p")
    .select(sql<number>`count(*)::int`.as("total"))
    .where(where)
    .where(
      "p.id",
      "in",
      hits.map((hit) => hit.id),
    )
    .executeTakeFirstOrThrow();
  return total;
}

/**
 * The search's ranking narrowed to each list (`lists`, disjoint) and paged, in one statement that
 * reads only the shown pages' cards and counts the rest as it goes. Each total is what the search
 * found in that list.
 */
async function rankedPages(
  lists: Condition[],
  hits: readonly FusedHit[],
  { page, pageSize }: PageRequest,
): Promise<CataloguePage[]> {
  if (hits.length === 0) return lists.map(() => ({ items: [], reasons: {}, total: 0, page, pageSize }));
  const ranked = hits.map((hit) => hit.id);
  const found = db
    .selectFrom("projects as p")
    .select("p.id")
    .select((eb) => [
      sql<number>`case ${sql.join(
        lists.map((inList, index) => sql`when ${inList(eb)} then ${sql.lit(index)}`),
        sql` `,
      )} end`.as("list"),
      sql<number>`array_position(${ranked}::uuid[], p.id)`.as("position"),
    ])
    .where(sql<boolean>`p.id = any(${ranked}::uuid[])`)
    .where((eb) => eb.or(lists.map((inList) => inList(eb))));
  const numbered = db
    .selectFrom(found.as("found"))
    .selectAll()
    .select([
      sql<number>`count(*) over (partition by list)`.as("listed"),
      sql<number>`row_number() over (partition by list order by position)`.as("place"),
    ]);
  const offset = (page - 1) * pageSize;
  const rows = await db
    .selectFrom(numbered.as("numbered"))
    .selectAll()
    .where("place", ">", offset)
    .where("place", "<=", offset + pageSize)
    .orderBy("list")
    .orderBy("place")
    .modifyEnd(keepPlan)
    .execute();
  const hitOf = new Map(hits.map((hit) => [hit.id, hit]));
  const cards = await projectCards(rows.map((row) => row.id));
  return Promise.all(
    lists.map(async (inList, index) => {
      const listed = rows.filter((row) => row.list === index && cards.has(row.id));
      // A page past the end has no rows to carry the count: count the listed entries then.
      const total = listed[0] ? Number(listed[0].listed) : page > 1 ? await countHits(hits, inList) : 0;
      return {
        items: listed.map((row) => cards.get(row.id)!),
        reasons: Object.fromEntries(listed.map((row) => [row.id, reasonsOf(hitOf.get(row.id)!)])),
        total,
        page,
        pageSize,
      };
    }),
  );
}

/** One project or template with its roles and team; NotFoundError when there is none. */
export async function getProjectDetail(id: string, kind?: ProjectKind): Promise<ProjectDetail> {
  const {
    rows: [row],
  } = await db.executeQuery(kind ? detailOfKindQuery(db, { id, kind }) : detailQuery(db, { id }));
  if (!row) throw new NotFoundError(kind === "template" ? "Template not found." : "Project not found.");

  const requiredRoles = row.roles.map((role) => ({ name: role.name, openPositions: role.open_positions }));
  return {
    ...toCard(row),
    scope: row.scope,
    repositoryLink: row.repository_url,
    templateId: row.template_id,
    requiredRoles,
    openRoles: requiredRoles.filter((role) => role.openPositions > 0),
    projectTeamMembers: row.members.map((member) => ({
      userId: member.id,
      fullName: member.full_name,
      roleInProject: member.role_in_project,
      profilePictureUrl: member.profile_picture_url,
      role: member.role,
    })),
  };
}

/** A project with its roles and team, in one statement: a project page waits for one round trip, not two. */
function projectDetail(id: string) {
  return cardQuery()
    .select(["p.scope", "p.repository_url", "p.template_id"])
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom("project_roles as r")
          .select(["r.name", "r.open_positions"])
          .whereRef("r.project_id", "=", "p.id")
          .orderBy("r.name"),
      ).as("roles"),
      jsonArrayFrom(
        eb
          .selectFrom("project_members as m")
          .innerJoin("users as u", "u.id", "m.user_id")
          .select(["u.id", "u.full_name", "u.profile_picture_url", "u.role", "m.role_in_project"])
          .whereRef("m.project_id", "=", "p.id")
          .orderBy("m.is_admin", "desc")
          .orderBy("m.joined_at"),
      ).as("members"),
    ])
    .where("p.id", "=", id);
}

// Every project page asks one of them: compiled once.
const detailQuery = compiledOnce((_, { id }: { id: string }) => projectDetail(id).modifyEnd(keepPlan));
const detailOfKindQuery = compiledOnce((_, { id, kind }: { id: string; kind: ProjectKind }) =>
  projectDetail(id).where("p.kind", "=", kind).modifyEnd(keepPlan),
);

/** Every leg's reasons for a hit, full text's first. */
const reasonsOf = (hit: FusedHit): MatchReason[] => [
  ...(hit.matchedBy.fullText ?? []),
  ...(hit.matchedBy.semantic ?? []),
];

/** A project the search found, and why (screens put the reasons in words: app/search/match-text.ts). */
export interface FoundProject extends ProjectSummary {
  reasons: MatchReason[];
}

/**
 * The hybrid search (app/search): running projects and templates alike, best matches first.
 * (`npm run search:eval` judges every change to its ranking.)
 */
export async function findProjects(
  query: string,
  count: number,
  options: Pick<SearchOptions, "keywords"> = {},
): Promise<FoundProject[]> {
  const hits = await hybridSearch(db, query, count, options);
  if (hits.length === 0) return [];
  const cards = await projectCards(hits.map((hit) => hit.id));
  return hits.flatMap((hit) => {
    const card = cards.get(hit.id);
    return card ? [{ ...card, reasons: reasonsOf(hit) }] : [];
  });
}

/** A search API result: the project, and which legs of the search found it and why, as strings. */
export interface SearchResult extends ProjectSummary {
  matchedBy: { fullText?: string[]; semantic?: string[] };
}

/** The search as the API answers it (`GET /api/projects/search/vector`): the contract's `matchedBy` strings. */
export async function searchProjects(query: string, count: number): Promise<SearchResult[]> {
  return (await findProjects(query, count)).map(({ reasons, ...project }) => {
    const fullText = reasons.filter((reason) => reason.kind !== "semantic");
    const semantic = reasons.filter((reason) => reason.kind === "semantic");
    return {
      ...project,
      matchedBy: {
        ...(fullText.length > 0 ? { fullText: reasonStrings(fullText) } : {}),
        ...(semantic.length > 0 ? { semantic: reasonStrings(semantic) } : {}),
      },
    };
  });
}

export interface FilterOptions {
  technologies: string[];
  languages: string[];
}

/**
 * Distinct technologies and languages in use, for the catalogue's filter lists: read from their
 * summary, which a trigger on projects keeps (migration 0015), so the cost does not grow with the
 * catalogue; kept in memory until a project changes.
 */
export const listFilterOptions = keptUntilPageChange(db, async (): Promise<FilterOptions> => {
  const rows = await db
    .selectFrom("project_filter_values")
    .select(["kind", "value"])
    .where("project_count", ">", 0)
    .orderBy("value")
    .execute();
  const valuesOf = (kind: string) => rows.filter((row) => row.kind === kind).map((row) => row.value);
  return { technologies: valuesOf("technology"), languages: valuesOf("language") };
});
