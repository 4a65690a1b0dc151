import { Form, useNavigation } from "@remix-run/react";

/**
 * 'Cancel request' for the requester's own pending join request: a plain form (intent=cancel)
 * that the page's action handles, so it works without JavaScript.
 */
export function CancelJoinRequestForm({
  projectId,
  requestId,
  className = "btn-secondary",
}: {
  projectId: string;
  requestId: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const cancelling =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "cancel" &&
    navigation.formData?.get("requestId") === requestId;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="projectId" value={projectId} />
      <input type="hidden" name="requestId" value={requestId} />
      <button type="submit" className={className} disabled={cancelling}>
        {cancelling ? "Cancelling…" : "Cancel request"}
      </button>
    </Form>
  );
}
