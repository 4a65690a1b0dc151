import { type RawBuilder, sql } from "kysely";

/**
 * The query side of the search document. The document and the words looking for it go through
 * the same database functions (migration 0038: search_text spells 'c#' csharp, '.net' dotnet…),
 * so every query of app/search/ reads text as projects' documents were written.
 */
type Text = string | RawBuilder<unknown>;

/** The words of `text` as a document holds them (stemmed), to compare or count. */
export const searchVector = (text: Text): RawBuilder<unknown> => sql`search_vector(${text})`;

/** A query matching a document that holds every word of `text`. */
export const searchQuery = (text: Text): RawBuilder<unknown> => sql`search_query(${text})`;

/** A query matching a document that holds the words of `text` next to each other, in order. */
export const searchPhrase = (text: Text): RawBuilder<unknown> => sql`search_phrase(${text})`;
