import { describe, expect, it } from "vitest";
import { contentWords, splitWords, typedQuery } from "~/search/words";

describe("a query's words", () => {
  it("read a typographic apostrophe as the typed one", () => {
    const curly = "we’re an animal shelter’s volunteers, a real nonprofit‘s ʼneedsʼ";
    const plain = "we're an animal shelter's volunteers, a real nonprofit's 'needs'";
    expect(splitWords(curly)).not.toEqual(splitWords(plain));
    expect(splitWords(typedQuery(curly))).toEqual(splitWords(plain));
    expect(contentWords(typedQuery(curly))).toEqual(["animal", "shelter", "volunteers", "real", "nonprofit"]);
  });

  it("keep a language's spelling whole: c#, c++, f#, .net (a dot before a letter stays)", () => {
    expect(splitWords("C#/.NET, C++ and .net. (F#) ...next 'net' .5 node.js")).toEqual([
      "c#",
      ".net",
      "c++",
      "and",
      ".net",
      "f#",
      "next",
      "net",
      "5",
      "node.js",
    ]);
  });
});
