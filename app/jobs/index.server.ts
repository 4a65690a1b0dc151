// Every job the app defines; importing this module registers them before startJobs().
import "./embed-projects.server";
import "./join-request-deadlines.server";
import "./maintain-embedded-database.server";
import "./remove-expired-sessions.server";
import "./review-reminders.server";
import "./sync-repository.server";

export { defineJob, enqueue, startJobs, stopJobs } from "./queue.server";
export { queueRepositorySync } from "./sync-repository.server";
