import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { countQueries, KEEP_PLAN_MARK } from "#db/connection";
import { db } from "~/db.server";
import { findProjects, searchProjects } from "~/models/project.server";
import { wordReason } from "~/search/reasons";
import { expandByMeaning, expansionLookup } from "~/search/expansion.server";
import { acronymLookup, confirmedAcronyms } from "~/search/acronyms.server";
import { closeWordsOrder } from "~/search/close-words.server";
import { keptEntries, rankingVersionLookup } from "~/search/kept-entries.server";
import { lookUp, lookupsStatement } from "~/search/lookups.server";
import { adjacentPairs, contentWords, splitWords } from "~/search/words";
import { technologyLookup } from "~/search/technology-names.server";
import { correctedQuery, hybridSearch, misspeltCorrected, offlineQueryVector } from "~/search/hybrid.server";
import { fullTextLeg, statisticsLookup, termStatistics } from "~/search/full-text.server";
import { embedMissingProjects } from "~/search/project-vectors.server";
import { embedText } from "~/search/embedding.server";
import { hasPgvector, semanticLeg, semanticWithin } from "~/search/semantic.server";
import { correctTypos, TRANSPOSITION_SIMILARITY, transpositions, typoLookup } from "~/search/typo.server";
import { keepStems, sameStem, stemsExpression, unknownStems } from "~/search/word-stems.server";
import { createProject } from "../fixtures/factories";

/** Each leg of the hybrid search on its own, then fused (issue 15), on whichever database runs. */

async function entry(name: string, tagline: string, description: string) {
  const id = await createProject({ name, kind: "template" });
  await db.updateTable("projects").set({ tagline, description }).where("id", "=", id).execute();
  return id;
}

let pantry: string;
let shelter: string;
let dashboard: string;

beforeEach(async () => {
  await db.deleteFrom("projects").execute();
  pantry = await entry("Food Pantry Stock", "Know what is on the shelves.", "Log donated groceries and cans.");
  shelter = await entry("Pet Adoption Board", "Dogs and cats waiting for a home.", "An animal shelter's listings.");
  dashboard = await entry("Sales Dashboard", "Charts of the week's numbers.", "A React dashboard of sales.");
  await embedMissingProjects(db);
});

describe("the full-text leg", () => {
  it("finds a word by its stem", async () => {
    const hits = await fullTextLeg(db, [{ word: "charting", weight: 1 }]);
    expect(hits.map((hit) => hit.id)).toEqual([dashboard]);
    expect(hits[0].reasons).toEqual([wordReason("charting")]);
  });

  it("ranks words that stand together in the query higher where they stand together in the entry", async () => {
    const apart = await entry("Holiday Rota", "Who works the holiday.", "Food for volunteers; the bank pays.");
    const together = await entry("Neighbourhood Larder", "Shared shelves for the street.", "Runs like a food bank.");
    const words = [
      { word: "food", weight: 1 },
      { word: "bank", weight: 1 },
    ];
    const rank = (hits: { id: string }[], id: string) => hits.findIndex((hit) => hit.id === id);
    const loose = await fullTextLeg(db, words);
    expect(rank(loose, apart)).toBeLessThan(rank(loose, together));
    const hits = await fullTextLeg(db, [...words, { word: "food bank", weight: 0.5, phrase: true }]);
    expect(rank(hits, together)).toBeLessThan(rank(hits, apart));
    expect(rank(hits, together)).toBe(0);
    expect(hits.find((hit) => hit.id === apart)?.reasons).toEqual([wordReason("food"), wordReason("bank")]);
  });

  it("finds a project by its difficulty, kept in step as it changes", async () => {
    await db.updateTable("projects").set({ difficulty: "Advanced" }).where("id", "=", shelter).execute();
    expect((await fullTextLeg(db, [{ word: "advanced", weight: 1 }])).map((hit) => hit.id)).toEqual([shelter]);
    await db.updateTable("projects").set({ difficulty: "Intermediate" }).where("id", "=", shelter).execute();
    expect(await fullTextLeg(db, [{ word: "advanced", weight: 1 }])).toEqual([]);
  });

  it("in a large catalogue, reads candidates from the query's rarest words first", async () => {
    // Over 200 entries only a bounded number of candidates is scored. 240 entries hold 'orchard'
    // (under half the catalogue: still an informative word), one holds 'beekeeping', written last,
    // so a read of either word's entries in table order would stop before it.
    await db
      .insertInto("projects")
      .expression((eb) =>
        eb
          .selectFrom(sql<{ n: number }>`generate_series(1, 240)`.as("s"))
          .select([
            sql.lit("template").as("kind"),
            sql<string>`'Orchard Log ' || s`.as("name"),
            sql.lit("Pick the apples of the orchard.").as("description"),
            sql<string[]>`array['Vue.js']`.as("technologies"),
            sql.lit("Beginner").as("difficulty"),
            sql.lit(30).as("duration_days"),
          ]),
      )
      .columns(["kind", "name", "description", "technologies", "difficulty", "duration_days"])
      .execute();
    await db
      .insertInto("projects")
      .values(
        Array.from({ length: 260 }, (_, n) => ({
          kind: "template" as const,
          name: `Filler ${n}`,
          description: "Nothing to see.",
          technologies: ["Go"],
          difficulty: "Beginner",
          duration_days: 30,
        })),
      )
      .execute();
    const hives = await entry("Hive Watch", "Weigh the hives.", "A beekeeping club's records.");
    const hits = await fullTextLeg(db, [
      { word: "orchard", weight: 1 },
      { word: "beekeeping", weight: 1 },
    ]);
    expect(hits[0]?.id).toBe(hives);
  });
});

describe("the lookups' statements", () => {
  // Their plans are kept by text (keepPlan): a text made per query would be a prepared statement
  // per query on every connection.
  const lookupsOf = (query: string) => {
    const words = splitWords(query);
    return {
      corrections: typoLookup(words),
      expansions: expansionLookup(contentWords(query)),
      acronyms: acronymLookup(adjacentPairs(query), words),
      technologies: technologyLookup(words),
    };
  };
  const textOf = (lookups: Parameters<typeof lookupsStatement>[0]) => lookupsStatement(lookups).compile(db).sql;

  it("have one text for other words, with the plan-kept mark", () => {
    const shelter = textOf(lookupsOf("help an animal shelter with volunteers"));
    const renters = textOf(lookupsOf("stop renters getting thrown out of their apartments now"));
    expect(shelter).toBe(renters);
    expect(shelter.endsWith(KEEP_PLAN_MARK)).toBe(true);
    const few = textOf({ statistics: statisticsLookup(["food"]) });
    expect(textOf({ statistics: statisticsLookup(["food", "bank", "pantry", "food bank"]) })).toBe(few);
  });

  it("differ only by which lookups are asked", () => {
    const all = textOf(lookupsOf("machine learning for a food bank"));
    const withoutAcronyms = textOf({ ...lookupsOf("machine learning for a food bank"), acronyms: null });
    expect(withoutAcronyms).not.toBe(all);
    expect(textOf({ ...lookupsOf("volunteer tutoring in the library"), acronyms: null })).toBe(withoutAcronyms);
  });
});

describe("the search statistics", () => {
  it("count the projects holding each word as projects are written, updated and deleted", async () => {
    expect(await termStatistics(db, ["dashboards", "sales", "cans", "zebra", "the"])).toMatchObject({
      total: 3,
      documents: [1, 1, 1, 0, 0],
    });
    await db.updateTable("projects").set({ description: "Zebra counts." }).where("id", "=", dashboard).execute();
    expect(await termStatistics(db, ["dashboard", "sales", "zebra"])).toMatchObject({ total: 3, documents: [1, 1, 1] });
    await db.deleteFrom("projects").where("id", "=", dashboard).execute();
    expect(await termStatistics(db, ["dashboard", "zebra", "cans"])).toMatchObject({ total: 2, documents: [0, 0, 1] });
  });

  it("give each word's text-search queries as the document's functions make them", async () => {
    const { queries } = await termStatistics(db, ["dashboards", "food bank", "c#", "the"]);
    expect(queries).toEqual([
      { words: "'dashboard'", phrase: "'dashboard'" },
      { words: "'food' & 'bank'", phrase: "'food' <-> 'bank'" },
      { words: "'csharp'", phrase: "'csharp'" },
      { words: "", phrase: "" },
    ]);
  });

  it("let the full-text leg rank the rarer word higher", async () => {
    await entry("Sales Garden", "Sales of seedlings.", "Sales and more sales.");
    const hits = await fullTextLeg(db, [
      { word: "sales", weight: 1 },
      { word: "charts", weight: 1 },
    ]);
    expect(hits[0]?.id).toBe(dashboard);
    expect(hits[0]?.reasons).toEqual([wordReason("sales"), wordReason("charts")]);
  });
});

describe("the typo leg", () => {
  it("corrects a misspelt word to a word projects use", async () => {
    const corrections = await correctTypos(db, ["dashbord", "sales"]);
    expect(corrections.get("dashboard")).toMatchObject({ word: "dashbord" });
    expect([...corrections.values()].map((c) => c.word)).not.toContain("sales");
  });

  it("corrects two swapped letters, which trigrams alone miss in a short word", async () => {
    expect(transpositions("dgos")).toEqual(["gdos", "dogs", "dgso"]);
    const { rows } = await sql<{ alike: number }>`select similarity('dgos', 'dogs') as alike`.execute(db);
    expect(rows[0]?.alike).toBeLessThan(0.3);
    const corrections = await correctTypos(db, ["dgos"]);
    expect(corrections.get("dogs")).toEqual({ word: "dgos", similarity: TRANSPOSITION_SIMILARITY });
    const hits = await searchProjects("dgos", 5);
    expect(hits[0]?.projectId).toBe(shelter);
  });
});

describe("the semantic leg", () => {
  it("finds a paraphrase that shares no word with the entry", async () => {
    const hits = await semanticLeg(db, "puppies and kittens needing adoption");
    expect(hits[0]?.id).toBe(shelter);
  });

  it("reorders only the given entries when asked to (a large catalogue without pgvector)", async () => {
    const hits = await semanticLeg(db, "puppies and kittens needing adoption", 10, undefined, [pantry, dashboard]);
    expect(hits.map((hit) => hit.id)).not.toContain(shelter);
    expect(await semanticLeg(db, "puppies and kittens", 10, undefined, [])).toEqual([]);
  });

  it("expands a query word to words projects use that mean much the same", async () => {
    await entry("Repair Requests", "For tenants of older buildings.", "Log what needs fixing.");
    const expansions = await expandByMeaning(db, ["renters"]);
    expect(expansions).toContainEqual(expect.objectContaining({ word: "tenants", from: "renters" }));
  });

  it("skips a neighbour that is the word in another form, or a far commoner word that only keeps it company", async () => {
    await entry("Shift Planner", "Scheduling made simple.", "Schedules and a calendar for next week.");
    const words = (await expandByMeaning(db, ["schedule"])).map((expansion) => expansion.word);
    expect(words).not.toContain("scheduling");
    expect(words).not.toContain("schedules");
    expect(words).not.toContain("next");
    expect(words).toContain("calendar");
  });

  it("asks the database for a word's stem once, to tell a neighbour in another form", async () => {
    const words = ["zebrafish", "zebrafishes", "aquarium"];
    expect(unknownStems(words)).toEqual(words);
    keepStems(await lookUp(db, { expression: stemsExpression(words), read: (value) => value }));
    expect(unknownStems([...words, "axolotl"])).toEqual(["axolotl"]);
    expect(sameStem("zebrafish", "zebrafishes")).toBe(true);
    expect(sameStem("zebrafish", "aquarium")).toBe(false);
    expect(sameStem("zebrafish", "axolotl")).toBe(false);
  });

  it("leaves a technology's name to mean the technology, not its English senses", async () => {
    await entry("Feedback Wall", "See how people react.", "Everyone reads it differently.");
    // Every project here uses React (the factory's technologies).
    expect((await expandByMeaning(db, ["react"])).map((expansion) => expansion.word)).not.toContain("differently");
    await db
      .updateTable("projects")
      .set({ technologies: ["Vue.js"] })
      .execute();
    expect(await expandByMeaning(db, ["react"])).toContainEqual(
      expect.objectContaining({ word: "differently", from: "react" }),
    );
  });

  it("brings the thesaurus's words for a word no project uses, in the sense the query means", async () => {
    await entry("Tenant Rights Hotline", "Help for tenants facing eviction.", "Volunteers answer calls.");
    const expansions = await expandByMeaning(db, ["renters"]);
    const used = await expandByMeaning(db, ["tenants"]);
    expect(expansions).toContainEqual(expect.objectContaining({ word: "tenant", from: "renters" }));
    // A word projects use finds its entries itself: the thesaurus adds nothing for it.
    expect(used.map((expansion) => expansion.word)).not.toContain("renter");
  });

  it("brings the words of the need a query names that projects use, found by the whole search", async () => {
    const expansions = await expandByMeaning(db, ["nonperishables", "hungry", "households"]);
    expect(expansions).toContainEqual(expect.objectContaining({ word: "pantry", from: "nonperishables" }));
    // Words of the topic no project uses are not searched for.
    expect(expansions.map((expansion) => expansion.word)).not.toContain("fridge");
    const [first] = await searchProjects("tally of nonperishables handed to hungry households", 3);
    expect(first?.projectId).toBe(pantry);
  });

  it("brings one form of a topic's word, as the full-text leg finds every form alike", async () => {
    await entry("Grocery Run", "One grocery trip a week.", "Drivers bring the grocery bags.");
    const words = (await expandByMeaning(db, ["nonperishables"])).map((expansion) => expansion.word);
    expect(words.filter((word) => word === "grocery" || word === "groceries")).toHaveLength(1);
  });

  it("makes the query's meaning of its words and the words of the needs it names", () => {
    const cosine = (a: number[] | null, b: number[] | null) => a!.reduce((sum, value, i) => sum + value * b![i]!, 0);
    const pantry = embedText([{ text: "pantry groceries", weight: 1 }]);
    const topic = [{ word: "pantry", from: "hungry", similarity: 0.9, topic: true }];
    const close = [{ word: "pantry", from: "hungry", similarity: 0.9 }];
    const plain = offlineQueryVector(["hungry", "households"], new Map(), close);
    const withTopic = offlineQueryVector(["hungry", "households"], new Map(), topic);
    // Only a topic's words join it: a neighbour by vector is near the query's words already.
    expect(plain).toEqual(embedText([{ text: "hungry households", weight: 1 }]));
    expect(cosine(withTopic, pantry)).toBeGreaterThan(cosine(plain, pantry) + 0.1);
  });

  it("makes the query's vector of its words as corrected", () => {
    const corrections = new Map([
      ["machine", { word: "machne", similarity: 0.6 }],
      ["machines", { word: "machne", similarity: 0.5 }],
    ]);
    expect(correctedQuery(["machne", "learning"], corrections)).toBe("machine learning");
  });

  it("corrects for the close-words ordering only the words the vectors do not know", () => {
    const corrections = new Map([
      ["machine", { word: "machne", similarity: 0.6 }],
      ["check", { word: "checkups", similarity: 0.5 }],
    ]);
    expect(misspeltCorrected(["machne", "learning", "checkups"], corrections)).toBe("machine learning checkups");
  });
});

/** The entries with these ids as the search reads them, at the catalogue's current ranking version. */
const entriesOf = async (ids: string[], vectors = false) =>
  keptEntries(db, ids, await lookUp(db, rankingVersionLookup()), { vectors });

describe("the word-by-word closeness", () => {
  it("ranks the given entries by how close each query word comes to one of their words", async () => {
    const hits = closeWordsOrder(await entriesOf([pantry, dashboard, shelter]), "puppies");
    expect(hits.map((hit) => hit.id)).toEqual([shelter, expect.any(String), expect.any(String)]);
    expect(hits[0].score).toBeGreaterThan(hits[1].score);
    const [exact] = closeWordsOrder(await entriesOf([pantry, shelter]), "groceries");
    expect(exact.id).toBe(pantry);
    expect(closeWordsOrder([], "puppies")).toEqual([]);
  });

  it("keeps an entry while the catalogue's ranking version stays, and reads it again when it or its roles change", async () => {
    const score = async (query: string, id: string) => closeWordsOrder(await entriesOf([id]), query)[0]!.score;
    const reads = async (ids: string[]) => (await countQueries(() => entriesOf(ids))).queries - 1;
    const before = await score("groceries", pantry);
    expect(before).toBeGreaterThan(await score("groceries", dashboard));
    expect(await reads([pantry, shelter])).toBe(1);
    expect(await reads([shelter, pantry])).toBe(0);
    expect((await entriesOf([pantry]))[0]!.vector).toBeUndefined();
    await db.updateTable("projects").set({ description: "Tins and jars." }).where("id", "=", pantry).execute();
    await db.updateTable("projects").set({ tagline: "Groceries, weekly." }).where("id", "=", dashboard).execute();
    expect(await score("groceries", pantry)).toBeLessThan(before);
    expect(await score("groceries", dashboard)).toBeGreaterThan(before);
    const unmusical = await score("violinist", pantry);
    await db.insertInto("project_roles").values({ project_id: pantry, name: "Violinist", open_positions: 1 }).execute();
    expect(await score("violinist", pantry)).toBeGreaterThan(unmusical);
  });
});

describe("the semantic leg within the other legs' finds", () => {
  it("orders the kept entries as the statement does, leaving out those not searchable", async () => {
    const query = "puppies and kittens needing adoption";
    const vector = embedText([{ text: query, weight: 1 }])!;
    const ids = [pantry, dashboard, shelter];
    await entriesOf(ids);
    // Read without their vectors, the entries are read again when the vectors are asked for.
    expect((await countQueries(() => entriesOf(ids, true))).queries).toBe(2);
    expect((await countQueries(() => entriesOf(ids, true))).queries).toBe(1);
    expect((await countQueries(() => entriesOf(ids))).queries).toBe(1);
    const inMemory = semanticWithin(await entriesOf(ids, true), vector, 10);
    const bySql = await semanticLeg(db, query, 10, vector, ids);
    expect(inMemory.map((hit) => hit.id)).toEqual(bySql.map((hit) => hit.id));
    expect(inMemory[0]?.id).toBe(shelter);
    inMemory.forEach((hit, index) => expect(hit.score).toBeCloseTo(bySql[index]!.score, 5));
    await db.updateTable("projects").set({ kind: "project", status: "Completed" }).where("id", "=", shelter).execute();
    expect(semanticWithin(await entriesOf(ids, true), vector, 10).map((hit) => hit.id)).not.toContain(shelter);
  });
});

describe("the catalogue's ranking version", () => {
  it("moves when a project's words may have changed, and only then", async () => {
    const version = () => lookUp(db, rankingVersionLookup());
    const moves = async (write: () => Promise<unknown>) => {
      const before = await version();
      await write();
      return (await version()) !== before;
    };
    const projects = () => db.updateTable("projects").where("id", "=", pantry);
    expect(await moves(() => projects().set({ name: "Food Pantry Shelves" }).execute())).toBe(true);
    expect(
      await moves(() =>
        projects()
          .set({ goals: ["Count cans"] })
          .execute(),
      ),
    ).toBe(true);
    expect(
      await moves(() =>
        projects()
          .set({ technologies: ["Vue.js"] })
          .execute(),
      ),
    ).toBe(true);
    expect(await moves(() => projects().set({ difficulty: "Advanced" }).execute())).toBe(true);
    const role = () => db.insertInto("project_roles").values({ project_id: pantry, name: "Driver", open_positions: 1 });
    expect(await moves(() => role().execute())).toBe(true);
    expect(await moves(() => entry("Choir Rota", "Who sings when.", "Sundays."))).toBe(true);
    expect(await moves(() => db.deleteFrom("projects").where("id", "=", dashboard).execute())).toBe(true);
    // Writes that change no word: open positions, the picture, an update that sets what is there.
    const roles = () => db.updateTable("project_roles").where("project_id", "=", pantry);
    expect(await moves(() => roles().set({ open_positions: 3 }).execute())).toBe(false);
    expect(await moves(() => projects().set({ picture_url: "/covers/pantry.png" }).execute())).toBe(false);
    expect(await moves(() => projects().set({ name: "Food Pantry Shelves" }).execute())).toBe(false);
  });
});

describe("technology names", () => {
  it("reads a technology's first word or nickname as its name, where some project uses it", async () => {
    await db
      .updateTable("projects")
      .set({ technologies: ["Vue.js"], programming_languages: ["Go"] })
      .where("id", "=", shelter)
      .execute();
    const [vue] = await searchProjects("vue", 3);
    expect(vue.projectId).toBe(shelter);
    expect(vue.matchedBy.fullText).toContain("vue ≈ vue.js");
    // Go the language, not 'go' the verb in another entry's tagline.
    await db.updateTable("projects").set({ tagline: "What needs to go out first." }).where("id", "=", pantry).execute();
    const golang = await searchProjects("golang", 3);
    expect(golang[0]?.projectId).toBe(shelter);
    expect(golang[0]?.matchedBy.fullText).toContain("golang ≈ go");
    expect(golang.find((hit) => hit.projectId === pantry)?.matchedBy.fullText ?? []).not.toContain("golang ≈ go");
    // A name as typed needs no stand-in; a nickname of a technology no project uses has none.
    expect(await lookUp(db, technologyLookup(["react", "k8s", "node"])!)).toEqual([{ from: "node", name: "node.js" }]);
  });
});

describe("the fused search", () => {
  it("ranks by all legs and says why each result matched", async () => {
    const [first] = await searchProjects("reactt dashbord", 3);
    expect(first.projectId).toBe(dashboard);
    expect(first.matchedBy.fullText).toContain("dashbord → dashboard");

    const results = await searchProjects("tins of food for the hungry", 3);
    expect(results[0].projectId).toBe(pantry);

    // A word no project uses, found through the thesaurus ('renters' → 'tenant').
    const hotline = await entry("Eviction Hotline", "Legal help when a landlord wants you out.", "For tenants.");
    const [renters] = await searchProjects("renters", 3);
    expect(renters.projectId).toBe(hotline);
    expect(renters.matchedBy.fullText).toContain("renters ≈ tenant");
    // Words together in the query are reasons one by one, never as a phrase.
    const [dashboards] = await searchProjects("react dashboard", 3);
    expect(dashboards.projectId).toBe(dashboard);
    expect(dashboards.matchedBy.fullText).toEqual(["react", "dashboard"]);
  });

  it("finds the acronym of words that stand together, where the catalogue shows what it stands for", async () => {
    const filter = await entry("Spam Filter", "Sort the mail with ML.", "A small model, trained weekly.");
    await entry("Machine Learning Club", "Learn ML together.", "Machine learning basics, every week.");
    await entry("Clinic Records", "Screening records.", "Keeps TB tests in order.");
    expect(await confirmedAcronyms(db, ["machine learning", "total beginner"], ["machine", "learning"])).toEqual([
      { acronym: "ml", pair: "machine learning" },
    ]);
    const results = await searchProjects("machine learning", 6);
    expect(results.find((result) => result.projectId === filter)?.matchedBy.fullText).toEqual([
      "machine learning ≈ ml",
    ]);
    // A misspelt pair's acronym, once corrected.
    const corrected = await searchProjects("machne learning", 6);
    expect(corrected.find((result) => result.projectId === filter)?.matchedBy.fullText).toEqual([
      "machine learning ≈ ml",
    ]);
  });

  it("asks the database in few statements: lookups that do not wait on each other go together", async () => {
    await entry("Spam Filter", "Sort the mail with ML.", "A small model, trained weekly.");
    await entry("Machine Learning Club", "Learn ML together.", "Machine learning basics, every week.");
    // The catalogue's ranking version (to find a kept ranking); corrections, expansions and
    // acronyms; the words' statistics and the semantic leg; the full text; the found entries' read.
    // Without pgvector, also how the semantic leg can answer (by the catalogue's size: this small
    // one's every entry is compared, with the statistics).
    const expected = (await hasPgvector(db)) ? 5 : 6;
    const natural = await countQueries(() => hybridSearch(db, "help an animal shelter find homes for dogs", 6));
    expect(natural.result.length).toBeGreaterThan(0);
    expect(natural.queries).toBe(expected);
    // A corrected pair's acronym is confirmed with the words' statistics.
    const misspelt = await countQueries(() => hybridSearch(db, "machne learning", 6));
    expect(misspelt.result.length).toBeGreaterThan(0);
    expect(misspelt.queries).toBe(expected);
    // The same words in another order find the same entries, whose words are kept (at the same
    // ranking version): no read of them.
    const reordered = await countQueries(() => hybridSearch(db, "dogs homes for an animal shelter help find", 6));
    expect(reordered.result.map((hit) => hit.id).sort()).toEqual(natural.result.map((hit) => hit.id).sort());
    expect(reordered.queries).toBe(expected - 1);
    // The same words again: the kept ranking, after one statement for the ranking version.
    const again = await countQueries(() => hybridSearch(db, "help an animal shelter find homes for dogs", 6));
    expect(again.result).toEqual(natural.result);
    expect(again.queries).toBe(1);
  });

  it("takes a profile's list of names as it is: no corrections, phrases or acronyms", async () => {
    const [corrected] = await searchProjects("reactt", 3);
    expect(corrected.projectId).toBe(dashboard);
    expect(await findProjects("reactt", 3, { keywords: true })).toEqual([]);
    const [listed] = await findProjects("React Dashboard", 3, { keywords: true });
    expect(listed.projectId).toBe(dashboard);
    expect(listed.reasons.filter((reason) => reason.kind !== "semantic")).toEqual([
      wordReason("react"),
      wordReason("dashboard"),
    ]);
  });

  it("returns nothing for words that mean nothing", async () => {
    expect(await searchProjects("qwxzv", 6)).toEqual([]);
    expect(await searchProjects("the and of", 6)).toEqual([]);
  });
});
