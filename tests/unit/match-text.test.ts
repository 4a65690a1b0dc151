import { describe, expect, it } from "vitest";
import { explainMatch } from "~/search/explain";

/** The line a search result's card shows about why it matched. */
describe("explainMatch", () => {
  it("names the words, the spelling corrections and the words close in meaning", () => {
    expect(explainMatch({ fullText: ["animal", "shelter"], semantic: ["close in meaning"] })).toBe(
      "Matched: animal, shelter",
    );
    expect(explainMatch({ fullText: ["reactt → react", "dashbord → dashboard"] })).toBe(
      "Spelling: reactt → react, dashbord → dashboard",
    );
    expect(explainMatch({ fullText: ["eviction", "renters ≈ tenants"] })).toBe(
      "Matched: eviction · Similar meaning: renters ≈ tenants",
    );
  });

  it("says 'Similar meaning' when only the meaning vectors found it, and keeps long lists short", () => {
    expect(explainMatch({ semantic: ["close in meaning"] })).toBe("Similar meaning");
    expect(explainMatch({})).toBe("");
    expect(explainMatch({ fullText: ["a1", "b2", "c3", "d4", "e5"] })).toBe("Matched: a1, b2, c3 and 2 more");
  });
});
