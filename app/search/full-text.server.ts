import { type Kysely, sql } from "kysely";
import type { Database } from "#db/schema";
import { type Lookup, lookUp } from "./lookups.server";
import { LEG_DEPTH, type LegHit, SEARCHABLE_SQL } from "./legs";
import { type MatchReason, wordReason } from "./reasons";

/**
 * The full-text leg: PostgreSQL's english text search (stemmed: 'gardens' finds 'garden') over the
 * weighted search document (name, then tagline, skills and roles, then description and goals).
 *
 * Any query word counts, so long natural requests still match. Each matching word adds its weight
 * in that entry (`ts_rank` of the word alone, plus a base for matching at all) times how rare the
 * word is among projects (inverse document frequency) times the word's own weight, so in 'help an
 * animal shelter with volunteers' a match on 'animal' outweighs one on 'help'.
 *
 * How rare a word is comes from search_terms (kept by triggers as projects are written, migration
 * 0017), read by primary key. Only a bounded set of candidates is scored, found through the GIN
 * index: entries holding every informative word (one that at most half the projects use); when
 * those are fewer than asked for, entries holding the query's words one word at a time, rarest
 * first; each tier at most CANDIDATES. A small catalogue is scored whole; a large one by its best
 * candidates, so a word every project uses ('volunteers') never means scoring every project.
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

/**
 * Each tier scores at most this many entries (found in no particular order), except in a catalogue
 * of at most SCORED_WHOLE entries, whose every match is scored: scoring is most of the leg's cost
 * (about 50 µs an entry on the embedded database). At 100,000 projects (bench/search-profile.ts's
 * data, four queries, fastest of 40 runs on a shared 2-core machine) 200 a tier and the second tier
 * always run: 24–34 ms a whole search for 'help an animal shelter with volunteers', 18–20 for
 * 'food bank inventory'; the second tier only when the first finds too few: 24–34 and 18; also 100
 * a tier beyond 200 entries: 21–24 and 16–17. The judged ranking is the same for all three (its
 * corpus has 160 entries).
 */
const CANDIDATES = 100;
const SCORED_WHOLE = 200;
/**
 * ts_rank's weight of a match in each part of the search document, D to A: description and goals
 * (C), tagline, skills, roles and level (B), name (A). PostgreSQL's default B is 0.4; a project's
 * tagline and skills say nearly as much about it as its name (`npm run search:eval`, nDCG@6 /
 * recall@12, dev queries in two folds by alternate id: B 0.4 0.757 / 0.892 (folds 0.796 and
 * 0.718), 0.5 0.760, 0.6 0.769, 0.7 0.772 / 0.892 (0.816 and 0.727), 0.8 0.770, 1 0.766 / 0.883;
 * C 0.1 0.755, C 0.3 0.738, D 0.2 no change).
 */
const FIELD_WEIGHTS = "{0.1,0.2,0.7,1.0}";
/** A word in more than this share of projects says little about any of them. */
const COMMON_SHARE = 0.5;

export interface TermStatistics {
  /** How many projects there are. */
  total: number;
  /** For each word, how many projects' documents hold it (0 when none, or when it is a stop word). */
  documents: number[];
}

/** How many projects hold each word, and how many there are, from the maintained statistics. */
export function statisticsLookup(words: string[]): Lookup<TermStatistics> {
  return {
    expression: sql`json_build_array(
      coalesce((select documents from search_statistics), 0),
      array(
        select case when count(u.lexeme) = 0 or count(s.lexeme) < count(u.lexeme) then 0 else min(s.documents) end
        from unnest(${words}::text[]) with ordinality as t(word, i)
        left join lateral unnest(to_tsvector('english', t.word)) u on true
        left join search_terms s on s.lexeme = u.lexeme
        group by t.i order by t.i
      )
    )`,
    read: (value) => {
      const [total, documents] = value as [number, number[]];
      return { total: Number(total), documents: documents.map(Number) };
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
  const { total, documents } =
    statistics ??
    (await termStatistics(
      db,
      terms.map((term) => term.word),
    ));
  // A word no project holds cannot match: it is left out of every query.
  const present = terms
    .map((term, index) => ({ ...term, group: term.group ?? term.word, documents: documents[index] ?? 0 }))
    .filter((term) => term.documents > 0);
  if (present.length === 0) return [];
  const rarity = (held: number) => Math.log(1 + Math.max(total, held) / (1 + held));
  const phrases = new Set(present.filter((term) => term.phrase).map((term) => term.word));
  const wordQuery = (word: string) =>
    phrases.has(word) ? sql`phraseto_tsquery('english', ${word})` : sql`plainto_tsquery('english', ${word})`;
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
  // This was ts_rank_cd (which also weighs how close together they stand): the same judged ranking
  // on both sets, but 2.5–3 ms more a search at 100,000 projects (in process, the bench's eight
  // natural requests, alternated: mean 21.5–22.0 → 18.5–19.4 ms).
  const ranked = sql`ts_rank(p.search_document, ${anyWord}, 1)`;
  // A skill matches an entry that lists it among its technologies or languages, where its
  // search document holds it (B); other terms anywhere in the document.
  const matches = present.map((term) =>
    term.skill
      ? sql`${term.word} = any(array(select lower(s) from unnest(p.technologies || p.programming_languages) s))`
      : sql`p.search_document @@ ${wordQuery(term.word)}`,
  );
  // A query word and its stand-ins (corrections, words close in meaning) count once: the best of them.
  // The base 0.5 measured best (`npm run search:eval`, nDCG@6 / recall@12: 0.5 0.719 / 0.833,
  // 0.25 0.699 / 0.833, 1 0.704 / 0.825): the field weights matter, but less than matching at all.
  // Since then: base 0.3 0.741 / 0.892, 0.7 0.746 / 0.892 (against 0.757 / 0.892 at 0.5); ts_rank's
  // length normalisation (BM25-like, a long description says less per word) hurts: flag 1
  // (1 + log length) 0.744 / 0.881, flag 2 (length) 0.724 / 0.881. At 0.777 / 0.892: BM25's inverse
  // document frequency 0.769 / 0.883, this one to the power 0.7 0.768, 1.5 0.757, 2 0.732. Other
  // document layouts (at 0.772, each measured by rebuilding search_document): tagline in A 0.760,
  // roles and level apart from skills in C or D 0.761–0.762, goals in B 0.734.
  const termScore = (index: number) =>
    sql`case when ${matches[index]} then (0.5 + ts_rank(${FIELD_WEIGHTS}::float4[], p.search_document, ${wordQuery(present[index]!.word)}, 0)) * ${
      rarity(present[index]!.documents) * present[index]!.weight
    }::float8 else 0 end`;
  const score = sql.join(
    groups.map(({ members }) => {
      const scores = members.map((member) => termScore(present.indexOf(member)));
      return scores.length === 1 ? scores[0] : sql`greatest(${sql.join(scores)})`;
    }),
    sql` + `,
  );
  // Each tier's matches are a materialized CTE, which PostgreSQL plans for reading every match
  // (through the index when they are few), and only the first `limit` are read. Planned with the
  // limit, a sequential scan looks cheaper (it expects the matches spread evenly), and where they
  // are not it reads the whole table: 235 ms for 'we're a small arts nonprofit and want to sell
  // tickets online' at 100,000 projects, whose matches are all among the last 160 rows. The tiers
  // only pick ids; the chosen entries are then scored once each, read again by key. Scoring them
  // inside each tier instead (an entry found by two tiers scored twice) measured slower on the
  // embedded database (the 30 judged queries in turn at 100,000 projects, four runs each: p95
  // 38.5–41.8 ms against 31.6–38.7) and the same on PostgreSQL.
  const matching = (query: ReturnType<typeof anyOf>) =>
    sql`(select p.id from projects p where p.search_document @@ ${query} and ${searchable})`;
  const scoredWhole = total <= SCORED_WHOLE;
  const limit = scoredWhole ? SCORED_WHOLE : CANDIDATES;
  const common = narrowing.length < groups.length;
  // A small catalogue's every match is scored: the tiers below every word are any informative
  // word, then any word. A large one's are the query's words rarest first, each read only when
  // the rarer ones hold too few entries: a rare word's entries are the likelier to score best, and
  // a common word's index list (thousands of entries) is never read when rarer words fill the tier.
  // At 100,000 projects, the 30 judged queries in turn, this statement's mean (p95) before → after:
  // embedded 9.9–11.2 (17.4–20.9) → 9.7–10.7 (16.2–17.1) ms, PostgreSQL 7.0–8.4 → 6.5–7.9 ms.
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
    select p.id, ${score} as score, array[${sql.join(matches)}] as matched
    from projects p where p.id in (select id from candidate)
    order by score desc, ${ranked} desc, p.created_at desc, p.id
    limit ${depth}
  `.execute(db);
  return rows.map((row) => ({
    id: row.id,
    score: Number(row.score),
    reasons: present.flatMap((term, index) => (row.matched[index] ? [term.reason ?? wordReason(term.word)] : [])),
  }));
}
