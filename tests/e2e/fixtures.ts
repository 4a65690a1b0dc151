import { test as base, expect } from "@playwright/test";
import { contractCheckedRequest } from "./api-contract";

/**
 * The project's Playwright `test`: an unexpected console error on any page fails the test.
 * A test that loads an error page on purpose allows that one message with
 * `test.use({ allowedConsoleErrors: [/404/] })`.
 * Responses read through the `request` fixture are checked against the API contract.
 */
export const test = base.extend<{ failOnConsoleError: void; allowedConsoleErrors: RegExp[] }>({
  // Every /api response a test reads through `request` must match the OpenAPI contract.
  request: async ({ request }, provide) => {
    const problems: string[] = [];
    await provide(contractCheckedRequest(request, problems));
    expect(problems, "API responses that do not match /api/openapi.json").toEqual([]);
  },
  allowedConsoleErrors: [[], { option: true }],
  failOnConsoleError: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        if (!allowedConsoleErrors.some((allowed) => allowed.test(text))) errors.push(text);
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use();
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
