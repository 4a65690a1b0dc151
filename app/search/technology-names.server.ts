import { sql } from "kysely";
import type { Lookup } from "./lookups.server";

/**
 * Technologies named the way people type them. A query word that is not itself the name of a
 * technology or language the catalogue uses stands for one when it is
 * - the first word of its name: 'vue' for Vue.js, 'node' for Node.js, 'rails' for Ruby on Rails,
 *   'spring' for Spring Boot (the search document keeps 'vue.js' as one word, so 'vue' alone
 *   found nothing); a name that begins with a dot has none ('net' is not .NET);
 * - one of its common nicknames below: 'golang' for Go, 'k8s' for Kubernetes, 'js' for JavaScript.
 * Only names some project uses are taken, so the full-text leg looks for the name itself, counted
 * as the word the person typed.
 */
export interface TechnologyName {
  /** The typed word. */
  from: string;
  /** The technology's name as the catalogue writes it, lower case ('vue.js', 'ruby on rails'). */
  name: string;
}

// Nicknames of technologies and languages, as developers write them (not every spelling: a
// misspelt name is the typo leg's).
const NICKNAMES: Record<string, string[]> = {
  golang: ["go"],
  k8s: ["kubernetes"],
  js: ["javascript"],
  ts: ["typescript"],
  py: ["python"],
  nodejs: ["node.js"],
  reactjs: ["react"],
  vuejs: ["vue.js"],
  angularjs: ["angular"],
  nextjs: ["next.js"],
  postgres: ["postgresql"],
  mongo: ["mongodb"],
  csharp: ["c#"],
  fsharp: ["f#"],
  cpp: ["c++"],
  dotnet: [".net", ".net core"],
  ror: ["ruby on rails"],
  gcp: ["google cloud"],
  rn: ["react native"],
  tf: ["terraform", "tensorflow"],
  gql: ["graphql"],
};

/** The lookup of the technologies the query's words stand for, or null when there is nothing to ask. */
export function technologyLookup(words: string[]): Lookup<TechnologyName[]> | null {
  if (words.length === 0) return null;
  const nicknames = words.flatMap((word) => (NICKNAMES[word] ?? []).map((name) => ({ word, name })));
  return {
    expression: sql`(
      select coalesce(json_agg(json_build_object('from', t.word, 'name', t.name) order by t.name, t.word), '[]')
      from (
        -- A name listed both as a technology and as a language stands once.
        select distinct c.word, lower(f.value) as name
        from (
          select w.word, null::text as name from unnest(${words}::text[]) as w(word)
          union all
          select n.word, n.name from unnest(
            ${nicknames.map((nickname) => nickname.word)}::text[],
            ${nicknames.map((nickname) => nickname.name)}::text[]
          ) as n(word, name)
        ) c
        join project_filter_values f on f.project_count > 0 and (
          lower(f.value) = c.name
          or (c.name is null and lower(f.value) <> c.word
              and split_part(translate(lower(f.value), '.', ' '), ' ', 1) = c.word)
        )
        where not exists (
          select 1 from project_filter_values g where g.project_count > 0 and lower(g.value) = c.word
        )
      ) t
    )`,
    read: (value) => value as TechnologyName[],
  };
}
