import { type Kysely, sql } from "kysely";
import type { Database } from "#db/schema";
import { searchPhrase, searchQuery } from "./document.server";
import { type Lookup, lookUp } from "./lookups.server";

/**
 * Acronyms of the query's neighbouring word pairs ('machine learning' → 'ml', 'user interface' →
 * 'ui'), so entries that only say 'ML' are found too. An acronym counts only where the catalogue
 * shows it stands for those words: some project uses both the pair and the acronym (so 'total
 * beginner' does not become 'TB', a test in one project). Both lookups go through the GIN index.
 */
export interface Acronym {
  acronym: string;
  pair: string;
}

export function acronymOf(pair: string): string | null {
  const acronym = pair
    .split(" ")
    .map((word) => word[0])
    .join("");
  return /^\p{L}{2,}$/u.test(acronym) ? acronym : null;
}

/** The lookup of which of the pairs' acronyms the catalogue confirms, or null when there are none to check. */
export function acronymLookup(pairs: string[], typed: string[]): Lookup<Acronym[]> | null {
  const candidates = pairs.flatMap((pair) => {
    const acronym = acronymOf(pair);
    return acronym && !typed.includes(acronym) ? [{ acronym, pair }] : [];
  });
  if (candidates.length === 0) return null;
  const acronym = sql.ref("c.acronym");
  return {
    expression: sql`(
      select coalesce(json_agg(json_build_object('acronym', c.acronym, 'pair', c.pair)), '[]')
      from unnest(${candidates.map((c) => c.acronym)}::text[], ${candidates.map((c) => c.pair)}::text[]) as c(acronym, pair)
      where numnode(${searchQuery(acronym)}) > 0 and exists (
        select 1 from projects p
        where p.search_document @@ (${searchQuery(acronym)} && ${searchPhrase(sql.ref("c.pair"))})
      )
    )`,
    read: (value) => value as Acronym[],
  };
}

export async function confirmedAcronyms(db: Kysely<Database>, pairs: string[], typed: string[]): Promise<Acronym[]> {
  const lookup = acronymLookup(pairs, typed);
  return lookup ? lookUp(db, lookup) : [];
}
