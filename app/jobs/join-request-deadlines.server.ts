import { logger } from "~/logger.server";
import { enforceJoinRequestDeadlines } from "~/models/join-request-deadlines.server";
import { defineJob } from "./queue.server";

/**
 * Every quarter hour (and at start), join requests past their deadlines expire or remind their
 * admins. The work is in the model, which takes the clock, so tests run it at any moment.
 */
export const joinRequestDeadlinesJob = defineJob(
  "join-request-deadlines",
  async () => {
    const { expired, reminded } = await enforceJoinRequestDeadlines(new Date());
    if (expired || reminded) logger.info({ expired, reminded }, "join request deadlines enforced");
  },
  { schedule: "*/15 * * * *", runAtStart: true },
);
