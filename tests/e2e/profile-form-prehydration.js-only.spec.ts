import type { Route } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signIn, uniqueEmail } from "./auth";

/**
 * On a slow phone people tick boxes before the script arrives: when it does, the chip picker
 * starts from the boxes as they are, shows those choices as chips and submits them (issue 9).
 */
test("choices ticked before the script loads survive the switch to chips", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, uniqueEmail("slow"), "/onboarding/gainer-profile");

  const held: Route[] = [];
  let release = false;
  await page.route("**/assets/**/*.js", (route) => (release ? route.continue() : void held.push(route)));
  await page.goto("/onboarding/gainer-profile", { waitUntil: "domcontentloaded" });
  const languages = page.getByRole("group", { name: "Programming languages" });
  await expect(languages.getByLabel("Add programming languages")).toHaveCount(0);
  await languages.getByLabel("Python", { exact: true }).check();
  await languages.getByLabel("Rust", { exact: true }).check();
  await page.getByRole("group", { name: "Areas of interest" }).getByLabel("DevOps", { exact: true }).check();
  expect(held.length, "the page's scripts were held back").toBeGreaterThan(0);

  release = true;
  for (const route of held.splice(0)) await route.continue();

  const chosen = languages.getByRole("list", { name: "Chosen programming languages" });
  await expect(chosen.getByRole("listitem")).toHaveText([/^Python/, /^Rust/]);
  await expect(page.getByRole("list", { name: "Chosen areas of interest" })).toHaveText(/^DevOps/);
  // The box tapped last had focus: it moves to its picker, and nothing was sent (the fixture
  // fails on the 400 a stray native 'validate' submission would get).
  await expect(page.getByLabel("Add areas of interest")).toBeFocused();
  await expect(languages.getByLabel("Add programming languages").locator("option", { hasText: "Python" })).toHaveCount(
    0,
  );

  // No name is made up from the email: the person gives theirs.
  await page.getByLabel("Full name").fill("Sam Slow");
  await page.getByLabel("Biography").fill("I ticked boxes before the script came.");
  await page.getByLabel("Current role").fill("Student");
  await page.getByLabel("Years of experience").fill("1");
  await page.getByLabel("Education").selectOption("Bootcamp");
  await page.getByRole("button", { name: "Create Profile" }).click();
  await expect(page).toHaveURL(/\/$/);

  const me = (await (await page.request.get("/api/users/me")).json()) as { userId: string };
  const profile = (await (await page.request.get(`/api/users/gainer/${me.userId}/profile`)).json()) as {
    techExpertise: { programmingLanguages: string[] };
    areasOfInterest: string[];
  };
  expect(profile.techExpertise.programmingLanguages).toEqual(["Python", "Rust"]);
  expect(profile.areasOfInterest).toEqual(["DevOps"]);
});
