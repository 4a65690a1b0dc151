import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as ProjectModel from "~/models/project.server";
import { listOpenProjects } from "~/models/project.server";
import { loader } from "~/routes/public/home";
import { routeContext as context } from "../fixtures/api";
import { createProject } from "../fixtures/factories";
import { db } from "~/db.server";

/** The home page's loader: up to three open projects for guests, and a message when that fails. */

vi.mock("~/models/project.server", async (importOriginal) => {
  const actual = await importOriginal<typeof ProjectModel>();
  return { ...actual, listOpenProjects: vi.fn(actual.listOpenProjects) };
});

type LoaderData = Exclude<Awaited<ReturnType<typeof loader>>, Response>;
const load = async () =>
  (await loader({ request: new Request("http://localhost/"), params: {}, context })) as LoaderData;

beforeEach(async () => {
  await db.deleteFrom("projects").execute();
});

describe("home loader", () => {
  it("shows guests the three newest open projects", async () => {
    for (const n of [1, 2, 3, 4, 5]) await createProject({ name: `Open ${n}` });
    await createProject({ name: "Template", kind: "template" });
    await createProject({ name: "Pending", status: "Pending" });
    const data = await load();
    expect(data.failed).toBe(false);
    expect(data.projects.map((project) => project.projectName)).toEqual(["Open 5", "Open 4", "Open 3"]);
  });

  it("says 'Failed to load active projects.' instead of failing the page", async () => {
    vi.mocked(listOpenProjects).mockRejectedValueOnce(new Error("database is down"));
    expect(await load()).toMatchObject({ projects: [], failed: true });
  });
});
