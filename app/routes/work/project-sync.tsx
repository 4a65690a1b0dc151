import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireProjectAccess } from "~/auth/project-guard.server";
import { projectTabHref } from "~/components/work/project-tabs";
import { requestSync } from "~/models/github.server";
import { asDomainError } from "~/utils/errors.server";
import { redirectWithToast } from "~/http/toast.server";

/**
 * `POST /work/projects/$projectId/sync`: the Code tab's 'Sync now' form. Queues a sync of the
 * linked repository and goes back to the tab, which shows it running. Members only.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const access = await requireProjectAccess(request, params.projectId);
  const back = projectTabHref(access.projectId, "code");
  try {
    await requestSync(access.actor, access.projectId);
  } catch (error) {
    const known = asDomainError(error);
    if (!known) throw error;
    return redirectWithToast(back, { type: "error", message: known.message });
  }
  return redirectWithToast(back, { type: "success", message: "Sync started." });
}

/** A plain visit (a reload after the form) goes to the Code tab. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const access = await requireProjectAccess(request, params.projectId);
  return redirect(projectTabHref(access.projectId, "code"));
}
