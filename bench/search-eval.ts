/**
 * `npm run search:eval`: ranks the judged queries of ../shared/search-eval (or SEARCH_EVAL_DIR)
 * with the app's own search over the demo data (which is that corpus) and reports nDCG@6 and
 * recall@12 as defined in its README.
 */
import fs from "node:fs";
import path from "node:path";
import { migrateToLatest } from "#db/migrate";
import { demoId, seedDemoData } from "#db/seed";
import { db } from "~/db.server";
import { searchProjects } from "~/models/project.server";

interface JudgedQuery {
  id: string;
  query: string;
  relevant: Record<string, number>;
}

const dir = process.env.SEARCH_EVAL_DIR ?? path.resolve("../shared/search-eval");
const queries = JSON.parse(fs.readFileSync(path.join(dir, "dev-queries.json"), "utf8")) as JudgedQuery[];
const corpus = JSON.parse(fs.readFileSync(path.join(dir, "corpus.json"), "utf8")) as { key: string }[];
const keyById = new Map(corpus.map((record) => [demoId(`project:${record.key}`), record.key]));

const dcg = (grades: number[]) =>
  grades.reduce((sum, grade, index) => sum + (2 ** grade - 1) / Math.log2(index + 2), 0);

await migrateToLatest(db);
await seedDemoData(db);

const rows: { id: string; query: string; ndcg6: number; recall12: number }[] = [];
for (const judged of queries) {
  const results = await searchProjects(judged.query, 12);
  const keys = results.map((project) => keyById.get(project.projectId) ?? "?");
  const grades = keys.map((key) => judged.relevant[key] ?? 0);
  const ideal = Object.values(judged.relevant).sort((a, b) => b - a);
  const ndcg6 = dcg(grades.slice(0, 6)) / dcg(ideal.slice(0, 6));
  const wanted = Object.entries(judged.relevant)
    .filter(([, grade]) => grade >= 2)
    .map(([key]) => key);
  const recall12 = wanted.filter((key) => keys.slice(0, 12).includes(key)).length / wanted.length;
  rows.push({ id: judged.id, query: judged.query, ndcg6, recall12 });
}
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
if (process.argv.includes("--verbose")) {
  console.table(rows.map((row) => ({ ...row, ndcg6: row.ndcg6.toFixed(3), recall12: row.recall12.toFixed(3) })));
}
console.log(
  `${queries.length} queries: nDCG@6 ${mean(rows.map((row) => row.ndcg6)).toFixed(3)}, recall@12 ${mean(rows.map((row) => row.recall12)).toFixed(3)}`,
);
await db.destroy();
