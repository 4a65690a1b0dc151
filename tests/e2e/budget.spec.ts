import { gzipSync } from "node:zlib";
import { expect, test } from "./fixtures";

/** Performance budget (issue: at most 100 KB of gzipped JavaScript on the first load of /). */
test("the first load of / stays under 100 KB of gzipped JavaScript", async ({ page }) => {
  const scripts: Promise<number>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script" || response.url().endsWith(".js")) {
      scripts.push(response.body().then((body) => gzipSync(body).length));
    }
  });
  await page.goto("/", { waitUntil: "networkidle" });
  const sizes = await Promise.all(scripts);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  test.info().annotations.push({
    type: "gzipped JS on /",
    description: `${(total / 1024).toFixed(1)} KB in ${sizes.length} files`,
  });
  expect(sizes.length).toBeGreaterThan(0);
  expect(total).toBeLessThan(100 * 1024);
});
