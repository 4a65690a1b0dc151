import { beforeEach, describe, expect, it } from "vitest";
import type { ProjectStatus } from "#db/schema";
import { seedDemoData } from "#db/seed";
import { embedMissingProjects } from "~/search/project-vectors.server";
import { db } from "~/db.server";
import { type ProjectSummary, searchProjects } from "~/models/project.server";
import { createProject } from "../fixtures/factories";

/** The search behind /search-result and GET /api/projects/search/vector (spec sections 2 and 7). */

async function entry(
  name: string,
  description: string,
  options: { kind?: "project" | "template"; status?: ProjectStatus; technologies?: string[]; tagline?: string } = {},
) {
  const id = await createProject({ name, kind: options.kind, status: options.status });
  await db
    .updateTable("projects")
    .set({
      description,
      tagline: options.tagline ?? "",
      technologies: options.technologies ?? [],
      programming_languages: [],
    })
    .where("id", "=", id)
    .execute();
  return id;
}

const names = (projects: ProjectSummary[]) => projects.map((project) => project.projectName);

// Search sees every project in the database: each test starts from none.
beforeEach(async () => {
  await db.deleteFrom("projects").execute();
});

describe("searchProjects", () => {
  it("ranks the animal shelter projects first for a natural-language request", async () => {
    await entry("Dog Walking Volunteer Sign-Up", "Volunteers sign up to walk the dogs of our animal shelter.");
    await entry("Adoptable Animal Listing", "Show the animals waiting at a shelter.", { kind: "template" });
    await entry("Homework Help Queue", "Kids ask for help with homework and volunteers answer.");
    await entry("Tech Help for Seniors", "Volunteers help older adults with their phones.");
    await entry("Emergency Shelter Beds", "Count open beds at homeless shelters every night.");
    await entry("Food Bank Inventory", "Track donated groceries.");

    const results = names(await searchProjects("help an animal shelter with volunteers", 6));
    expect(results.slice(0, 2).sort()).toEqual(["Adoptable Animal Listing", "Dog Walking Volunteer Sign-Up"]);
    // Any word counts: entries that only share 'help' or 'volunteers' still come, after the shelters.
    expect(results).toContain("Homework Help Queue");
    // One that shares no word with the request comes, if at all, last (a word close to 'animal' in
    // the word vectors, 'food', is all it has in so small a catalogue).
    expect(results.indexOf("Food Bank Inventory")).toBeOneOf([-1, results.length - 1]);
  });

  it("weighs a rare word above a common one", async () => {
    await entry("Parrot Rescue", "Find homes for parrots.");
    for (const n of [1, 2, 3, 4, 5, 6]) await entry(`Help Desk ${n}`, "Help people who ask for help.");
    const results = names(await searchProjects("help with parrots", 7));
    expect(results[0]).toBe("Parrot Rescue");
    expect(results).toHaveLength(7);
  });

  it("finds a single word in the name, the tagline, the description or the technologies", async () => {
    await entry("Kubernetes Deploy Pipeline", "Ship to a cluster.");
    await entry("Cluster Logs", "Collect logs.", { tagline: "Logs from Kubernetes pods" });
    await entry("Log Viewer", "Browse logs from our Kubernetes cluster.");
    await entry("Infra Starter", "Everything a new service needs.", { technologies: ["Kubernetes", "Helm"] });
    await entry("Garden Planner", "Plan the beds of a community garden.");
    const results = names(await searchProjects("kubernetes", 10));
    expect(results).toHaveLength(4);
    expect(results[0]).toBe("Kubernetes Deploy Pipeline");
    expect(results).not.toContain("Garden Planner");
    // Case and word forms do not matter.
    expect(names(await searchProjects("GARDENS", 10))).toEqual(["Garden Planner"]);
  });

  it("answers [] for stop words, punctuation, nonsense and an empty term", async () => {
    await entry("The Project", "A thing that is of use and for all.");
    expect(await searchProjects("the and of", 6)).toEqual([]);
    expect(await searchProjects("with a for to", 6)).toEqual([]);
    expect(await searchProjects("  ", 6)).toEqual([]);
    expect(await searchProjects("!!! ??? ///", 6)).toEqual([]);
    expect(await searchProjects("qwxzv", 6)).toEqual([]);
  });

  it("matches no entry by a contraction's ending ('I'd', 'we're'), and counts a word that says little for less", async () => {
    const rota = await entry("Volunteer Rota", "We'd love a rota, and we're short of drivers.");
    await entry("Animal Shelter Walks", "Walk the dogs at the shelter.");
    const results = await searchProjects("I'd say we're a shelter", 6);
    expect(names(results)[0]).toBe("Animal Shelter Walks");
    const rotaResult = results.find((project) => project.projectId === rota);
    expect(rotaResult?.matchedBy.fullText ?? []).toEqual([]);

    // 'way' counts for less than 'pantry', each in one entry's name.
    await entry("Pantry Shelves", "Sort the shelves.");
    await entry("Way Finder", "Find it around town.");
    expect(names(await searchProjects("way pantry", 6)).slice(0, 2)).toEqual(["Pantry Shelves", "Way Finder"]);
    expect(names(await searchProjects("pantry way", 6)).slice(0, 2)).toEqual(["Pantry Shelves", "Way Finder"]);
  });

  it("takes symbols and query syntax literally instead of throwing", async () => {
    await entry("Grants API in .NET", "An API for grants written in C#.", { technologies: [".NET", "C#"] });
    await entry("Chat Server", "Realtime chat on Node.js.", { technologies: ["Node.js", "Express"] });
    for (const query of [
      "c# / node.js",
      "c++ & (rust | go)",
      "!react <-> 'vue' :*",
      "\\ % _ ' \" ; -- drop table projects",
      "naïve café 東京",
      ".NET",
    ]) {
      await expect(searchProjects(query, 6), query).resolves.toBeInstanceOf(Array);
    }
    expect(names(await searchProjects("c# / node.js", 6)).sort()).toEqual(["Chat Server", "Grants API in .NET"]);
    expect(names(await searchProjects(".NET", 6))).toEqual(["Grants API in .NET"]);
  });

  it("returns at most count results, best first", async () => {
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) await entry(`Chat App ${n}`, "A chat app.");
    expect(await searchProjects("chat", 3)).toHaveLength(3);
    expect(await searchProjects("chat", 1)).toHaveLength(1);
    expect(await searchProjects("chat", 50)).toHaveLength(8);
  });

  it("searches templates and running projects, never pending or completed ones", async () => {
    await entry("Aquarium Template", "Aquarium tracker.", { kind: "template" });
    await entry("Aquarium Running", "Aquarium tracker.", { status: "InProgress" });
    await entry("Aquarium Pending", "Aquarium tracker.", { status: "Pending" });
    await entry("Aquarium Completed", "Aquarium tracker.", { status: "Completed" });
    const results = await searchProjects("aquarium", 10);
    expect(names(results).sort()).toEqual(["Aquarium Running", "Aquarium Template"]);
    expect(results.find((project) => project.kind === "template")?.projectStatus).toBeNull();
    expect(results.find((project) => project.kind === "project")?.projectStatus).toBe("InProgress");
  });

  it("returns cards' fields: open positions, technologies, duration", async () => {
    const id = await createProject({ name: "Beekeeping Log", roles: { Developer: 2, Designer: 1 } });
    await db
      .updateTable("projects")
      .set({ technologies: ["Vue.js"], duration_days: 45 })
      .where("id", "=", id)
      .execute();
    const [project] = await searchProjects("beekeeping", 6);
    expect(project).toMatchObject({
      projectId: id,
      projectName: "Beekeeping Log",
      openPositions: 3,
      technologies: ["Vue.js"],
      durationDays: 45,
    });
  });
});

describe("searchProjects on the demo data", () => {
  it("puts animal shelter projects, not homeless shelters or homework help, first", async () => {
    await seedDemoData(db);
    await embedMissingProjects(db);
    const results = await searchProjects("help an animal shelter with volunteers", 12);
    expect(results).toHaveLength(12);
    const top = results.slice(0, 4).map((project) => `${project.projectName} ${project.projectDescription}`);
    for (const text of top) expect(text).toMatch(/animal|pet|dog|cat/i);
    expect(names(results.slice(0, 4))).toContain("Dog Walking Volunteer Sign-Up");
    expect(names(results.slice(0, 4))).not.toContain("Emergency Shelter Bed Availability");
  });
});
