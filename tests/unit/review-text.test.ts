import { describe, expect, it } from "vitest";
import { reviewChip } from "~/utils/review-text";

describe("reviewChip", () => {
  const me = "u-1";
  it("says whose turn it is", () => {
    expect(reviewChip(null, me)).toBeNull();
    expect(reviewChip({ state: "requested", reviewerName: null, assigneeId: me }, me)).toBe(
      "Review: waiting for a mentor",
    );
    expect(reviewChip({ state: "claimed", reviewerName: "Ana Mentor", assigneeId: me }, me)).toBe("Review: with Ana");
    expect(reviewChip({ state: "changes_requested", reviewerName: "Ana", assigneeId: me }, me)).toBe(
      "Review: back to you",
    );
    expect(reviewChip({ state: "changes_requested", reviewerName: "Ana", assigneeId: "u-2" }, me)).toBe(
      "Review: changes requested",
    );
    expect(reviewChip({ state: "approved", reviewerName: "Ana", assigneeId: me }, me)).toBe("Review: approved");
    expect(reviewChip({ state: "overridden", reviewerName: null, assigneeId: me }, me)).toBeNull();
  });
});
