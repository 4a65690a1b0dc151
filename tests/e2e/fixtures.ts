import { test as base, expect } from "@playwright/test";

/**
 * The project's Playwright `test`: an unexpected console error on any page fails the test.
 * A test that loads an error page on purpose allows that one message with
 * `test.use({ allowedConsoleErrors: [/404/] })`.
 */
export const test = base.extend<{ failOnConsoleError: void; allowedConsoleErrors: RegExp[] }>({
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
