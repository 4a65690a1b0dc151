import { type Kysely, sql } from "kysely";
import type { Database } from "#db/schema";
import { config } from "~/config.server";

/**
 * Meaning vectors from an OpenAI-compatible embeddings endpoint (EMBEDDINGS_URL): POST
 * { model, input: [texts] } to …/embeddings, answered with { data: [{ index, embedding }] }.
 * Projects' vectors are fetched by the embed-projects job (app/jobs) and kept in
 * projects.remote_embedding; a query's vector is fetched at search time with a short timeout,
 * and the search uses the offline vectors whenever that fails.
 */
export interface EmbeddingsEndpoint {
  url: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

/** The configured endpoint, or null when EMBEDDINGS_URL is unset. */
export function configuredEndpoint(): EmbeddingsEndpoint | null {
  if (!config.EMBEDDINGS_URL) return null;
  return {
    url: config.EMBEDDINGS_URL,
    model: config.EMBEDDINGS_MODEL,
    apiKey: config.EMBEDDINGS_API_KEY,
    timeoutMs: config.EMBEDDINGS_TIMEOUT_MS,
  };
}

function embeddingsAddress(url: string): string {
  const trimmed = url.replace(/\/+$/, "");
  return trimmed.endsWith("/embeddings") ? trimmed : `${trimmed}/embeddings`;
}

const unit = (vector: number[]) => {
  const length = Math.hypot(...vector);
  return length > 0 ? vector.map((value) => value / length) : null;
};

/** One unit vector per text, in order; throws on any failure (network, status, shape, timeout). */
export async function fetchEmbeddings(
  endpoint: EmbeddingsEndpoint,
  texts: string[],
  timeoutMs = endpoint.timeoutMs,
): Promise<number[][]> {
  const response = await fetch(embeddingsAddress(endpoint.url), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
    },
    body: JSON.stringify({ model: endpoint.model, input: texts }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`The embeddings endpoint answered ${response.status}.`);
  const body = (await response.json()) as { data?: { index?: number; embedding?: unknown }[] };
  const vectors: number[][] = [];
  for (const [position, item] of (body.data ?? []).entries()) {
    const embedding = item.embedding;
    if (!Array.isArray(embedding) || embedding.length === 0 || !embedding.every((v) => typeof v === "number")) {
      throw new Error("The embeddings endpoint sent something other than vectors.");
    }
    const vector = unit(embedding as number[]);
    if (!vector) throw new Error("The embeddings endpoint sent a zero vector.");
    vectors[item.index ?? position] = vector;
  }
  if (vectors.length !== texts.length || vectors.some((vector) => !vector)) {
    throw new Error(`The embeddings endpoint sent ${vectors.length} vectors for ${texts.length} texts.`);
  }
  return vectors;
}

// Queries repeat (the home page's examples, popular words): their vectors are kept, bounded.
const CACHE_SIZE = 2_000;
const queryCache = new Map<string, number[]>();

/** The query's vector from the endpoint, or null when it fails or takes longer than its timeout. */
export async function remoteQueryVector(endpoint: EmbeddingsEndpoint, query: string): Promise<number[] | null> {
  const key = `${endpoint.url}\n${endpoint.model}\n${query}`;
  const cached = queryCache.get(key);
  if (cached) return cached;
  try {
    const [vector] = await fetchEmbeddings(endpoint, [query]);
    if (queryCache.size >= CACHE_SIZE) queryCache.delete(queryCache.keys().next().value!);
    queryCache.set(key, vector!);
    return vector!;
  } catch {
    return null;
  }
}

/** What a project's vector is made of: what it is called and promises first, then its skills and prose. */
export function projectEmbeddingText(project: {
  name: string;
  tagline: string;
  description: string;
  technologies: string[];
  programming_languages: string[];
  goals: string[];
}): string {
  return [
    project.name,
    project.tagline,
    [...project.technologies, ...project.programming_languages].join(", "),
    project.goals.join(". "),
    project.description,
  ]
    .filter(Boolean)
    .join("\n");
}

const BATCH = 64;
/** A background job can wait for the endpoint far longer than a search. */
const JOB_TIMEOUT_MS = 30_000;

/**
 * Fetches and stores the endpoint's vectors of projects that have none from this model (`ids`
 * limits it to those projects). At most `limit` projects per call; returns how many it stored.
 * Throws when the endpoint fails, so the job is retried.
 */
export async function embedProjectsRemotely(
  db: Kysely<Database>,
  endpoint: EmbeddingsEndpoint,
  options: { ids?: string[]; limit?: number } = {},
): Promise<number> {
  if (options.ids && options.ids.length === 0) return 0;
  const limit = options.limit ?? 1_000;
  let stored = 0;
  while (stored < limit) {
    let query = db
      .selectFrom("projects")
      .select(["id", "name", "tagline", "description", "technologies", "programming_languages", "goals"])
      .where((eb) =>
        eb.or([eb("remote_embedding", "is", null), eb("remote_embedding_model", "is distinct from", endpoint.model)]),
      )
      .orderBy("id")
      .limit(Math.min(BATCH, limit - stored));
    if (options.ids) query = query.where("id", "in", options.ids);
    const rows = await query.execute();
    if (rows.length === 0) break;
    const vectors = await fetchEmbeddings(endpoint, rows.map(projectEmbeddingText), JOB_TIMEOUT_MS);
    const values = sql.join(rows.map((row, index) => sql`(${row.id}::uuid, ${vectors[index]!}::real[])`));
    await sql`
      update projects p set remote_embedding = v.embedding, remote_embedding_model = ${endpoint.model}
      from (values ${values}) as v(id, embedding) where p.id = v.id
    `.execute(db);
    stored += rows.length;
    if (rows.length < BATCH) break;
  }
  return stored;
}
