import { afterAll, describe, expect, it, vi } from "vitest";
import { db } from "~/db.server";
import { countQueries } from "#db/connection";
import { projectCards } from "~/models/project-cards.server";
import { listFilterOptions, listOpenProjects } from "~/models/project.server";
import { keepSharedReads, keptUntilPageChange } from "~/realtime/kept-reads.server";
import { createProject } from "../fixtures/factories";

/**
 * Shared reads kept in memory (app/realtime/kept-reads.server.ts): read once while nothing
 * visitors see changes, read again after any such write commits, on this instance or another
 * (the database's page-change notice), and never kept while the notices are not heard.
 */
const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops) await stop();
});

describe("reads kept until a page change", () => {
  it("go to the database every time while nobody listens for the notices", async () => {
    const read = vi.fn(async () => 1);
    const kept = keptUntilPageChange(db, read);
    await kept();
    await kept();
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("are read once, then again after a write visitors can see commits", async () => {
    stops.push(await keepSharedReads(db));
    let reads = 0;
    const kept = keptUntilPageChange(db, async () => ++reads);
    expect(await Promise.all([kept(), kept()])).toEqual([1, 1]);
    expect(await kept()).toBe(1);
    await createProject({ name: "Kept Reads Project" });
    await vi.waitFor(async () => expect(await kept()).toBe(2), { timeout: 3000 });
    expect(await kept()).toBe(2);
  });

  it("do not keep a failed read", async () => {
    let calls = 0;
    const kept = keptUntilPageChange(db, async () => {
      calls++;
      if (calls === 1) throw new Error("database away");
      return calls;
    });
    await expect(kept()).rejects.toThrow("database away");
    expect(await kept()).toBe(2);
    expect(await kept()).toBe(2);
  });

  it("give the catalogue's filter lists and sizes as they are after a write", async () => {
    const before = await listOpenProjects({}, { page: 1, pageSize: 1 });
    expect((await listFilterOptions()).technologies).not.toContain("Kept Reads Elixir");
    const id = await createProject({ name: "Kept Reads Elixir Project" });
    await db
      .updateTable("projects")
      .set({ technologies: ["Kept Reads Elixir"] })
      .where("id", "=", id)
      .execute();
    await vi.waitFor(async () => expect((await listFilterOptions()).technologies).toContain("Kept Reads Elixir"), {
      timeout: 3000,
    });
    const after = await listOpenProjects({}, { page: 1, pageSize: 1 });
    expect(after.total).toBe(before.total + 1);
  });

  it("keep the cards lists show, frozen, until a write visitors can see commits", async () => {
    const id = await createProject({ name: "Kept Card Project" });
    // Once the creation's notices are heard, the card is read once and then kept.
    const again = await vi.waitFor(
      async () => {
        await projectCards([id]);
        const kept = await countQueries(() => projectCards([id]));
        expect(kept.queries).toBe(0);
        return kept;
      },
      { timeout: 3000 },
    );
    const card = again.result.get(id)!;
    expect(card.projectName).toBe("Kept Card Project");
    expect(Object.isFrozen(card) && Object.isFrozen(card.technologies)).toBe(true);
    await db.updateTable("projects").set({ name: "Kept Card Renamed" }).where("id", "=", id).execute();
    await vi.waitFor(async () => expect((await projectCards([id])).get(id)?.projectName).toBe("Kept Card Renamed"), {
      timeout: 3000,
    });
    // The catalogue's page shows the card as it is now too.
    const listed = await listOpenProjects({}, { page: 1, pageSize: 50 });
    expect(listed.items.find((item) => item.projectId === id)?.projectName).toBe("Kept Card Renamed");
  });

  it("leave out an id with no project", async () => {
    const cards = await projectCards(["00000000-0000-4000-8000-000000000000"]);
    expect(cards.size).toBe(0);
  });
});
