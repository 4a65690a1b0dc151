import { test as base, expect } from "@playwright/test";

/**
 * The project's Playwright `test`: an unexpected console error on any page fails the test,
 * and `javaScriptEnabled` tells a test which of the two runs it is in.
 */
export const test = base.extend<{ failOnConsoleError: void }>({
  failOnConsoleError: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use();
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
