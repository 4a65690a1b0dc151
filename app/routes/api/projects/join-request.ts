import { cancelJoinRequest } from "~/models/join-request.server";
import { apiRoute, noContent, signedIn } from "~/http/api.server";

/** DELETE /api/projects/{projectId}/join-requests/{requestId}: the requester cancels their pending request. */
export const loader = apiRoute({
  DELETE: signedIn(["projectId", "requestId"], async ({ user, ids }) => {
    await cancelJoinRequest(user, ids.projectId, ids.requestId);
    return noContent();
  }),
});
export const action = loader;
