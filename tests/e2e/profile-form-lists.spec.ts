import { expect, test } from "./fixtures";
import { signIn, uniqueEmail } from "./auth";

/**
 * The profile forms' lists (issue 9): optional ones say '(optional)' and required ones do not; a
 * list cut by its box says that more options follow, and a short one is not cut.
 */
for (const width of [390, 1280]) {
  test(`lists say what is optional and that more follow at ${width} px`, async ({ page, javaScriptEnabled }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, uniqueEmail("lists"), "/onboarding/gainer-profile");
    await page.goto("/onboarding/gainer-profile");
    const legend = (name: string) => page.getByRole("group", { name }).locator("legend");
    await expect(legend("Areas of interest")).toHaveText("Areas of interest");
    for (const name of ["Programming languages", "Technologies", "Tools"]) {
      await expect(legend(name)).toHaveText(`${name} (optional)`);
    }
    await expect(page.locator("label", { hasText: "Current role" })).toHaveText("Current role");
    await expect(page.locator("label", { hasText: "GitHub URL" })).toHaveText("GitHub URL (optional)");

    const tools = page.getByRole("group", { name: "Tools" });
    if (javaScriptEnabled) {
      // The picker lists every option itself: nothing is cut.
      await expect(tools.getByLabel("Add tools")).toBeVisible();
      await expect(tools.getByText(/scroll the list for more/)).toHaveCount(0);
    } else if (width === 390) {
      // A phone lays every option out and the page scrolls once (issue 33): nothing is cut.
      const box = tools
        .locator("div")
        .filter({ has: page.getByRole("checkbox") })
        .first();
      const cut = await box.evaluate((element) => element.scrollHeight > element.clientHeight + 1);
      expect(cut, "the Tools list is not cut on a phone").toBe(false);
      await expect(tools.getByText(/scroll the list for more/)).toBeHidden();
    } else {
      await expect(tools).toHaveAccessibleDescription(/^\d+ options: scroll the list for more\.$/);
      const box = tools
        .locator("div")
        .filter({ has: page.getByRole("checkbox") })
        .first();
      const cut = await box.evaluate((element) => element.scrollHeight > element.clientHeight + 1);
      expect(cut, "the Tools list is cut by its box").toBe(true);
    }

    await page.context().clearCookies();
    await signIn(page, uniqueEmail("lists.np"), "/onboarding/nonprofit-profile");
    await page.goto("/onboarding/nonprofit-profile");
    const need = page.getByRole("group", { name: "Areas of need" });
    await expect(need.locator("legend")).toHaveText("Areas of need");
    await expect(page.locator("label", { hasText: "Website URL" })).toHaveText("Website URL (optional)");
    if (!javaScriptEnabled) {
      // Eight options: shown in full, so nothing says more follow.
      await expect(need.getByRole("checkbox")).toHaveCount(8);
      await expect(need.getByText(/scroll the list for more/)).toHaveCount(0);
      const box = need
        .locator("div")
        .filter({ has: page.getByRole("checkbox") })
        .first();
      const cut = await box.evaluate((element) => element.scrollHeight > element.clientHeight + 1);
      expect(cut, "the Areas of need list is cut by its box").toBe(false);
    }
  });
}
