import { describe, expect, it } from "vitest";
import { preparedLabel } from "~/insights/prepared-label";

describe("preparedLabel", () => {
  it("writes the hour after midnight as 00, as browsers do", () => {
    expect(preparedLabel("2026-11-25T00:20:00.000Z")).toBe("Nov 25, 00:20 UTC");
  });

  it("writes other hours on the 24-hour clock in UTC", () => {
    expect(preparedLabel("2026-03-01T13:05:00.000Z")).toBe("Mar 1, 13:05 UTC");
    expect(preparedLabel("2026-12-31T23:59:59.000Z")).toBe("Dec 31, 23:59 UTC");
  });
});
