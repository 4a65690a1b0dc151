import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createUserSession } from "~/auth/session.server";
import { db } from "~/db.server";
import type * as ProjectModel from "~/models/project.server";
import { findProjects } from "~/models/project.server";
import { ValidationError } from "~/utils/errors.server";
import { loader } from "~/routes/public/search-result";
import { routeContext as context } from "../fixtures/api";
import { createProject, createUser } from "../fixtures/factories";

/** The /search-result screen's loader: sign-in, reading q and count, and a failing search. */

vi.mock("~/models/project.server", async (importOriginal) => {
  const actual = await importOriginal<typeof ProjectModel>();
  return { ...actual, findProjects: vi.fn(actual.findProjects) };
});

let cookie = "";

beforeAll(async () => {
  const user = await createUser();
  const response = await createUserSession(new Request("http://localhost/login"), user.userId, "/");
  cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
});

beforeEach(async () => {
  vi.mocked(findProjects).mockClear();
  await db.deleteFrom("projects").execute();
});

type LoaderData = Exclude<Awaited<ReturnType<typeof loader>>, Response>;

async function load(query: string, signedIn = true): Promise<LoaderData> {
  const headers = signedIn ? { Cookie: cookie } : undefined;
  const request = new Request(`http://localhost/search-result${query}`, { headers });
  return (await loader({ request, params: {}, context })) as LoaderData;
}

describe("/search-result loader", () => {
  it("sends signed-out visitors to sign in and back to the same search", async () => {
    const thrown = await load("?q=dogs&count=12", false).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!, "http://localhost");
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("redirectTo")).toBe("/search-result?q=dogs&count=12");
  });

  it("searches the trimmed term, with runs of whitespace made one space", async () => {
    await createProject({ name: "Dog Walking Rota" });
    const data = await load("?q=%20%20dog%0D%0A%20walking%20%20&count=12");
    expect(data.q).toBe("dog walking");
    expect(data.count).toBe(12);
    expect(data.error).toBeNull();
    expect(data.projects.map((project) => project.projectName)).toEqual(["Dog Walking Rota"]);
    expect(findProjects).toHaveBeenCalledWith("dog walking", 12);
  });

  it("gives each result a short reason from how it matched, spelling corrections included", async () => {
    await createProject({ name: "Dog Walking Rota" });
    const [rota] = (await load("?q=dog%20walkng")).projects;
    expect(rota?.matchReason).toBe("Matched: dog · Spelling: walkng → walking");
    expect(rota).not.toHaveProperty("matchedBy");
  });

  it("does not search a missing or blank term", async () => {
    for (const query of ["", "?q=", "?q=%20%0A%20&count=12"]) {
      const data = await load(query);
      expect(data).toMatchObject({ q: "", projects: [], error: null });
    }
    expect(findProjects).not.toHaveBeenCalled();
  });

  it("reads count as 6 by default and keeps it within 1..50", async () => {
    const counts: Record<string, number> = {
      "": 6,
      "&count=": 6,
      "&count=abc": 6,
      "&count=NaN": 6,
      "&count=Infinity": 6,
      "&count=12": 12,
      "&count=3.7": 3,
      "&count=0": 1,
      "&count=-5": 1,
      "&count=50": 50,
      "&count=1000": 50,
    };
    for (const [param, count] of Object.entries(counts)) {
      expect((await load(`?q=anything${param}`)).count, param).toBe(count);
    }
    expect(vi.mocked(findProjects).mock.calls.map(([, count]) => count)).toEqual(Object.values(counts));
  });

  it("turns a failing search into 'Search Error' text instead of a crash", async () => {
    vi.mocked(findProjects).mockRejectedValueOnce(new Error('relation "projects" is broken'));
    const unexpected = await load("?q=dogs");
    expect(unexpected).toMatchObject({ q: "dogs", projects: [] });
    // Database details stay in the log; people read what the API would say.
    expect(unexpected.error).toBe("Server error. Please try again later.");

    vi.mocked(findProjects).mockRejectedValueOnce(new ValidationError("Search term is too long."));
    expect((await load("?q=dogs")).error).toBe("Search term is too long.");
  });
});
