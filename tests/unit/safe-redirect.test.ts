import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/auth/redirect-cookie.server";

describe("safeRedirect keeps only our own paths", () => {
  it.each([
    ["/", "/"],
    ["/about", "/about"],
    ["/about?from=sign-in#top", "/about?from=sign-in#top"],
    ["/projects/a/../b", "/projects/b"],
    ["/%2F/evil.example", "/%2F/evil.example"],
  ])("keeps %j as %j", (to, kept) => {
    expect(safeRedirect(to)).toBe(kept);
  });

  it.each([
    // The addresses, as /login reads them from `redirectTo=%2F%09%2Fevil.example` and `%2F%09%5Cevil.example`.
    "/\t/evil.example",
    "/\t\\evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\u0000/evil.example",
    "/\u007f/evil.example",
    "//evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "/.//evil.example",
    "/./\t/evil.example",
    "https://evil.example/",
    "http:/evil.example",
    "evil.example",
    "javascript:alert(1)",
    " /about",
    "%2F%2Fevil.example",
    "",
  ])("refuses %j", (to) => {
    expect(safeRedirect(to)).toBe("/");
  });

  it("refuses what is not a string, and uses the fallback given", () => {
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(null, "/home")).toBe("/home");
    expect(safeRedirect(["/about"])).toBe("/");
    expect(safeRedirect("//evil.example", "/work")).toBe("/work");
  });

  it("decoding the query once never yields another host", () => {
    for (const raw of ["%2F%09%2Fevil.example", "%2F%09%5Cevil.example", "%2F%2Fevil.example", "%2F%5Cevil.example"]) {
      const to = new URLSearchParams(`redirectTo=${raw}`).get("redirectTo");
      const kept = safeRedirect(to);
      expect(new URL(kept, "http://localhost:3000").host).toBe("localhost:3000");
      expect(kept).toBe("/");
    }
  });
});
