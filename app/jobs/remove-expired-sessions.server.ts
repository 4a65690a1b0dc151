import { removeExpiredSessions } from "~/auth/session.server";
import { logger } from "~/logger.server";
import { defineJob } from "./queue.server";

/** Expired sessions are deleted every hour. */
export const removeExpiredSessionsJob = defineJob(
  "remove-expired-sessions",
  async () => {
    const removed = await removeExpiredSessions();
    if (removed) logger.info({ removed }, "expired sessions removed");
  },
  { schedule: "0 * * * *" },
);
