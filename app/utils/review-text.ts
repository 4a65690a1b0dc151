/**
 * Whose turn a task's mentor review is, in words (board chips, the task page's review panel).
 * Pure, so the server and the browser word it alike.
 */
export type ReviewStateName = "requested" | "claimed" | "changes_requested" | "approved" | "overridden";

export interface ReviewTurnInput {
  state: ReviewStateName;
  reviewerName: string | null;
  /** Whose turn it is once changes are asked for: the task's assignee. */
  assigneeId: string | null;
}

/** The board card's chip, e.g. "Review: with Ana"; null when there is nothing to say. */
export function reviewChip(review: ReviewTurnInput | null, viewerId: string): string | null {
  if (!review) return null;
  switch (review.state) {
    case "requested":
      return "Review: waiting for a mentor";
    case "claimed":
      return `Review: with ${firstName(review.reviewerName)}`;
    case "changes_requested":
      return review.assigneeId === viewerId ? "Review: back to you" : "Review: changes requested";
    case "approved":
      return "Review: approved";
    default:
      return null;
  }
}

export const REVIEW_STATE_LABELS: Record<ReviewStateName, string> = {
  requested: "Waiting for a mentor",
  claimed: "In review",
  changes_requested: "Changes requested",
  approved: "Approved",
  overridden: "Closed by an admin (marked done)",
};

const firstName = (name: string | null) => (name ? (name.trim().split(/\s+/)[0] ?? name) : "a mentor");
