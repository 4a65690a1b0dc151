import { beforeAll, describe, expect, it } from "vitest";
import { countQueries } from "#db/connection";
import { seedDemoData } from "#db/seed";
import { embedMissingProjects } from "~/search/project-vectors.server";
import { createUserSession } from "~/auth/session.server";
import { db } from "~/db.server";
import { loader as catalogueLoader } from "~/routes/public/search-projects";
import { loader as searchResultLoader } from "~/routes/public/search-result";
import * as searchRoute from "~/routes/api/projects/search-vector";
import { apiRequest, routeContext as context } from "../fixtures/api";
import { createUser } from "../fixtures/factories";

/**
 * Issue 34: the catalogue's box, the hero search (/search-result with count=12) and the search API
 * are one search. For the same words they find the same entries in the same order; the catalogue
 * shows that list split into its sections, filtered and paged.
 */

type Catalogue = Exclude<Awaited<ReturnType<typeof catalogueLoader>>, Response>;
type Results = Exclude<Awaited<ReturnType<typeof searchResultLoader>>, Response>;
type Card = { projectId: string; projectName: string; kind: string; openPositions: number; matchReason?: string };

let cookie = "";

beforeAll(async () => {
  await seedDemoData(db);
  await embedMissingProjects(db);
  const user = await createUser();
  const response = await createUserSession(new Request("http://localhost/login"), user.userId, "/");
  cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
});

async function catalogue(query: string): Promise<Catalogue> {
  const request = new Request(`http://localhost/search-projects${query}`);
  return (await catalogueLoader({ request, params: {}, context })) as Catalogue;
}

/** Every card of a catalogue tab for q, page after page. */
async function wholeTab(q: string, tab: "open" | "templates"): Promise<Card[]> {
  const cards: Card[] = [];
  for (let page = 1; page < 20; page++) {
    const data = await catalogue(`?q=${encodeURIComponent(q)}&tab=${tab}&page=${page}`);
    const section = tab === "open" ? data.open : data.templates;
    expect(section?.page).toBeTruthy();
    cards.push(...section!.page!.items);
    if (!section!.hasMore) return cards;
  }
  throw new Error("more pages than expected");
}

async function hero(q: string): Promise<Card[]> {
  const request = new Request(`http://localhost/search-result?q=${encodeURIComponent(q)}&count=12`, {
    headers: { Cookie: cookie },
  });
  const data = (await searchResultLoader({ request, params: {}, context })) as Results;
  expect(data.error).toBeNull();
  return data.projects;
}

async function api(q: string): Promise<Card[]> {
  const request = await apiRequest(`/api/projects/search/vector?query=${encodeURIComponent(q)}&count=12`);
  const response = (await searchRoute.loader({ request, params: {}, context })) as Response;
  expect(response.status).toBe(200);
  return ((await response.json()) as { projects: Card[] }).projects;
}

const ids = (cards: Card[]) => cards.map((card) => card.projectId);
// The demo catalogue has open positions, so the open tab holds running projects with one.
const isOpen = (card: Card) => card.kind === "project" && card.openPositions > 0;

describe("one search behind every box", () => {
  it.each([
    "help a food bank",
    "track donations",
    "fod pantry invetory",
    "machine learning for a nonprofit",
    "c#",
    "c++",
    ".net",
  ])("gives the same entries in the same order for %j", async (q) => {
    const [fromHero, fromApi, open, templates] = await Promise.all([
      hero(q),
      api(q),
      wholeTab(q, "open"),
      wholeTab(q, "templates"),
    ]);
    expect(fromHero.length).toBeGreaterThan(0);
    expect(ids(fromApi)).toEqual(ids(fromHero));
    // The hero's twelve, split as the catalogue splits them, begin each of its tabs.
    const heroOpen = fromHero.filter(isOpen);
    const heroTemplates = fromHero.filter((card) => card.kind === "template");
    expect(ids(open.slice(0, heroOpen.length))).toEqual(ids(heroOpen));
    expect(ids(templates.slice(0, heroTemplates.length))).toEqual(ids(heroTemplates));
    expect(open.every(isOpen)).toBe(true);
    // Each card says why it matched, in the same words on both screens.
    for (const card of [...open, ...templates]) expect(card.matchReason).toBeTruthy();
    const reasons = new Map(fromHero.map((card) => [card.projectId, card.matchReason]));
    for (const card of [...open, ...templates].filter((card) => reasons.has(card.projectId)))
      expect(card.matchReason).toBe(reasons.get(card.projectId));
  });

  it("finds what a substring match missed, ranked, with the reason on the card", async () => {
    const data = await catalogue(`?q=${encodeURIComponent("help a food bank")}`);
    const open = data.open!.page!.items;
    expect(open.length).toBeGreaterThan(0);
    expect(open.slice(0, 3).map((card) => card.projectName)).toContain("Food Pantry Inventory Tracker");
    const typo = await catalogue(`?q=${encodeURIComponent("food pantry invetory")}&tab=open`);
    const pantry = typo.open!.page!.items.find((card) => card.projectName === "Food Pantry Inventory Tracker");
    expect(pantry?.matchReason).toMatch(/invetory → inventory/);
  });

  it("applies the catalogue's filters and paging to the ranking, and its total counts what was found", async () => {
    const q = "volunteers";
    const all = await wholeTab(q, "open");
    const data = await catalogue(`?q=${q}&tab=open&difficulty=Beginner`);
    const beginner = data.open!.page!;
    const ranked = all.map((card) => card.projectId);
    const shown = ids(beginner.items);
    expect(shown.length).toBeGreaterThan(0);
    // The filtered cards keep the ranking's order.
    const positions = shown.map((id) => ranked.indexOf(id));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const rows = await db.selectFrom("projects").select(["id", "difficulty"]).where("id", "in", shown).execute();
    expect(rows.every((row) => row.difficulty === "Beginner")).toBe(true);
    expect(beginner.total).toBeGreaterThanOrEqual(shown.length);
    const second = (await catalogue(`?q=${q}&tab=open&page=2`)).open!.page!;
    expect(ids(second.items)).toEqual(ranked.slice(12, 24));
    expect(second.total).toBe(all.length);
    // A page past the end shows no cards, and still says how many were found.
    const past = (await catalogue(`?q=${q}&tab=open&page=${Math.ceil(all.length / 12) + 1}`)).open!.page!;
    expect(past.items).toEqual([]);
    expect(past.total).toBe(all.length);
  });

  it("reads the All tab's two sections for search words in one statement, each its tab's first cards", async () => {
    const q = encodeURIComponent("volunteers");
    const [open, templates] = await Promise.all([wholeTab("volunteers", "open"), wholeTab("volunteers", "templates")]);
    const all = await countQueries(() => catalogue(`?q=${q}`));
    expect(ids(all.result.open!.page!.items)).toEqual(ids(open.slice(0, 8)));
    expect(ids(all.result.templates!.page!.items)).toEqual(ids(templates.slice(0, 8)));
    // The ranking is kept by now: what is left is the sections' read, one for both lists as for one.
    const one = await countQueries(() => catalogue(`?q=${q}&tab=open`));
    expect(one.queries).toBeGreaterThanOrEqual(1);
    expect(all.queries).toBe(one.queries);
  });

  it("gives empty sections (the spec's empty messages) for words that find nothing", async () => {
    const data = await catalogue(`?q=${encodeURIComponent("zzqx wvvq")}`);
    expect(data.open!.page!.items).toEqual([]);
    expect(data.templates!.page!.items).toEqual([]);
  });
});
