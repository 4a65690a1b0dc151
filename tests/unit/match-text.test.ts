import { describe, expect, it } from "vitest";
import { type MatchReason, reasonStrings, SEMANTIC_REASON, wordReason } from "~/search/reasons";
import { isFillerWord } from "~/search/words";
import { describeMatch, LOOSE_MATCH } from "~/search/match-text";

const typo = (from: string, to: string): MatchReason => ({ kind: "typo", from, to });
const close = (from: string, to: string): MatchReason => ({ kind: "close", from, to });
const phrase = (words: string): MatchReason => ({ kind: "phrase", from: words, to: words });

/** The line a search result's card shows about why it matched, from the search's structured reasons. */
describe("describeMatch", () => {
  it("names the words, the spelling corrections and the words close in meaning", () => {
    expect(describeMatch([wordReason("animal"), wordReason("shelter"), SEMANTIC_REASON])).toBe(
      "Matched: animal, shelter",
    );
    expect(describeMatch([typo("reactt", "react"), typo("dashbord", "dashboard")])).toBe(
      "Spelling: reactt → react, dashbord → dashboard",
    );
    expect(describeMatch([wordReason("eviction"), close("renters", "tenants")])).toBe(
      "Matched: eviction · Similar meaning: renters ≈ tenants",
    );
    expect(
      describeMatch([
        { kind: "acronym", from: "machine learning", to: "ml" },
        { kind: "nickname", from: "golang", to: "go" },
      ]),
    ).toBe("Similar meaning: machine learning ≈ ml, golang ≈ go");
  });

  it("shows words found together as the phrase", () => {
    expect(describeMatch([wordReason("food"), wordReason("bank"), phrase("food bank")])).toBe("Matched: food bank");
    // A phrase whose words are not both there is no reason of its own.
    expect(describeMatch([wordReason("food"), phrase("food bank")])).toBe("Matched: food");
  });

  it("says 'Similar meaning' when only the meaning vectors found it, and keeps long lists short", () => {
    expect(describeMatch([SEMANTIC_REASON])).toBe("Similar meaning");
    expect(describeMatch([])).toBe("");
    expect(describeMatch(["a1", "b2", "c3", "d4", "e5"].map(wordReason))).toBe("Matched: a1, b2, c3 and 2 more");
  });
});

describe("reasonStrings", () => {
  it("gives the search API's strings, no phrase among them", () => {
    expect(
      reasonStrings([
        wordReason("react"),
        typo("dashbord", "dashboard"),
        close("renters", "tenant"),
        { kind: "acronym", from: "machine learning", to: "ml" },
        { kind: "nickname", from: "vue", to: "vue.js" },
        phrase("react dashboard"),
      ]),
    ).toEqual(["react", "dashbord → dashboard", "renters ≈ tenant", "machine learning ≈ ml", "vue ≈ vue.js"]);
    expect(reasonStrings([SEMANTIC_REASON])).toEqual(["close in meaning"]);
  });
});

describe("words without a topic", () => {
  it("are no reason, alone or among others", () => {
    for (const word of ["want", "help", "need", "like", "use", "make", "way", "looking", "would"])
      expect(isFillerWord(word)).toBe(true);
    for (const word of ["food", "bank", "donations", "react", "go"]) expect(isFillerWord(word)).toBe(false);
    // 'I want to help a food bank…': the signed-in home used to say 'Matched: want, help, bank'.
    expect(describeMatch(["want", "help", "bank"].map(wordReason))).toBe("Matched: bank");
    expect(describeMatch(["help", "food", "bank"].map(wordReason))).toBe("Matched: food, bank");
    expect(describeMatch([wordReason("looking"), typo("wnat", "want"), close("help", "assist")])).toBe(LOOSE_MATCH);
    expect(describeMatch([wordReason("need"), SEMANTIC_REASON])).toBe("Similar meaning");
    expect(describeMatch([wordReason("way"), close("donations", "funds")])).toBe("Similar meaning: donations ≈ funds");
  });
});
