import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { hybridSearch } from "~/search/hybrid.server";
import { SEMANTIC_REASON } from "~/search/reasons";
import { embedMissingProjects } from "~/search/project-vectors.server";
import {
  type EmbeddingsEndpoint,
  embedProjectsRemotely,
  fetchEmbeddings,
  remoteQueryVector,
} from "~/search/remote-embeddings.server";
import { type FakeEmbeddingsApi, startFakeEmbeddingsApi } from "../fixtures/embeddings-api";
import { createProject } from "../fixtures/factories";

/** EMBEDDINGS_URL: projects' and queries' vectors from an OpenAI-compatible endpoint, offline when it fails. */

let api: FakeEmbeddingsApi;
let endpoint: EmbeddingsEndpoint;
let pantry: string;
let shelter: string;

async function entry(name: string, tagline: string, description: string) {
  const id = await createProject({ name, kind: "template" });
  await db.updateTable("projects").set({ tagline, description }).where("id", "=", id).execute();
  return id;
}

beforeAll(async () => {
  api = await startFakeEmbeddingsApi();
});

afterAll(async () => {
  await api.close();
});

beforeEach(async () => {
  api.failWith = null;
  api.delayMs = 0;
  api.requests = [];
  // A model of its own per test: cached query vectors never cross tests.
  endpoint = { url: api.url, model: `fake-${Math.random()}`, apiKey: "sk-test", timeoutMs: 300 };
  await db.deleteFrom("projects").execute();
  pantry = await entry("Food Pantry Stock", "Know what is on the shelves.", "Log donated groceries and cans.");
  shelter = await entry("Pet Adoption Board", "Dogs and cats waiting for a home.", "An animal shelter's listings.");
  await entry("Sales Dashboard", "Charts of the week's numbers.", "A React dashboard of sales.");
  await embedMissingProjects(db);
});

async function remoteVectors() {
  return db
    .selectFrom("projects")
    .select(["id", "remote_embedding", "remote_embedding_model"])
    .orderBy("name")
    .execute();
}

describe("the embeddings endpoint", () => {
  it("stores every project's vector from the endpoint, in batches, with its model", async () => {
    expect(await embedProjectsRemotely(db, endpoint)).toBe(3);
    const rows = await remoteVectors();
    expect(
      rows.every((row) => row.remote_embedding?.length === 4 && row.remote_embedding_model === endpoint.model),
    ).toBe(true);
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]).toMatchObject({ model: endpoint.model, authorization: "Bearer sk-test" });
    expect(api.requests[0]!.input.join("\n")).toContain("Pet Adoption Board");
    // Nothing left to fetch: a second run asks nothing.
    expect(await embedProjectsRemotely(db, endpoint)).toBe(0);
    expect(api.requests).toHaveLength(1);
  });

  it("forgets a project's vector when its text changes, and fetches only that one again", async () => {
    await embedProjectsRemotely(db, endpoint);
    await db.updateTable("projects").set({ tagline: "Cats only." }).where("id", "=", shelter).execute();
    const stale = (await remoteVectors()).find((row) => row.id === shelter);
    expect(stale?.remote_embedding).toBeNull();
    expect(await embedProjectsRemotely(db, endpoint, { ids: [shelter, pantry] })).toBe(1);
  });

  it("ranks by the endpoint's vectors when it answers: a word only it knows finds the project", async () => {
    await embedProjectsRemotely(db, endpoint);
    const hits = await hybridSearch(db, "zorblax", 3, { embeddings: endpoint });
    expect(hits[0]?.id).toBe(shelter);
    expect(hits[0]?.matchedBy.semantic).toEqual([SEMANTIC_REASON]);
    // Offline, the made-up word means nothing.
    expect(await hybridSearch(db, "zorblax", 3, { embeddings: null })).toEqual([]);
  });

  it("falls back to the offline vectors when the endpoint fails or is too slow", async () => {
    await embedProjectsRemotely(db, endpoint);
    api.failWith = 500;
    await expect(fetchEmbeddings(endpoint, ["cats"])).rejects.toThrow(/500/);
    expect(await remoteQueryVector(endpoint, "puppies and kittens needing adoption")).toBeNull();
    let hits = await hybridSearch(db, "puppies and kittens needing adoption", 3, { embeddings: endpoint });
    expect(hits[0]?.id).toBe(shelter);

    api.failWith = null;
    api.delayMs = 3_000;
    const started = Date.now();
    hits = await hybridSearch(db, "tins of food for the hungry", 3, { embeddings: endpoint });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(hits[0]?.id).toBe(pantry);
  });
});
