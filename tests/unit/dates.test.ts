import { describe, expect, it } from "vitest";
import { exactDateTime, formatDate, pickLocale, relativeTime } from "~/utils/dates";

describe("the person's locale", () => {
  it("takes the most wanted language Intl knows", () => {
    expect(pickLocale("en-GB,en;q=0.9")).toBe("en-GB");
    expect(pickLocale("fr;q=0.5, de-DE;q=0.8")).toBe("de-DE");
    expect(pickLocale("*")).toBe("en-US");
  });
  it("falls back to en-US without a usable header", () => {
    expect(pickLocale(null)).toBe("en-US");
    expect(pickLocale("")).toBe("en-US");
    expect(pickLocale("<script>, x-@@")).toBe("en-US");
    expect(pickLocale("de;q=0")).toBe("en-US");
  });
});

describe("one date style", () => {
  it("writes a date in the locale's medium style, in UTC", () => {
    expect(formatDate("2026-08-06T23:30:00Z", "en-US")).toBe("Aug 6, 2026");
    expect(formatDate("2026-08-06", "en-GB")).toBe("6 Aug 2026");
    expect(formatDate("2026-08-06", "de")).toBe("06.08.2026");
    // Formatters are kept per locale and style: asked again in turn, each still writes its own.
    expect(formatDate("2026-08-06", "en-US")).toBe("Aug 6, 2026");
    expect(formatDate("2026-08-06", "en-GB")).toBe("6 Aug 2026");
  });
  it("writes the exact time with a 00 hour after midnight, never 24", () => {
    expect(exactDateTime("2026-11-25T00:20:00.000Z", "en-US")).toBe("Nov 25, 2026, 00:20 UTC");
    expect(exactDateTime("2026-12-31T23:59:59.000Z", "en-GB")).toBe("31 Dec 2026, 23:59 UTC");
  });
});

describe("relative times (spec: Just now, m ago, h ago, d ago)", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it.each([
    [0, "Just now"],
    [59_000, "Just now"],
    [60_000, "1m ago"],
    [59 * 60_000, "59m ago"],
    [60 * 60_000, "1h ago"],
    [23 * 3_600_000, "23h ago"],
    [12 * 86_400_000, "12d ago"],
  ])("%i ms ago reads %s", (age, label) => {
    expect(relativeTime(ago(age), "en-US", now)).toBe(label);
  });
  it("a clock a little ahead is just now; the long style spells units out", () => {
    expect(relativeTime(new Date(now.getTime() + 5_000), "en-US", now)).toBe("Just now");
    expect(relativeTime(ago(12 * 86_400_000), "en-US", now, "long")).toBe("12 days ago");
    expect(relativeTime(ago(3 * 3_600_000), "de", now, "long")).toBe("vor 3 Stunden");
    expect(relativeTime(ago(3 * 3_600_000), "de", now)).toBe("vor 3 Std.");
  });
});
