import type { ApiOperation } from "../operation";
import * as responses from "../responses";
import { z } from "../zod";
import { idParams } from "./params";

/** The linked repository as last synced: members of the project only. */
const tag = "GitHub";
const params = idParams("projectId");
const membersOnly = [403, 404] as const;

export const githubOperations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/github/validate-url",
    tag,
    summary: "Check a GitHub repository URL (stores nothing)",
    access: "public",
    body: z.object({ url: z.string() }),
    success: { status: 200, description: "Whether it is valid, and why not.", schema: responses.urlValidation },
  },
  {
    method: "get",
    path: "/api/github/projects/{projectId}/repository",
    tag,
    summary: "The linked repository",
    access: "user",
    params,
    success: { status: 200, description: "The repository card.", schema: responses.repository },
    errors: membersOnly,
  },
  {
    method: "get",
    path: "/api/github/projects/{projectId}/stats",
    tag,
    summary: "Pull requests and totals",
    access: "user",
    params,
    success: { status: 200, description: "The figures.", schema: responses.gitHubStats },
    errors: membersOnly,
  },
  {
    method: "get",
    path: "/api/github/projects/{projectId}/contributions",
    tag,
    summary: "Contributors, matched to members",
    access: "user",
    params,
    success: { status: 200, description: "The contributors.", schema: z.array(responses.contribution) },
    errors: membersOnly,
  },
  {
    method: "post",
    path: "/api/github/projects/{projectId}/sync",
    tag,
    summary: "Queue a sync of the linked repository",
    description: "Empty body; poll sync-status.",
    access: "user",
    params,
    body: z.object({}).openapi({ description: "Nothing: any JSON is ignored." }),
    bodyOptional: true,
    success: { status: 202, description: "Queued: the sync status.", schema: responses.syncStatus },
    errors: [...membersOnly, 409],
  },
  {
    method: "get",
    path: "/api/github/projects/{projectId}/sync-status",
    tag,
    summary: "Idle, running, completed or failed, with times and error",
    access: "user",
    params,
    success: { status: 200, description: "The sync status.", schema: responses.syncStatus },
    errors: membersOnly,
  },
];
