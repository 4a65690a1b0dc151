import { z } from "zod";
import { logger } from "~/logger.server";
import { remindUnclaimedReviews } from "~/models/task-review-reminders.server";
import { defineJob } from "./queue.server";

/**
 * Every quarter hour, review requests nobody claimed for two days remind their project's mentors
 * (once each). The work is in the model, which takes the clock, so tests run it at any moment.
 * The schedule sends an empty payload; anything else is not this job's.
 */
export const reviewRemindersJob = defineJob(
  "review-reminders",
  async () => {
    const reminded = await remindUnclaimedReviews(new Date());
    if (reminded) logger.info({ reminded }, "review requests reminded");
  },
  { payload: z.object({}).strict(), schedule: "*/15 * * * *" },
);
