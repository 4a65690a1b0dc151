import type { Locator, Page } from "@playwright/test";

/** Keyboard-only helpers: they move focus the way a person without a mouse does. */

/** Whether `target` has focus now (a locator check, so it works with JavaScript off too). */
export async function isFocused(page: Page, target: Locator): Promise<boolean> {
  return (await target.and(page.locator(":focus")).count()) > 0;
}

/** Presses Tab (Shift+Tab when `backwards`) until `target` has focus; fails after `limit` presses. */
export async function tabTo(page: Page, target: Locator, { backwards = false, limit = 80 } = {}): Promise<void> {
  for (let presses = 0; presses <= limit; presses++) {
    if (await isFocused(page, target)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${limit} presses of Tab never reached ${target}`);
}

/** Tabs to `target` and activates it with Enter. */
export async function tabAndEnter(page: Page, target: Locator, options?: { backwards?: boolean }): Promise<void> {
  await tabTo(page, target, options);
  await page.keyboard.press("Enter");
}
