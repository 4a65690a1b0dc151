/**
 * `tsx bench/search-profile.ts`: times each leg of the hybrid search on BENCH_PROJECTS generated
 * projects (default 100,000), run after run, in-process (no HTTP). A data folder given by
 * PROFILE_DATA_DIR is kept and reused, so the projects are generated once; with DATABASE_URL the
 * projects live in schema PROFILE_SCHEMA (default search_profile) of that PostgreSQL.
 */
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { connectDatabase } from "#db/connection";
import { migrateToLatest } from "#db/migrate";
import { seedDemoData } from "#db/seed";
import { expandByMeaning } from "~/search/expansion.server";
import { fullTextLeg } from "~/search/full-text.server";
import { hybridSearch } from "~/search/hybrid.server";
import { embedMissingProjects } from "~/search/project-vectors.server";
import { semanticLeg, semanticMode } from "~/search/semantic.server";
import { correctTypos } from "~/search/typo.server";
import { contentWords, splitWords } from "~/search/words";
import { insertGeneratedProjects } from "./generate-projects";

const generated = Number(process.env.BENCH_PROJECTS ?? 100_000);
const runs = Number(process.env.PROFILE_RUNS ?? 30);
const databaseUrl = process.env.DATABASE_URL;
const schema = databaseUrl ? (process.env.PROFILE_SCHEMA ?? "search_profile") : undefined;
const db = connectDatabase({ databaseUrl, dataDir: process.env.PROFILE_DATA_DIR, schema });
if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
await migrateToLatest(db, schema);
const { rows } = await sql<{ count: number }>`select count(*)::int as count from projects`.execute(db);
if (rows[0]!.count < generated) {
  const started = performance.now();
  await seedDemoData(db);
  await insertGeneratedProjects(db, generated);
  await embedMissingProjects(db);
  await sql`vacuum analyze`.execute(db);
  console.log(`Prepared ${generated} projects in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
async function time(name: string, work: () => Promise<unknown>) {
  const times: number[] = [];
  await work();
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  console.log(
    `${name.padEnd(44)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms`,
  );
}

for (const query of (process.env.PROFILE_QUERIES ?? "help an animal shelter with volunteers|reactt dashbord").split(
  "|",
)) {
  const words = [...new Set(splitWords(query))];
  console.log(`\n${query}`);
  await time("typo", () => correctTypos(db, words));
  await time("expansion", () => expandByMeaning(db, contentWords(query)));
  const mode = await semanticMode(db);
  const found = (
    await fullTextLeg(
      db,
      words.map((word) => ({ word, weight: 1 })),
      40,
    )
  ).map((hit) => hit.id);
  await time(`semantic (${mode})`, () => semanticLeg(db, query, 40, undefined, mode === "within" ? found : undefined));
  await time("full text (typed words only)", () =>
    fullTextLeg(
      db,
      words.map((word) => ({ word, weight: 1 })),
      40,
    ),
  );
  await time("hybrid, 12", () => hybridSearch(db, query, 12));
}
await db.destroy();
