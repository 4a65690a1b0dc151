import { describe, expect, it } from "vitest";
import { causeOf, seedOf } from "~/utils/project-cover";

describe("project covers", () => {
  it("reads a project's cause from its words, whole words only", () => {
    expect(causeOf("Dog Walking Volunteer Sign-Up")).toBe("animals");
    expect(causeOf("Restaurant Surplus Food Rescue: caterers and dining halls")).toBe("food");
    expect(causeOf("Medication Reminder App")).toBe("health");
    expect(causeOf("Scheduled Data Pipeline")).toBe("other");
  });

  it("gives each id its own stable seed", () => {
    // FNV-1a: the same id always gives the same cover, across processes and releases.
    expect(seedOf("a")).toBe(0xe40c292c);
    expect(seedOf("a")).not.toBe(seedOf("b"));
  });
});
