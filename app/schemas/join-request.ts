import { text } from "./text";
import { z } from "zod";

/** Request to Join (spec sections 3 and 5): a role from the open roles, an optional message. */
export const JOIN_MESSAGE_MAX = 500;

export const joinRequestSchema = z.object({
  requestedRole: text((s) => s.trim().min(1, "Please select a role"), { required_error: "Please select a role" }),
  message: text((s) => s.trim().max(JOIN_MESSAGE_MAX, `The message can be at most ${JOIN_MESSAGE_MAX} characters.`))
    .optional()
    .transform((value) => value ?? ""),
});

/** Create New Project from a template: the creator's role, required only when the template has roles. */
export const templateStartSchema = z.object({
  selectedRole: text((s) => s.trim())
    .optional()
    .transform((value) => value || undefined),
});

/** An admin's decision on a join request. Forms send "true"/"false"; JSON sends booleans. */
export const decisionSchema = z.object({
  isApproved: z.preprocess(
    (value) => (value === "true" ? true : value === "false" ? false : value),
    z.boolean({
      required_error: "Please approve or reject the request.",
      invalid_type_error: "Please approve or reject the request.",
    }),
  ),
  reason: text((s) => s.trim().max(500, "The reason can be at most 500 characters."))
    .optional()
    .transform((value) => value || undefined),
});
