import { afterEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { logger } from "~/logger.server";
import { onUnhandledRejection } from "~/utils/unhandled-rejections.server";

// Restored one by one: the suite's own console guard keeps a spy of its own.
const spies: MockInstance[] = [];
const quietly = (level: "warn" | "error") => {
  const spy = vi.spyOn(logger, level).mockImplementation(() => undefined);
  spies.push(spy);
  return spy;
};
afterEach(() => spies.splice(0).forEach((spy) => spy.mockRestore()));

describe("a promise nobody awaited that failed", () => {
  it("is the outage it reports when the database was unreachable (the job queue's own writes)", () => {
    const warn = quietly("warn");
    const error = quietly("error");
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    onUnhandledRejection(refused);
    expect(warn).toHaveBeenCalledWith({ err: refused }, "background work failed: the database is unavailable");
    expect(error).not.toHaveBeenCalled();
  });

  it("is a bug, logged as an error, otherwise", () => {
    const error = quietly("error");
    const bug = new TypeError("Cannot read properties of undefined");
    onUnhandledRejection(bug);
    expect(error).toHaveBeenCalledWith({ err: bug }, "unhandled promise rejection");
  });
});
