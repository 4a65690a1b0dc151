import fs from "node:fs";
import path from "node:path";
import { baseForms } from "./word-relations.server";

/**
 * The needs people bring to this product, as words (app/search/topic-words.txt): 'food bank' with
 * 'pantry' and 'groceries', 'refugees' with 'resettlement', 'climate' with 'emissions'. A query
 * word or pair of words a topic names brings that topic's other words, for the full-text leg to
 * find entries that say the same need in other words.
 */
const FILE = path.resolve("app/search/topic-words.txt");

export interface TopicWord {
  /** A word of the topic, to search for. */
  word: string;
  /** The query's word or pair that named the topic. */
  from: string;
  /** The query word it stands in for: a pair's last word ('bank' of 'food bank'), as English puts the thing named last. */
  group: string;
}

type Topics = Map<string, string[][]>;
let loaded: Topics | undefined;

/** Each term (a word or a two-word term) with the word lists of the topics that name it. */
export function decodeTopics(text: string): Topics {
  const topics: Topics = new Map();
  for (const line of text.split("\n")) {
    const colon = line.indexOf(":");
    if (line.startsWith("#") || colon < 0) continue;
    const terms = line
      .slice(colon + 1)
      .split(",")
      .map((term) => term.trim().toLowerCase())
      .filter(Boolean);
    const words = terms.filter((term) => !term.includes(" "));
    for (const term of terms) topics.set(term, [...(topics.get(term) ?? []), words]);
  }
  return topics;
}

function topics(): Topics {
  return (loaded ??= decodeTopics(fs.readFileSync(FILE, "utf8")));
}

/**
 * The topic words for a query's words (in order, stop words left out): for each word or adjacent
 * pair a topic names, that topic's other words, in the topic's order, each once.
 */
export function topicWords(words: string[]): TopicWord[] {
  const named = [
    ...words.map((word) => ({ term: word, forms: baseForms(word), group: word })),
    ...words
      .slice(1)
      .map((word, index) => ({ term: `${words[index]} ${word}`, forms: [`${words[index]} ${word}`], group: word })),
  ];
  const found: TopicWord[] = [];
  const seen = new Set(words);
  // A topic two query words name ('clinic patients') is searched for once, from the first.
  const namedTopics = new Set<string[]>();
  for (const { term, forms, group } of named) {
    const lists = forms.flatMap((form) => topics().get(form) ?? []).filter((list) => !namedTopics.has(list));
    lists.forEach((list) => namedTopics.add(list));
    for (const word of lists.flat()) {
      if (seen.has(word) || forms.includes(word)) continue;
      seen.add(word);
      found.push({ word, from: term, group });
    }
  }
  return found;
}
