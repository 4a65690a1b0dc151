import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { TextAreaField } from "~/components/form-fields";
import { TimeLabel } from "~/components/work/forum/forum-text";
import type { ReviewRights, ReviewRound } from "~/models/task-review.server";
import { REVIEW_STATE_LABELS } from "~/utils/review-text";
import { SubmitButton } from "~/components/submit-button";
import { usePendingIntent } from "~/hooks/use-pending-intent";

/**
 * The task's mentor review: whose turn it is, the step the viewer may take now (request with a
 * note, claim, release, approve or ask for changes with a comment, an admin's done override) and
 * the rounds so far. Plain forms with an intent, so every step works without JavaScript.
 */
export function ReviewPanel({
  rounds,
  rights,
  viewerId,
  assigneeName,
  here,
  actionData,
}: {
  rounds: ReviewRound[];
  rights: ReviewRights;
  viewerId: string;
  assigneeName: string | null;
  here: string;
  actionData?: { formId?: string; result?: SubmissionResult<string[]> };
}) {
  const latest = rounds[0] ?? null;
  return (
    <section
      aria-labelledby="review-title"
      className="space-y-4 rounded-2xl border border-violet-200 bg-white p-5 sm:p-6"
      data-review-state={latest?.state ?? "none"}
    >
      <h3 id="review-title" className="text-lg font-semibold">
        Mentor review
      </h3>
      <p className="rounded-xl bg-violet-50 p-3 text-violet-950" data-testid="review-turn">
        {turnText(latest, viewerId, assigneeName)}
      </p>
      {rights.canRequest ? (
        <RequestForm here={here} again={latest?.state === "changes_requested"} actionData={actionData} />
      ) : null}
      {rights.canClaim ? (
        <StepButton here={here} intent="claim-review" label="Claim this review" pending="Claiming…" />
      ) : null}
      {rights.canDecide ? <DecideForm here={here} actionData={actionData} /> : null}
      {rights.canRelease ? (
        <StepButton
          here={here}
          intent="release-review"
          label="Release for another mentor"
          pending="Releasing…"
          secondary
        />
      ) : null}
      {rights.canOverride ? (
        <Form method="post" action={here} className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-3">
          <p className="text-sm text-amber-950">
            While its review is open this task cannot be marked done. As a project admin you can mark it done anyway:
            the review closes and the override is recorded in the history.
          </p>
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="status" value="Done" />
          <input type="hidden" name="overrideReview" value="true" />
          <button type="submit" className="btn-secondary">
            Mark done anyway (admin override)
          </button>
        </Form>
      ) : null}
      {rounds.length ? <Rounds rounds={rounds} /> : null}
    </section>
  );
}

function firstName(name: string) {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** The panel's headline: the state and whose turn it is, from the viewer's side. */
function turnText(latest: ReviewRound | null, viewerId: string, assigneeName: string | null): string {
  if (!latest) return "No review yet. When the work is ready, its assignee can ask a mentor to review it.";
  const requester = latest.requestedBy.userId === viewerId ? "you" : latest.requestedBy.name;
  switch (latest.state) {
    case "requested":
      return `Waiting for a mentor: ${requester} asked for a review (round ${latest.round}).`;
    case "claimed":
      return latest.claimedBy?.userId === viewerId
        ? `With you: you are reviewing ${requester === "you" ? "your" : `${requester}'s`} work (round ${latest.round}).`
        : `In review with ${firstName(latest.claimedBy?.name ?? "a mentor")} (round ${latest.round}).`;
    case "changes_requested": {
      const by = latest.decidedBy?.name ?? "The reviewer";
      return latest.requestedBy.userId === viewerId
        ? `Back to you: ${by} asked for changes. Answer them, then request a review again.`
        : `Back to ${assigneeName ?? latest.requestedBy.name}: ${by} asked for changes.`;
    }
    case "approved":
      return `Approved by ${latest.decidedBy?.name ?? "a mentor"} (round ${latest.round}).`;
    default:
      return "Closed: an admin marked the task done while its review was open.";
  }
}

function StepButton({
  here,
  intent,
  label,
  pending,
  secondary,
}: {
  here: string;
  intent: string;
  label: string;
  pending: string;
  secondary?: boolean;
}) {
  const busy = usePendingIntent(intent);
  return (
    <Form method="post" action={here} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton busy={busy} busyText={pending} className={secondary ? "btn-secondary" : "btn-primary"}>
        {label}
      </SubmitButton>
    </Form>
  );
}

function RequestForm({
  here,
  again,
  actionData,
}: {
  here: string;
  again: boolean;
  actionData?: { formId?: string; result?: SubmissionResult<string[]> };
}) {
  const [form, fields] = useForm({
    id: "request-review",
    lastResult: actionData?.formId === "request-review" ? actionData.result : null,
  });
  const busy = usePendingIntent("request-review");
  return (
    <Form method="post" action={here} preventScrollReset {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value="request-review" />
      <TextAreaField field={fields.note} label={again ? "What did you change?" : "A note for the reviewer"} rows={2} />
      <SubmitButton busy={busy} busyText="Requesting…">
        {again ? "Request review again" : "Request review"}
      </SubmitButton>
    </Form>
  );
}

function DecideForm({
  here,
  actionData,
}: {
  here: string;
  actionData?: { formId?: string; result?: SubmissionResult<string[]> };
}) {
  // Checked on the server (the decision is the button pressed), so it reads the same without JavaScript.
  const [form, fields] = useForm({
    id: "decide-review",
    lastResult: actionData?.formId === "decide-review" ? actionData.result : null,
  });
  const busy = usePendingIntent("decide-review");
  return (
    <Form method="post" action={here} preventScrollReset {...getFormProps(form)} className="space-y-2">
      <input type="hidden" name="intent" value="decide-review" />
      <TextAreaField field={fields.comment} label="Your review" hint="Needed to ask for changes." rows={3} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="decision" value="approve" className="btn-primary" disabled={busy}>
          Approve
        </button>
        <button type="submit" name="decision" value="changes" className="btn-secondary" disabled={busy}>
          Ask for changes
        </button>
      </div>
    </Form>
  );
}

function Rounds({ rounds }: { rounds: ReviewRound[] }) {
  return (
    <details open={rounds.length <= 3} className="text-sm">
      <summary className="cursor-pointer font-medium">Rounds ({rounds.length})</summary>
      <ol className="mt-2 space-y-2" aria-label="Review rounds">
        {rounds.map((round) => (
          <li key={round.reviewId} className="rounded-xl bg-slate-50 p-3">
            <p className="font-semibold text-ink">
              Round {round.round}: {REVIEW_STATE_LABELS[round.state]}
            </p>
            <p className="text-slate-700">
              Requested by {round.requestedBy.name}, <TimeLabel iso={round.requestedAtUtc} />
              {round.note ? <span className="block break-words italic">“{round.note}”</span> : null}
            </p>
            {round.claimedBy ? <p className="text-slate-700">Reviewer: {round.claimedBy.name}</p> : null}
            {round.decidedBy && round.state !== "overridden" ? (
              <p className="text-slate-700">
                {round.state === "approved" ? "Approved" : "Changes asked"} by {round.decidedBy.name},{" "}
                <TimeLabel iso={round.decidedAtUtc!} />
                {round.decisionComment ? (
                  <span className="block break-words italic">“{round.decisionComment}”</span>
                ) : null}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
