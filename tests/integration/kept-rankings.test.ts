import { sql } from "kysely";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { countQueries } from "#db/connection";
import { db } from "~/db.server";
import { keepSharedReads } from "~/realtime/kept-reads.server";
import { hybridRanking } from "~/search/hybrid.server";
import { embedMissingProjects } from "~/search/project-vectors.server";
import { createProject } from "../fixtures/factories";

/**
 * A search asked again over an unchanged catalogue is answered from the kept ranking (one small
 * statement), and any write that can change a ranking (a project's words, kind, status or vectors)
 * makes the next search rank anew; writes that cannot (open positions) keep it.
 */

const WORDS = "lighthouse keeper rota";
let lighthouse = "";

async function rank(words = WORDS) {
  const { result, queries } = await countQueries(() => hybridRanking(db, words));
  return { ids: result.map((hit) => hit.id), queries };
}

const version = async () =>
  (await sql<{ v: string }>`select ranking_version::text as v from search_statistics`.execute(db)).rows[0]!.v;

beforeAll(async () => {
  lighthouse = await createProject({ name: "Lighthouse keeper rota" });
  await createProject({ name: "Harbour tide tables" });
  await embedMissingProjects(db);
});

describe("kept search rankings", () => {
  it("answers the same words again with one statement and the same ranking", async () => {
    const first = await rank();
    expect(first.ids[0]).toBe(lighthouse);
    expect(first.queries).toBeGreaterThan(2);
    const again = await rank();
    expect(again).toEqual({ ids: first.ids, queries: 1 });
    // Other words are a search of their own.
    expect((await rank("harbour tides")).queries).toBeGreaterThan(1);
  });

  it("ranks anew after a project's words change", async () => {
    const renamed = await createProject({ name: "Ferry timetable" });
    await embedMissingProjects(db);
    const foundByWords = async () => {
      const { result, queries } = await countQueries(() => hybridRanking(db, "gondola"));
      return { queries, found: result.some((hit) => hit.id === renamed && hit.matchedBy.fullText) };
    };
    expect((await foundByWords()).found).toBe(false);
    await db.updateTable("projects").set({ name: "Gondola timetable" }).where("id", "=", renamed).execute();
    const after = await foundByWords();
    expect(after.queries).toBeGreaterThan(1);
    expect(after.found).toBe(true);
  });

  it("ranks anew after a project leaves the searchable list, or its vector changes", async () => {
    await rank();
    await db.updateTable("projects").set({ status: "Completed" }).where("id", "=", lighthouse).execute();
    const closed = await rank();
    expect(closed.queries).toBeGreaterThan(1);
    expect(closed.ids).not.toContain(lighthouse);
    await db.updateTable("projects").set({ status: "InProgress" }).where("id", "=", lighthouse).execute();
    expect((await rank()).ids[0]).toBe(lighthouse);

    const before = await version();
    await db.updateTable("projects").set({ embedding: null }).where("id", "=", lighthouse).execute();
    expect(await version()).not.toBe(before);
    await embedMissingProjects(db);
    expect((await rank()).queries).toBeGreaterThan(1);
  });

  it("keeps the ranking through writes a ranking does not read", async () => {
    await rank();
    const before = await version();
    await db
      .updateTable("projects")
      .set({ open_positions: 7, forum_post_count: 3 })
      .where("id", "=", lighthouse)
      .execute();
    expect(await version()).toBe(before);
    expect((await rank()).queries).toBe(1);
  });
});

describe("kept search rankings, while this instance hears the page-change notices", () => {
  it("answer again with no statement, and rank anew once a write's notice came", async () => {
    const stop = await keepSharedReads(db);
    try {
      await rank();
      expect(await rank()).toMatchObject({ queries: 0 });
      await db
        .updateTable("projects")
        .set({ name: "Lighthouse keeper rota and logbook" })
        .where("id", "=", lighthouse)
        .execute();
      await vi.waitFor(async () => expect((await rank()).queries).toBeGreaterThan(1), { timeout: 3000 });
      expect(await rank()).toMatchObject({ queries: 0 });
    } finally {
      await stop();
    }
  });
});
