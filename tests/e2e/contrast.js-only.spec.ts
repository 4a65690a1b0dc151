import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";
import { describeViolations } from "./axe";
import { expect, test } from "./fixtures";

// WCAG 2.2 AA text contrast (4.5:1) on every public screen at a phone's width, hydrated and as the
// server sent it. axe needs script in the page, so "as sent" blocks the app's own scripts instead
// of turning JavaScript off (which is what a browser without it shows). The desktop width is
// audited by accessibility.spec.ts, whose full axe run includes this rule, with JavaScript on and off.
const firstOf = async (request: APIRequestContext, list: string) =>
  ((await (await request.get(`/api/projects/${list}?pageSize=1`)).json()) as { projectId: string }[])[0].projectId;

const PUBLIC_SCREENS: Record<string, (request: APIRequestContext) => Promise<string> | string> = {
  home: () => "/",
  about: () => "/about",
  learn: () => "/learn",
  contact: () => "/contact",
  terms: () => "/terms",
  catalogue: () => "/search-projects",
  "catalogue with filters open": () => "/search-projects?tab=active&filters=1",
  "search results": () => "/search-result?q=garden",
  "a running project": async (request) => `/project/${await firstOf(request, "active")}`,
  "a template": async (request) => `/project/${await firstOf(request, "templates")}`,
};

for (const hydrated of [true, false]) {
  test.describe(`at 390 px, ${hydrated ? "hydrated" : "as sent"}`, () => {
    test.use({
      viewport: { width: 390, height: 900 },
      allowedConsoleErrors: hydrated ? [] : [/Failed to load resource|dynamically imported module/],
    });
    test.describe.configure({ timeout: 180_000 });
    // One page visits every screen: a test of its own per screen spent more on setting up than on axe.
    test("no public screen has a colour-contrast violation", async ({ page, request }) => {
      if (!hydrated) await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      for (const [name, address] of Object.entries(PUBLIC_SCREENS)) {
        await page.goto(await address(request));
        const { violations } = await new AxeBuilder({ page }).withRules(["color-contrast"]).analyze();
        expect.soft(describeViolations(violations), `colour contrast on ${name}`).toEqual([]);
      }
    });
  });
}
