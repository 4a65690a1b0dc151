import { type Kysely, sql } from "kysely";
import type { Database } from "#db/schema";
import { searchPhrase, searchQuery, searchVector } from "./document.server";
import { type Lookup, lookUp } from "./lookups.server";
import { type LegHit, SEARCHABLE_SQL } from "./legs";
import { type MatchReason, wordReason } from "./reasons";
import { CANDIDATES, COMMON_SHARE, LEG_DEPTH, FIELD_WEIGHTS, MATCH_BASE, SCORED_WHOLE } from "./tuning";

/**
 * The full-text leg: PostgreSQL's english text search (stemmed: 'gardens' finds 'garden') over the
 * weighted search document (name, then tagline, skills and roles, then description and goals),
 * defined once in the database (migration 0038) and queried through ./document.server.ts.
 *
 * Any query word counts, so long natural requests still match. Each matching word adds its weight
 * in that entry (`ts_rank` of the word alone, plus a base for matching at all) times how rare the
 * word is among projects (inverse document frequency) times the word's own weight, so in 'help an
 * animal shelter with volunteers' a match on 'animal' outweighs one on 'help'. Rarity comes from
 * search_terms (migration 0017); only bounded tiers of candidates are scored (CANDIDATES, below).
 */
export interface WeightedWord {
  word: string;
  /** 1 for a word the person typed; less for a correction or a word close in meaning. */
  weight: number;
  /** The typed word a stand-in replaces; a word and its stand-ins add only their best match. */
  group?: string;
  /** Words that must stand next to each other in this order ('food bank'), not just each somewhere. */
  phrase?: boolean;
  /**
   * A technology's name (lower case), matched only in an entry's technologies and languages, not
   * in its prose or tagline: 'golang' means Go the language, not 'go' the verb.
   */
  skill?: boolean;
  /** Why an entry that holds it matched (the word as typed, when not said). */
  reason?: MatchReason;
}

export interface TermStatistics {
  /** How many projects there are. */
  total: number;
  /** For each word, how many projects' documents hold it (0 when none, or when it is a stop word). */
  documents: number[];
  /**
   * For each word, its text-search queries as text (`search_query`, `search_phrase`), made while
   * counting: the leg's statement then casts them instead of calling the functions, whose every
   * call its planning would otherwise work out, once per place a word is used.
   */
  queries: TermQueries[];
}

export interface TermQueries {
  /** Every word of the term, anywhere. */
  words: string;
  /** The term's words next to each other, in order. */
  phrase: string;
}

/** How many projects hold each word, and how many there are, from the maintained statistics. */
export function statisticsLookup(words: string[]): Lookup<TermStatistics> {
  return {
    expression: sql`json_build_array(
      coalesce((select documents from search_statistics), 0),
      array(
        select case when count(u.lexeme) = 0 or count(s.lexeme) < count(u.lexeme) then 0 else min(s.documents) end
        from unnest(${words}::text[]) with ordinality as t(word, i)
        left join lateral unnest(${searchVector(sql.ref("t.word"))}) u on true
        left join search_terms s on s.lexeme = u.lexeme
        group by t.i order by t.i
      ),
      array(
        select json_build_array(${searchQuery(sql.ref("t.word"))}::text, ${searchPhrase(sql.ref("t.word"))}::text)
        from unnest(${words}::text[]) with ordinality as t(word, i) order by t.i
      )
    )`,
    read: (value) => {
      const [total, documents, queries] = value as [number, number[], [string, string][]];
      return {
        total: Number(total),
        documents: documents.map(Number),
        queries: queries.map(([words, phrase]) => ({ words, phrase })),
      };
    },
  };
}

export function termStatistics(db: Kysely<Database>, words: string[]): Promise<TermStatistics> {
  return lookUp(db, statisticsLookup(words));
}

export async function fullTextLeg(
  db: Kysely<Database>,
  terms: WeightedWord[],
  depth = LEG_DEPTH,
  /** The terms' statistics, when read already (with other lookups, in one statement). */
  statistics?: TermStatistics,
): Promise<LegHit[]> {
  if (terms.length === 0) return [];
  const { total, documents, queries } =
    statistics ??
    (await termStatistics(
      db,
      terms.map((term) => term.word),
    ));
  // A word no project holds cannot match: it is left out of every query.
  const present = terms
    .map((term, index) => ({
      ...term,
      group: term.group ?? term.word,
      documents: documents[index] ?? 0,
      queries: queries[index]!,
    }))
    .filter((term) => term.documents > 0);
  if (present.length === 0) return [];
  const rarity = (held: number) => Math.log(1 + Math.max(total, held) / (1 + held));
  const phrases = new Set(present.filter((term) => term.phrase).map((term) => term.word));
  const queryOf = new Map(
    present.map((term) => [term.word, phrases.has(term.word) ? term.queries.phrase : term.queries.words]),
  );
  const wordQuery = (word: string) => sql`${queryOf.get(word)}::tsquery`;
  const anyOf = (words: string[]) => sql`(${sql.join(words.map(wordQuery), sql` || `)})`;

  const groups = [...new Set(present.map((term) => term.group))].map((group) => {
    const members = present.filter((term) => term.group === group);
    return { members, documents: Math.max(...members.map((member) => member.documents)) };
  });
  const informative = groups.filter((group) => group.documents <= total * COMMON_SHARE);
  const narrowing = informative.length > 0 ? informative : groups;
  const everyInformative = sql`(${sql.join(
    narrowing.map((group) => anyOf(group.members.map((member) => member.word))),
    sql` && `,
  )})`;
  const anyInformative = anyOf(narrowing.flatMap((group) => group.members.map((member) => member.word)));
  const anyWord = anyOf(present.map((term) => term.word));
  const searchable = sql.raw(SEARCHABLE_SQL);
  // Equal scores are told apart by how much of the entry's document the query's words make up.
  const ranked = sql`ts_rank(p.search_document, ${anyWord}, 1)`;
  // A skill matches an entry that lists it among its technologies or languages, where its
  // search document holds it (B); other terms anywhere in the document.
  const matches = present.map((term) =>
    term.skill
      ? sql`${term.word} = any(array(select lower(s) from unnest(p.technologies || p.programming_languages) s))`
      : sql`p.search_document @@ ${wordQuery(term.word)}`,
  );
  // A query word and its stand-ins (corrections, words close in meaning) count once: the best of
  // them. Matching at all counts more than where (the base against the field weights). Each match
  // is tested once a candidate (`m.matched`), for its score and for the reasons shown.
  const termScore = (index: number) =>
    sql`case when m.matched[${sql.lit(index + 1)}] then (${sql.lit(MATCH_BASE)} + ts_rank(${FIELD_WEIGHTS}::float4[], p.search_document, ${wordQuery(present[index]!.word)}, 0)) * ${
      rarity(present[index]!.documents) * present[index]!.weight
    }::float8 else 0 end`;
  const score = sql.join(
    groups.map(({ members }) => {
      const scores = members.map((member) => termScore(present.indexOf(member)));
      return scores.length === 1 ? scores[0] : sql`greatest(${sql.join(scores)})`;
    }),
    sql` + `,
  );
  // Each tier's matches are a materialized CTE, planned for reading every match (through the
  // index when few) of which only the first `limit` are read: planned with the limit, a
  // sequential scan looks cheaper and can read the whole table. The chosen ids are scored once.
  const matching = (query: ReturnType<typeof anyOf>) =>
    sql`(select p.id from projects p where p.search_document @@ ${query} and ${searchable})`;
  const scoredWhole = total <= SCORED_WHOLE;
  const limit = scoredWhole ? SCORED_WHOLE : CANDIDATES;
  const common = narrowing.length < groups.length;
  // Tiers below every informative word: in a small catalogue any informative word, then any word;
  // in a large one the words rarest first, each read only when rarer ones hold too few entries.
  const wider = scoredWhole
    ? sql`
      some_word_matches as materialized ${matching(anyInformative)},
      ${common ? sql`any_word_matches as materialized ${matching(anyWord)},` : sql``}
      narrow as (
        select id from every_word
        union all select id from (select id from some_word_matches limit ${limit}) some_words
        where (select count(*) from every_word) < ${depth}
      ),
      candidate as (
        select id from narrow
        ${
          common
            ? sql`union all select id from (select id from any_word_matches limit ${limit}) wide
                where (select count(*) from narrow) < ${depth}`
            : sql``
        }
      )`
    : sql`
      rarest_first as materialized (${sql.join(
        [...groups]
          .sort((a, b) => a.documents - b.documents)
          .map((group) => sql`(${matching(anyOf(group.members.map((member) => member.word)))} limit ${limit})`),
        sql` union all `,
      )}),
      candidate as (
        select id from every_word
        union all select id from (select id from rarest_first limit ${limit}) rarest
        where (select count(*) from every_word) < ${depth}
      )`;
  const { rows } = await sql<{ id: string; score: number; matched: boolean[] }>`
    with every_word_matches as materialized ${matching(everyInformative)},
    every_word as (select id from every_word_matches limit ${limit}),
    ${wider}
    select p.id, ${score} as score, m.matched
    from projects p
    -- offset 0: the array is made once a row, not written out again wherever a score reads it.
    cross join lateral (select array[${sql.join(matches)}] as matched offset 0) m
    where p.id in (select id from candidate)
    order by score desc, ${ranked} desc, p.created_at desc, p.id
    limit ${depth}
  `.execute(db);
  return rows.map((row) => ({
    id: row.id,
    score: Number(row.score),
    reasons: present.flatMap((term, index) => (row.matched[index] ? [term.reason ?? wordReason(term.word)] : [])),
  }));
}
