import { afterAll, describe, expect, it, vi } from "vitest";
import { db } from "~/db.server";
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
});
