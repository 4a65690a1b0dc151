import { Form, useNavigation } from "@remix-run/react";
import { DateText } from "~/components/date-time";
import { previewText } from "~/utils/format";
import type { JoinRequestView } from "~/models/join-request.server";
import { DecisionButtons } from "~/components/decision-buttons";

const PREVIEW = 100;

/** An admin's list of pending join requests, each with approve / reject and an optional reason. */
export function JoinRequestsPanel({
  requests,
  error,
  tab,
}: {
  requests: JoinRequestView[] | null;
  error: string | null;
  /** The My Projects tab to come back to. */
  tab: string;
}) {
  const navigation = useNavigation();
  if (error) {
    return (
      <div role="alert" className="space-y-2">
        <p className="text-lg font-semibold">Access Denied</p>
        <p className="text-slate-700">{error}</p>
      </div>
    );
  }
  if (!requests?.length) return <p className="text-slate-600">No pending join requests.</p>;
  return (
    <ul className="space-y-4">
      {requests.map((request) => {
        const busy =
          navigation.state === "submitting" && navigation.formData?.get("requestId") === request.joinRequestId;
        const preview = previewText(request.message, PREVIEW);
        return (
          <li key={request.joinRequestId} className="rounded-xl border border-slate-200 p-4">
            <p className="font-semibold">{request.requesterFullName || request.requesterEmailAddress}</p>
            <p className="text-sm text-slate-600">
              wants to join as <strong>{request.requestedRole}</strong> · <DateText value={request.createdAtUtc} />
            </p>
            {preview ? <p className="mt-2 text-slate-700">“{preview}”</p> : null}
            <Form method="post" className="mt-3 space-y-2">
              <input type="hidden" name="intent" value="decide" />
              <input type="hidden" name="tab" value={tab} />
              <input type="hidden" name="projectId" value={request.projectId} />
              <input type="hidden" name="requestId" value={request.joinRequestId} />
              <label htmlFor={`reason-${request.joinRequestId}`} className="text-sm font-medium">
                Reason <span className="font-normal text-slate-500">(optional)</span>
              </label>
              <textarea
                id={`reason-${request.joinRequestId}`}
                name="reason"
                rows={2}
                maxLength={500}
                className="w-full rounded-lg border border-slate-300 px-3 py-2"
              />
              <div className="flex gap-2">
                <DecisionButtons disabled={busy} />
              </div>
            </Form>
          </li>
        );
      })}
    </ul>
  );
}
