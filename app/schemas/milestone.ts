import { z } from "zod";
import { dateInput, optionalText, required, TITLE_REQUIRED } from "./task";

/** Milestones (spec sections 3-5): create and edit share one schema, forms and API alike. */
export const MILESTONE_STATUSES = ["Planned", "Active", "Completed"] as const;

export const TARGET_DATE_REQUIRED = "Target date is required";
export const TARGET_DATE_FUTURE = "Target date must be in the future";

/**
 * A target date in the future. A calendar date counts as the end of that day (UTC), so any day
 * after today is accepted; an ISO timestamp must be later than now. The parsed value stays text,
 * so a screen's action can hand what it parsed to the model, which parses it again.
 */
export const milestoneSchema = z.object({
  title: required(TITLE_REQUIRED, (s) =>
    s.trim().min(1, TITLE_REQUIRED).max(200, "Keep the title under 200 characters."),
  ),
  description: optionalText(2000, "Keep the description under 2000 characters."),
  targetDateUtc: required(TARGET_DATE_REQUIRED, (s) => s.trim().min(1, TARGET_DATE_REQUIRED))
    .pipe(dateInput)
    .refine(isInFuture, TARGET_DATE_FUTURE),
});
export type MilestoneInput = z.infer<typeof milestoneSchema>;

export const milestoneStatusSchema = z.object({
  status: z.enum(MILESTONE_STATUSES, { message: "Choose Planned, Active or Completed." }),
});

/** The project of GET /api/milestones?projectId= and of POST /api/milestones (body or query). */
export const milestoneProjectSchema = z.object({
  projectId: z.string({ required_error: "projectId is required." }).uuid("projectId must be a UUID."),
});

function isInFuture(value: string): boolean {
  if (!value) return true; // already "Target date is required"
  if (value.includes("T")) return new Date(value).getTime() > Date.now();
  return value > new Date().toISOString().slice(0, 10);
}
