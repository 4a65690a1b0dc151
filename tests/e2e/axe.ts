import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test as base } from "./fixtures";

/** The impacts issue 17 forbids; minor and moderate findings are reported by axe but not failed here. */
const BLOCKING = new Set(["serious", "critical"]);

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** One line per offending element: rule, impact, where, and axe's own advice. */
export function describeViolations(violations: Violation[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `[${violation.impact}] ${violation.id} at ${node.target.join(" ")}: ${node.failureSummary?.replace(/\s+/g, " ")}`,
    ),
  );
}

/**
 * A page that shows exactly what `page` shows but lets axe run: axe is a script, and a browser
 * with JavaScript off runs none. `page`'s HTML (scripts stripped, addresses resolved against the
 * page's own) is loaded into a page with JavaScript, so the audit sees the no-JavaScript
 * rendering, including a form's error reply, which no new request could reproduce.
 */
async function mirrorWithoutScripts(page: Page, mirror: Page): Promise<Page> {
  const html = (await page.content())
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<head>/i, `<head><base href="${page.url()}">`);
  await mirror.setContent(html, { waitUntil: "load" });
  return mirror;
}

/**
 * `audit(screen)` runs every axe rule on what the page shows now and records (softly, so one run
 * lists every screen's findings) each serious or critical violation. Works with JavaScript on and off.
 */
export const test = base.extend<{ audit: (screen: string) => Promise<void> }>({
  audit: async ({ page, browser, javaScriptEnabled, viewport }, provide) => {
    let mirror: Page | undefined;
    await provide(async (screen) => {
      let target = page;
      if (!javaScriptEnabled) {
        // Contexts made in a test inherit the project's options: turn JavaScript back on explicitly.
        mirror ??= await (await browser.newContext({ viewport, javaScriptEnabled: true })).newPage();
        target = await mirrorWithoutScripts(page, mirror);
      }
      // Only violations are needed; leaving out passes and incomplete results makes axe much faster.
      const { violations } = await new AxeBuilder({ page: target }).options({ resultTypes: ["violations"] }).analyze();
      const blocking = violations.filter((violation) => BLOCKING.has(violation.impact ?? ""));
      expect.soft(describeViolations(blocking), `serious or critical violations on ${screen}`).toEqual([]);
    });
    await mirror?.context().close();
  },
});

export { expect };
