/**
 * A progress line for long waits (generating data, measuring, soaking). On a terminal it is one
 * line rewritten in place; anywhere else (CI, a pipe, a log file) each update is a plain line,
 * at most one every `everyMs` so that logs stay short, and always the last one.
 */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface Progress {
  /** `done` of the total so far, with an optional note (the current step). */
  update(done: number, note?: string): void;
  /** Ends the line: on a terminal the final text stays on screen, followed by a new line. */
  finish(text?: string): void;
}

export function progress(
  label: string,
  total: number | null,
  { stream = process.stdout as ProgressStream, everyMs = 5_000, now = () => Date.now() } = {},
): Progress {
  const started = now();
  let lastPrinted = -Infinity;
  let text = label;
  const format = (done: number, note?: string) => {
    const count = total
      ? `${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")} (${Math.floor((100 * done) / total)}%)`
      : String(done);
    const seconds = ((now() - started) / 1000).toFixed(0);
    return `${label}: ${count}${note ? `, ${note}` : ""}, ${seconds} s`;
  };
  return {
    update(done, note) {
      text = format(done, note);
      if (stream.isTTY) stream.write(`\r\x1b[2K${text}`);
      else if (now() - lastPrinted >= everyMs || (total !== null && done >= total)) {
        stream.write(`${text}\n`);
        lastPrinted = now();
      }
    },
    finish(final) {
      if (stream.isTTY) stream.write(`\r\x1b[2K${final ?? text}\n`);
      else if (final) stream.write(`${final}\n`);
    },
  };
}

/** A step of a long preparation that has no count of its own: `step("Building the reference page")`. */
export function step(text: string, stream: ProgressStream = process.stdout): void {
  stream.write(`${text}…\n`);
}
