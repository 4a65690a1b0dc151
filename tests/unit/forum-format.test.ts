import { describe, expect, it } from "vitest";
import { forumTimeLabel, splitLinks } from "~/utils/forum-format";

describe("forum time labels (spec section 9)", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it.each([
    [0, "Just now"],
    [59_000, "Just now"],
    [60_000, "1m"],
    [59 * 60_000, "59m"],
    [60 * 60_000, "1h"],
    [23 * 3_600_000, "23h"],
    [24 * 3_600_000, "1d"],
    [30 * 86_400_000, "30d"],
    [31 * 86_400_000, "Oct 23, 2026"],
  ])("%i ms ago reads %s", (age, label) => {
    expect(forumTimeLabel(ago(age), now)).toBe(label);
  });
  it("a time a little in the future (a clock ahead) is just now", () => {
    expect(forumTimeLabel(new Date(now.getTime() + 5_000).toISOString(), now)).toBe("Just now");
  });
});

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
