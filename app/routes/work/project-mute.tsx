import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireProjectAccess } from "~/auth/project-guard.server";
import { setProjectMuted } from "~/models/notification-mute.server";
import { readForm } from "~/utils/forms.server";
import { redirectWithToast } from "~/http/toast.server";

/**
 * `POST /work/projects/$projectId/notifications` with `muted=true|false`: the work page's
 * Mute / Subscribe button. Members only; back to the page it was pressed on.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireProjectAccess(request, params.projectId);
  const form = await readForm(request);
  const muted = form.get("muted") === "true";
  await setProjectMuted(access, muted);
  return redirectWithToast(`/work/projects/${access.projectId}`, {
    type: "success",
    message: muted
      ? `Notifications from ${access.projectName} are muted. You can still find them on the notifications page.`
      : `You will be notified about ${access.projectName} again.`,
  });
}

/** A plain visit (a reload after the form) goes to the work page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const access = await requireProjectAccess(request, params.projectId);
  return redirect(`/work/projects/${access.projectId}`);
}
