import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { searchProjects } from "~/models/project.server";
import { loader as catalogueLoader } from "~/routes/public/search-projects";
import { embedMissingProjects } from "~/search/project-vectors.server";
import { routeContext as context } from "../fixtures/api";
import { createProject } from "../fixtures/factories";

/**
 * Issue 34: C#, C++, F# and .NET are words of their own in the search document and in queries
 * (migration 0038's search_text), so 'c#' finds C# projects, not C or C++ ones, and '.net' finds
 * .NET projects, not a safety net.
 */

async function entry(name: string, description: string, technologies: string[], languages: string[]) {
  const id = await createProject({ name });
  await db
    .updateTable("projects")
    .set({ description, tagline: "", technologies, programming_languages: languages })
    .where("id", "=", id)
    .execute();
  return id;
}

const found = async (query: string) => (await searchProjects(query, 12)).map((hit) => hit.projectName);
/** The entries a query's words found (not only the meaning vectors). */
const foundByWords = async (query: string) =>
  (await searchProjects(query, 12)).filter((hit) => hit.matchedBy.fullText).map((hit) => hit.projectName);

beforeAll(async () => {
  await db.deleteFrom("projects").execute();
  await entry("Grants API", "An API for a community foundation's grants.", [".NET"], ["C#"]);
  await entry("Thank-You Game", "A small game written in C# to thank volunteers.", ["Unity"], []);
  await entry("Shelter Intake", "An intake form for an animal shelter, on ASP.NET Core.", ["Azure"], []);
  await entry("Sensor Firmware", "Firmware in C for a soil moisture sensor.", ["Arduino"], ["C"]);
  await entry("Chess Engine", "A chess engine for a school club.", [], ["C++"]);
  await entry("Budget Forecasts", "Forecast a food bank's budget with scripts.", [], ["F#"]);
  await entry("Safety Net Finder", "Find the benefits on the safety net a family is owed.", ["React"], []);
  await embedMissingProjects(db);
});

describe("a language's name in the search", () => {
  it("is one word in the document and in a query, in any case", async () => {
    const { rows } = await sql<{ text: string; query: string; phrase: string }>`
      select search_text(${"C#/.NET, c++ and F# on ASP.NET; vb.net, site.net"}) as text,
        search_query(${"C# C++ F# .NET"})::text as query, search_phrase(${"c# developers"})::text as phrase
    `.execute(db);
    expect(rows[0]!.text.split(/\s+/).filter(Boolean)).toEqual(
      "csharp / dotnet , cplusplus and fsharp on ASP dotnet ; vb dotnet , site.net".split(" "),
    );
    expect(rows[0]!.query).toBe("'csharp' & 'cplusplus' & 'fsharp' & 'dotnet'");
    expect(rows[0]!.phrase).toBe("'csharp' <-> 'develop'");
    const document = await db
      .selectFrom("projects")
      .select(sql<string>`search_document::text`.as("document"))
      .where("name", "=", "Grants API")
      .executeTakeFirstOrThrow();
    expect(document.document).toContain("'csharp':");
    expect(document.document).toContain("'dotnet':");
    expect(document.document).not.toMatch(/'c':|'net':/);
  });

  it("finds C# projects for 'c#', from their languages or their prose, and no C or C++ project", async () => {
    expect((await found("c#")).sort()).toEqual(["Grants API", "Thank-You Game"]);
    expect((await found("C#")).sort()).toEqual(["Grants API", "Thank-You Game"]);
    expect(await found("csharp")).toEqual(expect.arrayContaining(["Grants API", "Thank-You Game"]));
  });

  it("finds C for 'c', C++ for 'c++' and F# for 'f#', each without the others", async () => {
    expect(await found("c")).toEqual(["Sensor Firmware"]);
    expect(await found("c++")).toEqual(["Chess Engine"]);
    expect(await found("cpp")).toEqual(["Chess Engine"]);
    expect(await found("f#")).toEqual(["Budget Forecasts"]);
  });

  it("finds .NET and ASP.NET projects for '.net', not the safety net, which 'net' still finds", async () => {
    expect((await found(".net")).sort()).toEqual(["Grants API", "Shelter Intake"]);
    expect((await found("dotnet")).sort()).toEqual(["Grants API", "Shelter Intake"]);
    expect(await foundByWords("net")).toEqual(["Safety Net Finder"]);
    expect(await foundByWords("safety net")).toEqual(["Safety Net Finder"]);
  });

  it("says it matched 'c#' on the catalogue's cards, and counts the projects that hold it", async () => {
    const request = new Request(`http://localhost/search-projects?q=${encodeURIComponent("C#")}&tab=open`);
    const data = (await catalogueLoader({ request, params: {}, context })) as Exclude<
      Awaited<ReturnType<typeof catalogueLoader>>,
      Response
    >;
    const cards = data.open!.page!.items;
    expect(cards.map((card) => card.projectName).sort()).toEqual(["Grants API", "Thank-You Game"]);
    for (const card of cards) expect(card.matchReason).toBe("Matched: c#");
    const counted = await db
      .selectFrom("search_terms")
      .select(["lexeme", "documents"])
      .where("lexeme", "in", ["csharp", "dotnet", "c"])
      .orderBy("lexeme")
      .execute();
    expect(counted).toEqual([
      { lexeme: "c", documents: 1 },
      { lexeme: "csharp", documents: 2 },
      { lexeme: "dotnet", documents: 2 },
    ]);
  });

  it("lets the typo leg correct a misspelt spelling to the word projects use", async () => {
    const [first] = await searchProjects("dotnte", 3);
    expect(first?.matchedBy.fullText).toContain("dotnte → dotnet");
  });
});
