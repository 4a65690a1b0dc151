import { describe, expect, it } from "vitest";
import { splitLinks } from "~/utils/forum-format";

describe("links in forum text", () => {
  it("finds http and https addresses and leaves the rest as text", () => {
    expect(splitLinks("See https://example.org/a?b=1, and http://x.test.")).toEqual([
      { type: "text", text: "See " },
      { type: "link", text: "https://example.org/a?b=1", href: "https://example.org/a?b=1" },
      { type: "text", text: ", and " },
      { type: "link", text: "http://x.test", href: "http://x.test" },
      { type: "text", text: "." },
    ]);
  });
  it("keeps a bracket that belongs to the address", () => {
    expect(splitLinks("(https://en.wikipedia.org/wiki/Foo_(bar))")[1]).toEqual({
      type: "link",
      text: "https://en.wikipedia.org/wiki/Foo_(bar)",
      href: "https://en.wikipedia.org/wiki/Foo_(bar)",
    });
  });
  it("never makes a link of other schemes or of markup", () => {
    const text = 'javascript:alert(1) <a href="javascript:alert(1)">x</a> data:text/html,hi';
    expect(splitLinks(text)).toEqual([{ type: "text", text }]);
  });
});
