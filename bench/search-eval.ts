/**
 * `npm run search:eval [-- --queries FILE] [-- --verbose]`: loads bench/search-eval/corpus.json
 * (or SEARCH_EVAL_DIR's; bench/search-eval/README.md says where it comes from) through the seed's import path into a fresh in-memory embedded database,
 * ranks each judged query with the search the API uses, and prints per-query nDCG@6 and
 * recall@12 as its README defines them; the last line holds the means
 * (`nDCG@6 0.812, recall@12 0.903`). Default queries: dev-queries.json beside the corpus.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrateToLatest } from "#db/migrate";
import { type DemoProject, demoId, seedDemoData } from "#db/seed";
import { embedMissingProjects } from "~/search/project-vectors.server";
import { db } from "~/db.server";
import { searchProjects } from "~/models/project.server";

interface JudgedQuery {
  id: string;
  query: string;
  relevant: Record<string, number>;
}

const argument = (name: string) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const dir = process.env.SEARCH_EVAL_DIR ?? fileURLToPath(new URL("search-eval", import.meta.url));
const queriesFile = argument("--queries") ?? path.join(dir, "dev-queries.json");
const queries = JSON.parse(fs.readFileSync(queriesFile, "utf8")) as JudgedQuery[];
const corpus = JSON.parse(fs.readFileSync(path.join(dir, "corpus.json"), "utf8")) as DemoProject[];
const keyById = new Map(corpus.map((record) => [demoId(`project:${record.key}`), record.key]));

const dcg = (grades: number[]) =>
  grades.reduce((sum, grade, index) => sum + (2 ** grade - 1) / Math.log2(index + 2), 0);

await migrateToLatest(db);
await seedDemoData(db, corpus);
await embedMissingProjects(db);

const rows: { id: string; ndcg6: number; recall12: number; query: string }[] = [];
for (const judged of queries) {
  const results = await searchProjects(judged.query, 12);
  const keys = results.map((project) => keyById.get(project.projectId) ?? "?");
  const grades = keys.map((key) => judged.relevant[key] ?? 0);
  const ideal = Object.values(judged.relevant).sort((a, b) => b - a);
  const ndcg6 = dcg(grades.slice(0, 6)) / dcg(ideal.slice(0, 6));
  const wanted = Object.entries(judged.relevant)
    .filter(([, grade]) => grade >= 2)
    .map(([key]) => key);
  const recall12 = wanted.length ? wanted.filter((key) => keys.slice(0, 12).includes(key)).length / wanted.length : 1;
  rows.push({ id: judged.id, ndcg6, recall12, query: judged.query });
  console.log(`${judged.id}\tnDCG@6 ${ndcg6.toFixed(3)}\trecall@12 ${recall12.toFixed(3)}\t${judged.query}`);
  if (process.argv.includes("--verbose")) console.log(`\t${keys.map((key, i) => `${key}:${grades[i]}`).join(" ")}`);
}
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);
await db.destroy();
console.log(
  `nDCG@6 ${mean(rows.map((row) => row.ndcg6)).toFixed(3)}, recall@12 ${mean(rows.map((row) => row.recall12)).toFixed(3)}`,
);
