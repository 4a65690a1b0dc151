// The search's ranking constants: change one only with `npm run search:eval` on both judged sets.

// Fusion (fusion.ts, hybrid.server.ts)
export const RANK_CONSTANT = 60; // Reciprocal-rank constant: an entry scores weight / (RANK_CONSTANT + rank) in each leg.
export const LEG_WEIGHTS = { fullText: 1, semantic: 0.1 } as const; // How much each leg counts in the fusion: full text leads, meaning mostly breaks ties.
export const CLOSE_WORDS_WEIGHT = 0.2; // Weight of the close-words reordering of the found entries (it finds nothing itself).
export const LEG_DEPTH = 40; // How many entries each leg ranks before fusion: recall at 12, cheap at 100,000 projects.

// Query terms (hybrid.server.ts)
export const PHRASE_WEIGHT = 0.5; // A pair of query words found together in the entry ('food bank') counts this much more.
export const ACRONYM_WEIGHT = 1; // A pair's acronym the catalogue confirms ('machine learning' → 'ml') counts as one word.
export const STOP_WORD_WEIGHT = 0.8; // A typed word that says little (words.ts's stop words) counts this much of a word.

// Full-text leg (full-text.server.ts)
export const FIELD_WEIGHTS = "{0.1,0.2,0.7,1.0}"; // ts_rank's weights of the document's parts D, C, B, A (migration 0038): unused, description/goals, tagline/skills/roles/level, name.
export const MATCH_BASE = 0.5; // What matching a word at all is worth, before ts_rank's weight for where it matched.
export const COMMON_SHARE = 0.5; // A word in more than this share of projects says little about any of them.
export const CANDIDATES = 100; // Entries each candidate tier scores in a large catalogue (scoring is most of the leg's cost).
export const SCORED_WHOLE = 200; // A catalogue of at most this many entries has every match scored.

// Typo corrections (typo.server.ts)
export const TYPO_MIN_SIMILARITY = 0.45; // Least trigram similarity for a word projects use to stand for a misspelt one.
export const CORRECTIONS_PER_WORD = 2; // Corrections kept for each misspelt word.
export const TRANSPOSITION_SIMILARITY = 0.7; // How alike a word counts when two neighbouring letters swapped make it ('pyhton' → 'python').

// Words close in meaning (expansion.server.ts)
export const EXPANSION_MIN_COSINE = 0.6; // Least word-vector cosine for a neighbour to stand for a query word.
export const EXPANSIONS_PER_WORD = 3; // Neighbours kept for each query word.
export const NEIGHBOUR_SHORTLIST = 40; // Nearest words in English read for each query word (most are words no project uses).
export const NEIGHBOURS_PROBED = 25; // Of those, how many are looked up in the catalogue's vocabulary.
export const MIN_FREQUENCY_RANK = 1000; // Only words rarer than this frequency rank are expanded: common ones have neighbours in every sense.
export const MAX_COMMONER = 6; // A neighbour at most this many times commoner in English than the query word is taken.
export const MIN_NEIGHBOUR_RANK = 500; // A neighbour among this many commonest English words (frequency rank) is too vague to stand for a query word.
export const THESAURUS_COSINE = 0.4; // Least cosine for the thesaurus's word, for a word no project uses ('renters' → 'tenant').
export const THESAURUS_PER_WORD = 1; // The thesaurus's words kept for each query word.
export const TOPIC_WORD_WEIGHT = 0.9; // What a word of the topic a query term names counts (topic-words.txt: 'food bank' → 'pantry'): nearly the word, never more.
export const TOPIC_WORDS_PER_TERM = 4; // Topic words kept for each query word or pair that names a topic.
export const TOPIC_VECTOR_WEIGHT = 1; // How much each topic word counts in the query's meaning vector, against one of its own words.

// Close-words ordering (close-words.server.ts)
export const CLOSE_WORDS_MIN_COSINE = 0.4; // Least cosine between a query word and an entry's word to count as close.
export const CLOSE_WORDS_PROSE_WEIGHT = 0.7; // An entry's prose (description, goals) counts this much against its name, tagline and skills.

// Semantic leg (semantic.server.ts, embedding.server.ts)
export const SEMANTIC_MIN_SIMILARITY = 0.35; // Least cosine between the query's meaning vector and an entry's to count as a find.
export const EXACT_LIMIT = 2_000; // Up to this many projects without pgvector, the query is compared with every entry.
export const SIF_A = 3e-4; // Smooth inverse frequency's a: how much a common word's vector counts less in a text's.
export const VECTOR_PART_WEIGHTS = { name: 2, tagline: 2, skills: 1, goals: 1, description: 1 } as const; // How much each part of a project counts in its meaning vector: what it is called and promises most.
