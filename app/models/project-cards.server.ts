import { sql } from "kysely";
import { LRUCache } from "lru-cache";
import { compiledOnce } from "#db/compiled-once";
import { db, keepPlan } from "~/db.server";
import { pageChangeGeneration } from "~/realtime/kept-reads.server";
import { causeOf } from "~/utils/project-cause";
import { singleton } from "~/utils/singleton.server";
import { utcText } from "~/utils/utc";
import type { ProjectSummary } from "./project.server";

/**
 * Project cards: a project's summary as every list shows it (the catalogue, the home pages,
 * searches). Lists read their entries' ids, then the cards, which are kept by id until a write
 * visitors could see commits on any instance (the notice that also empties the kept pages and
 * shared reads: app/realtime/kept-reads.server.ts). While this instance hears no notices, every
 * card is read.
 */

/** Cards kept: a few pages of every list and the searches' finds, not the whole catalogue. */
const CARDS_KEPT = 5_000;

const kept = singleton("project-cards", () => ({
  generation: null as number | null,
  cards: new LRUCache<string, ProjectSummary>({ max: CARDS_KEPT }),
}));

/** The columns a card is made of (a project page reads them with its own). */
export function cardQuery() {
  return db.selectFrom("projects as p").select((eb) => [
    "p.id",
    "p.kind",
    "p.name",
    "p.description",
    "p.tagline",
    "p.goals",
    "p.technologies",
    "p.programming_languages",
    "p.difficulty",
    "p.duration_days",
    "p.picture_url",
    "p.status",
    "p.created_at",
    // The sum of its roles' open positions, kept by triggers (migration 0020).
    "p.open_positions",
    eb.cast<string | null>("p.start_date", "text").as("start_date"),
  ]);
}

type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>["executeTakeFirstOrThrow"]>>;

export function toCard(row: CardRow): ProjectSummary {
  return {
    projectId: row.id,
    kind: row.kind,
    projectName: row.name,
    projectDescription: row.description,
    tagline: row.tagline,
    goals: row.goals,
    coverCause: causeOf({ name: row.name, tagline: row.tagline, description: row.description, goals: row.goals }),
    technologies: row.technologies,
    programmingLanguages: row.programming_languages,
    difficultyLevel: row.difficulty,
    durationDays: row.duration_days,
    projectPictureUrl: row.picture_url,
    projectStatus: row.status,
    openPositions: Number(row.open_positions),
    createdAtUtc: utcText(row.created_at),
    startDate: row.start_date,
  };
}

/** A kept card is shared by every request that shows it: none may change it. */
function frozen(card: ProjectSummary): ProjectSummary {
  Object.freeze(card.goals);
  Object.freeze(card.technologies);
  Object.freeze(card.programmingLanguages);
  return Object.freeze(card);
}

/** The cards of the projects with these ids, by id (an id with no project has none). */
export async function projectCards(ids: readonly string[]): Promise<Map<string, ProjectSummary>> {
  const generation = pageChangeGeneration(db);
  if (generation !== kept.generation) {
    kept.cards.clear();
    kept.generation = generation;
  }
  const cards = new Map<string, ProjectSummary>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    const card = generation === null ? undefined : kept.cards.get(id);
    if (card) cards.set(id, card);
    else missing.push(id);
  }
  if (missing.length === 0) return cards;
  const { rows } = await db.executeQuery(cardsByIdsQuery(db, { ids: missing }));
  // A card read while a change was heard may show the project as it was before: not kept.
  const keep = generation !== null && pageChangeGeneration(db) === generation;
  for (const row of rows) {
    const card = frozen(toCard(row));
    cards.set(row.id, card);
    if (keep) kept.cards.set(row.id, card);
  }
  return cards;
}

// One text whatever the number of ids, so its plan is kept; every list asks it: compiled once.
const cardsByIdsQuery = compiledOnce((_, { ids }: { ids: readonly string[] }) =>
  cardQuery()
    .where(sql<boolean>`p.id = any(${ids}::uuid[])`)
    .modifyEnd(keepPlan),
);

/** The cards of these ids in their order, leaving out ids with no project. */
export async function cardsInOrder(ids: readonly string[]): Promise<ProjectSummary[]> {
  const cards = await projectCards(ids);
  return ids.flatMap((id) => cards.get(id) ?? []);
}
