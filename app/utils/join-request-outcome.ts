/**
 * How a requester is told a join request ended without them joining: a rejection, or silence
 * (expiry), worded alike so an expired request reads as an answer (issue 13).
 */
export const EXPIRE_AFTER_DAYS = 14;

export function closedRequestText(status: string, decisionReason: string | null): string | null {
  if (status === "Expired") {
    return `Your request expired after ${EXPIRE_AFTER_DAYS} days without an answer. You can ask again.`;
  }
  if (status === "Rejected") {
    return `Your request was not accepted${decisionReason ? `: ${decisionReason}` : "."} You can ask again.`;
  }
  return null;
}

/**
 * What a requester is told when they cancel a request that was decided meanwhile (their page
 * was older than the answer): news, not a failure (issue 33).
 */
export function alreadyClosedText(status: string): string {
  if (status === "Approved") return "This request was already approved — you are a member now.";
  if (status === "Rejected") return "This request was already answered: it was not accepted this time.";
  if (status === "Expired") return "This request had already expired without an answer.";
  return "This request was already cancelled.";
}
