import { describe, expect, it } from "vitest";
import { cleanerUrl, cleanSearch } from "~/utils/clean-query";

describe("the catalogue's clean address", () => {
  it("trims the term and leaves out empty filters", () => {
    const sent = new URLSearchParams("q=+++react+++&difficulty=&technology=&language=&duration=");
    expect(cleanSearch(sent)).toBe("?q=react");
  });

  it("keeps filters that are set, in their order, and says nothing when all are empty", () => {
    expect(cleanSearch(new URLSearchParams("tab=open&q=&difficulty=Beginner"))).toBe("?tab=open&difficulty=Beginner");
    expect(cleanSearch(new URLSearchParams("q=%20%20&duration="))).toBe("");
  });

  it("reads a form's entries, skipping files", () => {
    const form = new FormData();
    form.set("q", "  food bank ");
    form.set("upload", new Blob(["x"]));
    expect(cleanSearch(form.entries())).toBe("?q=food+bank");
  });

  it("asks for a redirect only when the address is not already clean", () => {
    expect(cleanerUrl(new URL("http://x/search-projects?q=+react&language="))).toBe("/search-projects?q=react");
    expect(cleanerUrl(new URL("http://x/search-projects?q=react&tab=open"))).toBeNull();
    expect(cleanerUrl(new URL("http://x/search-projects?q=food%20bank"))).toBeNull();
    expect(cleanerUrl(new URL("http://x/search-projects?q="))).toBe("/search-projects");
    expect(cleanerUrl(new URL("http://x/search-projects"))).toBeNull();
  });
});
