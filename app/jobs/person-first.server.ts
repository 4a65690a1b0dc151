/**
 * Work a person waits for goes first within this instance: while any is running, scheduled work
 * waits at its next step (`personWorkDone`) instead of sharing the event loop, the database and
 * GitHub's concurrency with it. Each instance keeps its own count: work elsewhere does not share
 * this instance's loop. A wait ends after MAX_WAIT_MS, so a stream of people's work cannot stall
 * scheduled work until its job expires.
 */
let running = 0;
let waiting: (() => void)[] = [];

export const MAX_WAIT_MS = 60_000;

/** Runs `work` as a person's: scheduled work waits at its steps until it (and any other) ends. */
export async function asPersonWork<Result>(work: () => Promise<Result>): Promise<Result> {
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    if (running === 0) {
      const release = waiting;
      waiting = [];
      for (const resolve of release) resolve();
    }
  }
}

/** Resolves at once when no person's work runs here, else when none does (or after MAX_WAIT_MS). */
export function personWorkDone(): Promise<void> {
  if (running === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiting = waiting.filter((entry) => entry !== done);
      resolve();
    }, MAX_WAIT_MS);
    timer.unref();
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    waiting.push(done);
  });
}
