/**
 * How Node runs the production server, wherever it is started: package.json's `start` and `serve`
 * say the same (tests/unit/server-command.test.ts holds them to it). The young generation's halves
 * grow to 64 MB instead of Node's 16: a rendered page's garbage then dies young in fewer, no
 * dearer collections. The old generation starts at 256 MB: sized to the ~50 MB that stays, V8
 * marked it all again every few searches (PERFORMANCE.md, "The heap's generations").
 */
const SERVER_NODE_FLAGS = ["--max-semi-space-size=64", "--initial-old-space-size=256"];

/** The arguments to `node` that start the compiled server `script`. */
export const serverArgs = (script: string): string[] => [...SERVER_NODE_FLAGS, script];
