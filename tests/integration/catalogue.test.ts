import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { getProjectDetail, listFilterOptions, listOpenProjects, listTemplates } from "~/models/project.server";
import * as activeRoute from "~/routes/api/projects/active";
import * as detailRoute from "~/routes/api/projects/detail";
import * as searchRoute from "~/routes/api/projects/search-vector";
import * as templateRoute from "~/routes/api/projects/template-detail";
import * as templatesRoute from "~/routes/api/projects/templates";
import { NotFoundError } from "~/utils/errors.server";
import { apiRequest, routeContext as context } from "../fixtures/api";
import { addMember, createProject, createUser } from "../fixtures/factories";

const page = { page: 1, pageSize: 50 };

async function project(
  name: string,
  values: Partial<{
    description: string;
    technologies: string[];
    programming_languages: string[];
    difficulty: "Beginner" | "Intermediate" | "Advanced";
    duration_days: number;
  }>,
  roles: Record<string, number> = { Developer: 1 },
  kind: "project" | "template" = "project",
) {
  const id = await createProject({ name, roles, kind });
  if (Object.keys(values).length) await db.updateTable("projects").set(values).where("id", "=", id).execute();
  return id;
}

// Lists see every project in the database: each test starts from none.
beforeEach(async () => {
  await db.deleteFrom("projects").execute();
});

const names = (items: { projectName: string }[]) => items.map((item) => item.projectName).sort();

describe("catalogue lists", () => {
  it("searches name, description and technologies through the ranked search, any case", async () => {
    await project("Shelter Walks", { description: "Dogs need walks", technologies: ["Vue.js"] });
    await project("Pantry", { description: "A FOOD bank inventory", technologies: ["Django"] });
    await project("Graph", { description: "Charts", technologies: ["GraphQL"] });
    await project("100% Done_Right", { description: "Odd name" });
    expect(names((await listOpenProjects({ q: "Shelter" }, page)).items)).toEqual(["Shelter Walks"]);
    expect(names((await listOpenProjects({ q: "help a food bank" }, page)).items)).toEqual(["Pantry"]);
    expect(names((await listOpenProjects({ q: "graphql" }, page)).items)).toEqual(["Graph"]);
    expect(names((await listOpenProjects({ q: "100%" }, page)).items)).toEqual(["100% Done_Right"]);
    // No word at all: nothing to rank by, so nothing is found.
    expect(await listOpenProjects({ q: "_" }, page)).toMatchObject({ items: [], total: 0 });
  });

  it("filters by difficulty, technology, language and duration, together", async () => {
    await project("A", {
      difficulty: "Beginner",
      technologies: ["React"],
      programming_languages: ["JavaScript"],
      duration_days: 20,
    });
    await project("B", {
      difficulty: "Advanced",
      technologies: ["React"],
      programming_languages: ["TypeScript"],
      duration_days: 60,
    });
    await project("C", {
      difficulty: "Beginner",
      technologies: ["Flask"],
      programming_languages: ["Python"],
      duration_days: 120,
    });
    expect(names((await listOpenProjects({ difficulty: "Beginner" }, page)).items)).toEqual(["A", "C"]);
    expect(names((await listOpenProjects({ technology: "react" }, page)).items)).toEqual(["A", "B"]);
    expect(names((await listOpenProjects({ language: "Python" }, page)).items)).toEqual(["C"]);
    expect(names((await listOpenProjects({ duration: "short" }, page)).items)).toEqual(["A"]);
    expect(names((await listOpenProjects({ duration: "medium" }, page)).items)).toEqual(["B"]);
    expect(names((await listOpenProjects({ duration: "long" }, page)).items)).toEqual(["C"]);
    expect(names((await listOpenProjects({ difficulty: "Beginner", technology: "React" }, page)).items)).toEqual(["A"]);
  });

  it("hides running projects without open positions, unless none has any", async () => {
    await project("Full", {}, { Developer: 0 });
    expect(names((await listOpenProjects({}, page)).items)).toEqual(["Full"]);
    await project("Open", {}, { Developer: 2 });
    expect(names((await listOpenProjects({}, page)).items)).toEqual(["Open"]);
  });

  it("keeps templates, pending and completed projects out of the open list, and pages", async () => {
    await createProject({ name: "Waiting", status: "Pending" });
    await createProject({ name: "Finished", status: "Completed" });
    for (const name of ["T1", "T2", "T3"]) await project(name, {}, {}, "template");
    expect(names((await listOpenProjects({}, page)).items)).toEqual([]);
    const first = await listTemplates({}, { page: 1, pageSize: 2 });
    const second = await listTemplates({}, { page: 2, pageSize: 2 });
    expect(first.total).toBe(3);
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(1);
    expect(names([...first.items, ...second.items])).toEqual(["T1", "T2", "T3"]);
  });

  it("the detail has roles, open roles and the team", async () => {
    const owner = await createUser({ name: "Olive Owner" });
    const id = await createProject({ name: "Team", roles: { Developer: 2, Designer: 0 }, admin: owner });
    const detail = await getProjectDetail(id);
    expect(detail.requiredRoles).toEqual([
      { name: "Designer", openPositions: 0 },
      { name: "Developer", openPositions: 2 },
    ]);
    expect(detail.openRoles).toEqual([{ name: "Developer", openPositions: 2 }]);
    expect(detail.projectTeamMembers).toEqual([
      expect.objectContaining({ fullName: "Olive Owner", roleInProject: "Project Owner" }),
    ]);
    expect(detail.openPositions).toBe(2);
    await expect(getProjectDetail(id, "template")).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("the catalogue's counts", () => {
  /** The counts kept by triggers (migration 0020) against the same counts taken by scanning. */
  async function expectKeptCountsTrue() {
    const { rows } = await sql<{ kept: number[]; scanned: number[]; wrong_sums: number }>`
      select
        (select array[
          (select project_count from catalogue_counts where list = 'running'),
          (select project_count from catalogue_counts where list = 'open'),
          (select project_count from catalogue_counts where list = 'templates')]) as kept,
        (select array[
          count(*) filter (where kind = 'project' and status = 'InProgress'),
          count(*) filter (where kind = 'project' and status = 'InProgress'
            and exists (select 1 from project_roles r where r.project_id = p.id and r.open_positions > 0)),
          count(*) filter (where kind = 'template')]::int[] from projects p) as scanned,
        (select count(*)::int from projects p where p.open_positions <>
          (select coalesce(sum(r.open_positions), 0) from project_roles r where r.project_id = p.id)) as wrong_sums
    `.execute(db);
    expect(rows[0]).toEqual({ kept: rows[0]!.scanned, scanned: expect.any(Array), wrong_sums: 0 });
    return rows[0]!.kept;
  }

  it("stay right as projects, roles and joins change, and answer the lists' totals", async () => {
    expect(await expectKeptCountsTrue()).toEqual([0, 0, 0]);
    const open = await project("Open", {}, { Developer: 1, Designer: 0 });
    await project("Full", {}, { Developer: 0 });
    await project("Template", {}, { Developer: 2 }, "template");
    await createProject({ name: "Waiting", status: "Pending" });
    expect(await expectKeptCountsTrue()).toEqual([2, 1, 1]);
    expect((await listOpenProjects({}, page)).total).toBe(1);
    expect((await listTemplates({}, page)).total).toBe(1);

    // The last open position taken (as an approved join does): no running project is open, so the
    // list shows them all.
    await db.updateTable("project_roles").set({ open_positions: 0 }).where("project_id", "=", open).execute();
    expect(await expectKeptCountsTrue()).toEqual([2, 0, 1]);
    const all = await listOpenProjects({}, page);
    expect([all.total, names(all.items)]).toEqual([2, ["Full", "Open"]]);

    await db.insertInto("project_roles").values({ project_id: open, name: "Tester", open_positions: 3 }).execute();
    await db.updateTable("projects").set({ status: "Completed" }).where("name", "=", "Full").execute();
    expect(await expectKeptCountsTrue()).toEqual([1, 1, 1]);
    await db.deleteFrom("project_roles").where("project_id", "=", open).where("name", "=", "Tester").execute();
    expect(await expectKeptCountsTrue()).toEqual([1, 0, 1]);
    await db.deleteFrom("projects").where("name", "in", ["Open", "Template"]).execute();
    expect(await expectKeptCountsTrue()).toEqual([0, 0, 0]);
  });

  it("filters still count what they match", async () => {
    await project("Pantry", { technologies: ["Django"] });
    await project("Shelter", { technologies: ["Vue.js"] });
    expect((await listOpenProjects({ technology: "django" }, page)).total).toBe(1);
    expect((await listOpenProjects({}, page)).total).toBe(2);
  });
});

describe("the catalogue's filter lists", () => {
  it("hold every technology and language in use, kept by the database as projects change", async () => {
    const first = await project("Pantry", { technologies: ["Svelte", "Redis"], programming_languages: ["Elixir"] });
    await project("Shelter", { technologies: ["Svelte"] });
    expect(await listFilterOptions()).toEqual({ technologies: ["Redis", "Svelte"], languages: ["Elixir"] });

    await db
      .updateTable("projects")
      .set({ technologies: ["Svelte"], programming_languages: [] })
      .where("id", "=", first)
      .execute();
    expect(await listFilterOptions()).toEqual({ technologies: ["Svelte"], languages: [] });

    await db.deleteFrom("projects").where("name", "in", ["Pantry", "Shelter"]).execute();
    expect(await listFilterOptions()).toEqual({ technologies: [], languages: [] });
  });

  it("count each project once a value when one statement changes many projects", async () => {
    const counts = async () =>
      Object.fromEntries(
        (
          await db
            .selectFrom("project_filter_values")
            .select(["kind", "value", "project_count"])
            .where("project_count", ">", 0)
            .execute()
        ).map((row) => [`${row.kind}:${row.value}`, row.project_count]),
      );
    const ids = [];
    for (const name of ["A", "B", "C"]) ids.push(await project(name, {}));
    // One statement: a value listed twice in one project counts once for it.
    await db
      .updateTable("projects")
      .set({ technologies: ["Svelte", "Svelte", "Redis"], programming_languages: ["Elixir"] })
      .where("id", "in", ids)
      .execute();
    expect(await counts()).toEqual({ "technology:Svelte": 3, "technology:Redis": 3, "language:Elixir": 3 });

    // Values kept by an update are not counted again; those dropped and added are.
    await db
      .updateTable("projects")
      .set({ technologies: ["Svelte", "Deno"] })
      .where("id", "in", ids.slice(0, 2))
      .execute();
    expect(await counts()).toEqual({
      "technology:Svelte": 3,
      "technology:Redis": 1,
      "technology:Deno": 2,
      "language:Elixir": 3,
    });

    await db.deleteFrom("projects").where("id", "in", ids.slice(1)).execute();
    expect(await counts()).toEqual({ "technology:Svelte": 1, "technology:Deno": 1, "language:Elixir": 1 });
  });
});

describe("public projects API", () => {
  it("pages with X-Total-Count and Link, and refuses bad parameters with errors by field", async () => {
    for (const n of [1, 2, 3, 4, 5]) await project(`Pantry ${n}`, {});
    await project("Shelter", {});
    const response = await activeRoute.loader({
      request: await apiRequest("/api/projects/active?page=2&pageSize=2&q=pantry"),
      params: {},
      context,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe("5");
    const link = response.headers.get("Link")!;
    const base = "http://localhost/api/projects/active";
    expect(link).toBe(
      [
        `<${base}?page=1&pageSize=2&q=pantry>; rel="first"`,
        `<${base}?page=1&pageSize=2&q=pantry>; rel="prev"`,
        `<${base}?page=3&pageSize=2&q=pantry>; rel="next"`,
        `<${base}?page=3&pageSize=2&q=pantry>; rel="last"`,
      ].join(", "),
    );
    const body = await response.json();
    expect(body).toHaveLength(2);
    expect(body[0]).toMatchObject({
      projectId: expect.any(String),
      projectName: expect.any(String),
      technologies: ["React", "Node.js"],
    });

    const bad = await activeRoute.loader({
      request: await apiRequest("/api/projects/active?page=0&pageSize=101&difficulty=Expert&duration=forever"),
      params: {},
      context,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual(["difficulty", "duration", "page", "pageSize"]);
    const templates = await templatesRoute.loader({
      request: await apiRequest("/api/projects/templates"),
      params: {},
      context,
    });
    expect(await templates.json()).toEqual([]);
    expect(templates.headers.get("X-Total-Count")).toBe("0");
  });

  it("detail: 200, 400 malformed, 404 unknown; the template route only knows templates", async () => {
    const member = await createUser();
    const id = await project("Detail", {});
    await addMember(id, member);
    const templateId = await project("Blueprint", {}, {}, "template");
    const ok = await detailRoute.loader({ request: await apiRequest(`/api/projects/${id}`), params: { id }, context });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ projectId: id, projectName: "Detail", kind: "project" });
    expect(
      (await detailRoute.loader({ request: await apiRequest("/api/projects/nope"), params: { id: "nope" }, context }))
        .status,
    ).toBe(400);
    const missing = await detailRoute.loader({
      request: await apiRequest("/api/projects/00000000-0000-4000-8000-000000000000"),
      params: { id: "00000000-0000-4000-8000-000000000000" },
      context,
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Project not found.", errors: {} });
    expect(
      (
        await templateRoute.loader({
          request: await apiRequest(`/api/projects/template/${id}`),
          params: { id },
          context,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await templateRoute.loader({
          request: await apiRequest(`/api/projects/template/${templateId}`),
          params: { id: templateId },
          context,
        })
      ).status,
    ).toBe(200);
  });

  it("search answers {projects}, best match first; a blank query is 400", async () => {
    await project("Animal Shelter Volunteers", { description: "Walk shelter dogs with volunteers" });
    await project("Homework Help", { description: "Tutoring help for kids" });
    await project("Pet Adoption Listing", { description: "Animals looking for a home at the shelter" }, {}, "template");
    await createProject({ name: "Pending Shelter", status: "Pending" });
    const response = await searchRoute.loader({
      request: await apiRequest(
        "/api/projects/search/vector?query=help%20an%20animal%20shelter%20with%20volunteers&count=5",
      ),
      params: {},
      context,
    });
    const { projects } = await response.json();
    expect(projects[0].projectName).toBe("Animal Shelter Volunteers");
    expect(projects.map((item: { projectName: string }) => item.projectName)).not.toContain("Pending Shelter");
    expect(projects.map((item: { projectName: string }) => item.projectName)).toContain("Pet Adoption Listing");
    const stopWords = await searchRoute.loader({
      request: await apiRequest("/api/projects/search/vector?query=the%20and%20of"),
      params: {},
      context,
    });
    expect((await stopWords.json()).projects).toEqual([]);
    const symbols = await searchRoute.loader({
      request: await apiRequest("/api/projects/search/vector?query=c%23%20%2F%20node.js%20%26%20(x)"),
      params: {},
      context,
    });
    expect(symbols.status).toBe(200);
    expect(
      (
        await searchRoute.loader({
          request: await apiRequest("/api/projects/search/vector?query=%20"),
          params: {},
          context,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await searchRoute.loader({
          request: await apiRequest("/api/projects/search/vector?query=x&count=0"),
          params: {},
          context,
        })
      ).status,
    ).toBe(400);
  });
});
