import { gainerProfileSchema, mentorProfileSchema, nonprofitProfileSchema } from "~/schemas/profile";
import { insightQuerySchema } from "~/schemas/insights";
import type { ApiOperation } from "../operation";
import * as responses from "../responses";
import { idParams, profileParams } from "./params";

const tag = "Users";

export const userOperations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/users/me",
    tag,
    summary: "The caller",
    description: "404 while a token's user has not been ensured yet.",
    access: "user",
    success: { status: 200, description: "The signed-in user.", schema: responses.currentUser },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/users/me/ensure",
    tag,
    summary: "Create the caller's user on first call",
    access: "user",
    success: { status: 200, description: "Whether the user is new.", schema: responses.ensuredUser },
  },
  {
    method: "get",
    path: "/api/users/me/summary",
    tag,
    summary: "The caller's Smart Summary",
    access: "user",
    query: insightQuerySchema.pick({ projectId: true }),
    success: { status: 200, description: "Figures, overall or for one project.", schema: responses.insights },
    errors: [403, 404],
  },
  {
    method: "get",
    path: "/api/users/{userId}/dashboard",
    tag,
    summary: "The caller's Smart Summary, optionally syncing first",
    description: "forceRefresh=true first queues a sync of the caller's repositories. Nobody reads another's.",
    access: "user",
    params: idParams("userId"),
    query: insightQuerySchema,
    success: { status: 200, description: "Figures, overall or for one project.", schema: responses.insights },
    errors: [403, 404, 502],
  },
  {
    method: "get",
    path: "/api/users/{role}/{id}/profile",
    tag,
    summary: "A profile (signed-in variant)",
    description: "The email only for its owner, the admins of projects the person asked to join, or if made public.",
    access: "optional",
    params: profileParams,
    success: { status: 200, description: "The profile.", schema: responses.profile },
    errors: [401, 404],
  },
  {
    method: "put",
    path: "/api/users/{role}/{id}/profile",
    tag,
    summary: "Create or update your own profile",
    description: "The body is the role's profile form (gainer, mentor or nonprofit).",
    access: "user",
    params: profileParams,
    body: gainerProfileSchema.or(mentorProfileSchema).or(nonprofitProfileSchema),
    success: { status: 200, description: "The saved profile.", schema: responses.savedProfile },
    errors: [403, 409],
  },
  {
    method: "get",
    path: "/api/users/public/{role}/{id}/profile",
    tag,
    summary: "A profile (public variant, no token)",
    access: "public",
    params: profileParams,
    success: { status: 200, description: "The profile; an email only if made public.", schema: responses.profile },
    errors: [404],
  },
];
