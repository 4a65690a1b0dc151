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
    expect(seedOf("a")).toBe(seedOf("a"));
    expect(seedOf("a")).not.toBe(seedOf("b"));
  });
});
