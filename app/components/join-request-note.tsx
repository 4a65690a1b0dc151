import { Link } from "@remix-run/react";
import type { JoinRequestNote } from "~/models/notification-inbox.server";

/** The note's request id, as a join request's notification carries it. */
export function requestIdOf(data: Record<string, unknown>): string {
  return String(data.requestId ?? "");
}

const OUTCOME: Record<JoinRequestNote["status"], string> = {
  Pending: "",
  Approved: "Approved",
  Rejected: "Rejected",
  Cancelled: "Cancelled by the applicant",
  Expired: "Expired without an answer",
};

/** "Approved by you", "Rejected by Ada Admin: the team is full", "Cancelled by the applicant". */
export function outcomeText(note: JoinRequestNote): string {
  const decided = note.status === "Approved" || note.status === "Rejected";
  const by = decided && note.decidedBy ? ` by ${note.decidedBy}` : "";
  const reason = decided && note.decisionReason ? `: ${note.decisionReason}` : "";
  return `${OUTCOME[note.status]}${by}${reason}`;
}

/**
 * What a join request's notification shows an admin besides its line: the applicant's message
 * (the start of it), a link to their profile and, once decided, what was decided and by whom.
 */
export function JoinRequestNoteView({ note, compact = false }: { note: JoinRequestNote; compact?: boolean }) {
  const text = compact ? "text-xs" : "text-sm";
  return (
    <div className={`mt-1 space-y-1 ${text}`}>
      {note.messagePreview ? (
        <blockquote className="break-words border-l-2 border-slate-300 pl-2 text-slate-700">
          “{note.messagePreview}”
        </blockquote>
      ) : (
        <p className="text-slate-500">No message.</p>
      )}
      <p>
        <Link to={note.requesterProfile} className="font-medium text-brand-700 underline underline-offset-2">
          View {note.requesterName}’s profile
        </Link>
      </p>
      {note.status === "Pending" ? null : (
        <p className={`font-semibold ${note.status === "Approved" ? "text-emerald-800" : "text-slate-700"}`}>
          {outcomeText(note)}
        </p>
      )}
    </div>
  );
}
