import { describe, expect, it } from "vitest";
import { consoleErrors, expectConsoleError, unexpectedConsoleErrors } from "../fixtures/console";

describe("console.error in tests", () => {
  it("an unexpected call is reported", () => {
    console.error("something broke");
    expect(unexpectedConsoleErrors()).toEqual(["something broke"]);
    // This test means to provoke it: allow it so the guard lets the test pass.
    expectConsoleError(/something broke/);
    expect(unexpectedConsoleErrors()).toEqual([]);
  });

  it("expectConsoleError allows only what matches", () => {
    expectConsoleError(/expected failure/);
    console.error(new Error("an expected failure"));
    console.error("another thing");
    expect(unexpectedConsoleErrors()).toEqual(["another thing"]);
    expectConsoleError(/another/);
    expect(consoleErrors()).toHaveLength(2);
  });

  // The setup file's afterEach throws for the stray call, so this test fails, as it should.
  it.fails("a stray call fails the test", () => {
    console.error("a stray error");
  });

  it("a test without calls passes", () => {
    expect(unexpectedConsoleErrors()).toEqual([]);
  });
});
