import { describe, expect, it } from "vitest";
import { daysLeftText, projectSchedule } from "~/utils/schedule";

describe("a project's schedule", () => {
  const now = new Date("2026-11-27T12:00:00Z");

  it("ends its duration after its start; days left round up", () => {
    expect(projectSchedule("2026-11-01", 60, now)).toEqual({ endDate: "2026-12-31", daysLeft: 34 });
    expect(projectSchedule("2026-11-27", 1, now)).toEqual({ endDate: "2026-11-28", daysLeft: 1 });
  });

  it("goes below zero once overdue: 60 days from 116 days ago is 56 days over", () => {
    const start = new Date(now.getTime() - 116 * 86_400_000);
    expect(projectSchedule(start, 60, now)?.daysLeft).toBe(-56);
    expect(daysLeftText(-56)).toBe("Overdue by 56 days");
  });

  it("has none without a duration", () => {
    expect(projectSchedule("2026-11-01", null, now)).toBeNull();
    expect(projectSchedule("2026-11-01", 0, now)).toBeNull();
    expect(projectSchedule("not a date", 30, now)).toBeNull();
  });

  it("says it in words", () => {
    expect(daysLeftText(12)).toBe("12 days left");
    expect(daysLeftText(1)).toBe("1 day left");
    expect(daysLeftText(0)).toBe("Ends today");
    expect(daysLeftText(-1)).toBe("Overdue by 1 day");
  });
});
