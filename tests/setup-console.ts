import { afterEach, beforeEach, vi } from "vitest";
import { consoleState, unexpectedConsoleErrors } from "./fixtures/console";

// DESIGN's habits: an unexpected console.error is a failure, not noise. Tests that expect one
// call expectConsoleError() (tests/fixtures/console.ts).
beforeEach(() => {
  consoleState.calls = [];
  consoleState.expected = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleState.calls.push(args);
  });
});

afterEach(() => {
  const unexpected = unexpectedConsoleErrors();
  vi.mocked(console.error).mockRestore();
  consoleState.calls = [];
  consoleState.expected = [];
  if (unexpected.length > 0) {
    throw new Error(`Unexpected console.error:\n  ${unexpected.join("\n  ")}`);
  }
});
