import { type Kysely, sql } from "kysely";
import type { Database } from "#db/schema";
import { LEG_DEPTH, type LegHit, SEARCHABLE_SQL } from "./legs";

/**
 * The full-text leg: PostgreSQL's english text search (stemmed: 'gardens' finds 'garden') over the
 * weighted search document (name, then tagline, skills and roles, then description and goals).
 *
 * Any query word counts, so long natural requests still match. Each matching word adds its weight
 * in that entry (`ts_rank` of the word alone, plus a base for matching at all) times how rare the
 * word is among the searchable entries (inverse document frequency) times the word's own weight,
 * so in 'help an animal shelter with volunteers' a match on 'animal' outweighs one on 'help'.
 */
export interface WeightedWord {
  word: string;
  /** 1 for a word the person typed; less for a correction or a word close in meaning. */
  weight: number;
  /** The typed word a stand-in replaces; a word and its stand-ins add only their best match. */
  group?: string;
}

export async function fullTextLeg(db: Kysely<Database>, terms: WeightedWord[], depth = LEG_DEPTH): Promise<LegHit[]> {
  if (terms.length === 0) return [];
  const words = terms.map((term) => term.word);
  const wordQueries = words.map((word) => sql`plainto_tsquery('english', ${word})`);
  const searchable = sql.raw(SEARCHABLE_SQL);
  const anyWord = sql.join(wordQueries, sql` || `);
  // One pass over the searchable entries: w{i} = ln(1 + N / (1 + entries containing word i)).
  const weights = sql.join(
    wordQueries.map(
      (wordQuery, index) =>
        sql`ln(1 + count(*)::float8 / (1 + count(*) filter (where p.search_document @@ ${wordQuery}))) as ${sql.ref(`w${index}`)}`,
    ),
    sql`, `,
  );
  const matches = wordQueries.map((wordQuery) => sql`p.search_document @@ ${wordQuery}`);
  // A query word and its stand-ins (corrections, words close in meaning) count once: the best of them.
  const termScore = (index: number) =>
    sql`(${matches[index]})::int * (0.5 + ts_rank(p.search_document, ${wordQueries[index]}, 0)) * ${sql.ref(`q.w${index}`)} * ${terms[index].weight}::float8`;
  const groups = [...new Set(terms.map((term) => term.group ?? term.word))];
  const score = sql.join(
    groups.map((group) => {
      const members = terms.flatMap((term, index) => ((term.group ?? term.word) === group ? [termScore(index)] : []));
      return members.length === 1 ? members[0] : sql`greatest(${sql.join(members)})`;
    }),
    sql` + `,
  );
  const { rows } = await sql<{ id: string; score: number; matched: boolean[] }>`
    select p.id, ${score} as score, array[${sql.join(matches)}] as matched
    from projects p, (select ${anyWord} as query, ${weights} from projects p where ${searchable}) q
    where p.search_document @@ q.query and ${searchable}
    order by score desc, ts_rank_cd(p.search_document, q.query, 1) desc, p.created_at desc, p.id
    limit ${depth}
  `.execute(db);
  return rows.map((row) => ({
    id: row.id,
    score: Number(row.score),
    reasons: words.filter((_, index) => row.matched[index]),
  }));
}
