import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { decodeTopics, topicWords } from "~/search/topic-words.server";
import { contentWords, isFillerWord } from "~/search/words";

describe("the search's topics", () => {
  it("bring a topic's other words for a word or a pair of query words it names", () => {
    const refugees = topicWords(["help", "refugees", "settle"]);
    expect(refugees).toContainEqual({ word: "resettlement", from: "refugees", group: "refugees" });
    // A pair stands for its last word: 'pantry' is what 'bank' means in 'food bank'.
    expect(topicWords(["food", "bank", "inventory"])).toContainEqual({
      word: "pantry",
      from: "food bank",
      group: "bank",
    });
    // Neither word alone names the need.
    expect(topicWords(["bank"])).toEqual([]);
  });

  it("read a plural query word by its singular, and never bring a word the query holds", () => {
    const words = topicWords(["tenants", "landlord"]).map((topic) => topic.word);
    expect(words).toContain("eviction");
    expect(words).not.toContain("tenants");
    expect(words).not.toContain("landlord");
    expect(topicWords(["households", "nonperishables"]).map((topic) => topic.word)).toContain("pantry");
  });

  it("list each topic on a line of its own, in words and pairs a query can hold, none of them filler", () => {
    const topics = decodeTopics(fs.readFileSync("app/search/topic-words.txt", "utf8"));
    expect(topics.get("pantry")).toHaveLength(1);
    const terms = [...topics.keys()];
    // A query's words are split as splitWords splits them, stop words left out ('thrown out' could never match).
    expect(terms.filter((term) => contentWords(term).join(" ") !== term || contentWords(term).length > 2)).toEqual([]);
    expect(terms.filter((term) => term.split(" ").some(isFillerWord))).toEqual([]);
    expect(decodeTopics("# a comment: not a topic\nfood: pantry, Food Bank\n")).toEqual(
      new Map([
        ["pantry", [["pantry"]]],
        ["food bank", [["pantry"]]],
      ]),
    );
  });
});
