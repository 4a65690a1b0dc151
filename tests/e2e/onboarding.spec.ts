import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { forgetSession, signIn, uniqueEmail } from "./auth";

/** Picks options of a multi-select: chips with JavaScript, checkboxes without. */
async function pick(page: Page, label: string, values: string[], javaScriptEnabled: boolean) {
  const group = page.getByRole("group", { name: label });
  for (const value of values) {
    if (javaScriptEnabled) await group.getByLabel(`Add ${label.toLowerCase()}`).selectOption(value);
    else await group.getByLabel(value, { exact: true }).check();
  }
}

test.describe("a refused form answers 400", () => {
  test.use({ allowedConsoleErrors: [/400 \(Bad Request\)/] });

  test("first sign-in, choose a role, fix the form, finish as a gainer", async ({ page, javaScriptEnabled }) => {
    const email = uniqueEmail("gainer");
    await signIn(page, email);
    await expect(page).toHaveURL(/\/choose-role$/);
    // The guard keeps an unfinished profile in onboarding.
    await page.goto("/search-projects");
    await expect(page).toHaveURL(/\/choose-role$/);

    await page.getByRole("button", { name: "Continue to Profile Setup" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please select a role to continue.");
    await page.getByText("Gainer", { exact: true }).click();
    await page.getByRole("button", { name: "Continue to Profile Setup" }).click();
    await expect(page.getByRole("heading", { name: "Create Gainer Profile" })).toBeVisible();
    await expect(page.getByText("Set up your profile to start collaborating on the product.")).toBeVisible();

    const submit = page.getByRole("button", { name: "Create Profile" });
    // The browser itself stops a name longer than 100 characters.
    await page.getByLabel("Full name").fill("x".repeat(101));
    await expect(page.getByLabel("Full name")).toHaveValue("x".repeat(100));
    if (javaScriptEnabled) {
      await page.getByLabel("Years of experience").fill("51");
      await page.getByLabel("GitHub URL").fill("not a url");
      await page.getByLabel("Years of experience").blur();
      await page.getByLabel("Current role").focus();
      await expect(page.getByText("Years of experience must be between 0 and 50")).toBeVisible();
      await page.getByLabel("GitHub URL").focus();
      await page.getByLabel("GitHub URL").blur();
      await expect(page.getByText("Please enter a valid URL (starting with https://)")).toBeVisible();
      await expect(submit).toBeDisabled();
    } else {
      // What the browser's own checks let through, the server refuses with messages per field.
      await page.getByLabel("Full name").fill("   ");
      await page.getByLabel("Biography").fill("About me");
      await page.getByLabel("Current role").fill("Student");
      await page.getByLabel("Years of experience").fill("0");
      await page.getByLabel("Education").selectOption("Bootcamp");
      await submit.click();
      await expect(page.getByText("Please fix the errors below and try again.")).toBeVisible();
      // Under each field, and as links in the summary at the top.
      await expect(page.locator("#gainer-profile-fullName-error")).toHaveText("Full name is required");
      await expect(page.locator("#gainer-profile-areasOfInterest-error")).toHaveText(
        "Please choose at least one area of interest",
      );
      await expect(page.getByRole("alert").getByRole("link", { name: "Full name is required" })).toBeVisible();
      await expect(page.getByLabel("Current role")).toHaveValue("Student");
    }

    await page.getByLabel("Full name").fill("x".repeat(100));
    await page.getByLabel("Biography").fill("b".repeat(1000));
    await page.getByLabel("GitHub URL").fill("https://github.com/someone");
    await page.getByLabel("Current role").fill("Student");
    await page.getByLabel("Years of experience").fill("50");
    await page.getByLabel("Education").selectOption("Bootcamp");
    await pick(page, "Areas of interest", ["DevOps", "Data Science"], javaScriptEnabled);
    await pick(page, "Technologies", ["React"], javaScriptEnabled);
    await expect(submit).toBeEnabled();
    await submit.click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("status")).toHaveText(/^Profile created successfully!/);
    await expect(page.getByText("Redirecting to home")).toHaveCount(0);
    await page.goto("/choose-role");
    await expect(page).toHaveURL(/\/$/);

    // A returning user goes straight where they were going.
    await forgetSession(page);
    await signIn(page, email, "/about");
    await expect(page).toHaveURL(/\/about$/);
  });
});

test("mentors and nonprofits get forms of their own", async ({ page, javaScriptEnabled }) => {
  await signIn(page, uniqueEmail("mentor"));
  await page.getByText("Mentor", { exact: true }).click();
  await page.getByRole("button", { name: "Continue to Profile Setup" }).click();
  await expect(page.getByRole("heading", { name: "Create Mentor Profile" })).toBeVisible();
  await page.getByLabel("Full name").fill("Marta Mentor");
  await page.getByLabel("Biography").fill("I review code and teach testing.");
  await page.getByLabel("Current title").fill("Staff Engineer");
  await page.getByLabel("Years of experience").fill("12");
  await page.getByLabel("Availability").selectOption("2-4 hours a week");
  await pick(page, "Areas of expertise", ["Backend Development"], javaScriptEnabled);
  await page.getByRole("button", { name: "Create Profile" }).click();
  await expect(page).toHaveURL(/\/$/);

  await forgetSession(page);
  await signIn(page, uniqueEmail("nonprofit"));
  await page.getByText("Non-Profit", { exact: true }).click();
  await page.getByRole("button", { name: "Continue to Profile Setup" }).click();
  await expect(page.getByRole("heading", { name: "Create Nonprofit Profile" })).toBeVisible();
  await page.getByLabel("Organization name").fill("Paws Together");
  await page.getByLabel("Mission").fill("Every shelter dog walked twice a day.");
  await page.getByLabel("Contact person").fill("Pat");
  await pick(page, "Areas of need", ["Volunteer management"], javaScriptEnabled);
  await page.getByRole("button", { name: "Create Profile" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByLabel(/Account menu/).click();
  await expect(page.getByText("Nonprofit", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "View Profile" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Paws Together" })).toBeVisible();
});

test("profiles: visitors see public fields; tabs work as links", async ({ page, request }) => {
  const [project] = await (await request.get("/api/projects/active?pageSize=1")).json();
  const detail = await (await request.get(`/api/projects/${project.projectId}`)).json();
  const member = detail.projectTeamMembers[0];
  await page.goto(`/profile/${member.userId}`);
  await expect(page).toHaveURL(new RegExp(`/profile/(gainer|mentor|nonprofit)/${member.userId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(member.fullName);
  await expect(page.getByRole("link", { name: /@/ })).toHaveCount(0);
  await page.getByRole("navigation", { name: "Expertise" }).getByRole("link", { name: "Tools" }).click();
  await expect(page).toHaveURL(/expertise=tools/);
  await expect(page.getByRole("link", { name: "Tools" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: /^Achievements \(\d+\/\d+\)$/ })).toBeVisible();
  await page
    .getByRole("region", { name: /^Projects/ })
    .getByRole("link")
    .first()
    .click();
  await expect(page).toHaveURL(/\/project\//);
});

test.describe("profile errors", () => {
  test.use({ allowedConsoleErrors: [/40[04] \(.*\)/] });

  test("unknown role and unknown person", async ({ page }) => {
    await page.goto("/profile/wizard/00000000-0000-4000-8000-000000000000");
    await expect(page.getByText("Unknown user role: wizard. Please contact support.")).toBeVisible();
    await page.goto("/profile/gainer/00000000-0000-4000-8000-000000000000");
    await expect(page.getByText("Profile not found.")).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

// Issue 33: onboarding that explains itself.
test.describe("the profile form says what it needs", () => {
  test.use({ allowedConsoleErrors: [/400 \(Bad Request\)/] });

  test("no name made from the email; what is missing links to its field", async ({ page, javaScriptEnabled }) => {
    await signIn(page, uniqueEmail("ada.lovelace"), "/onboarding/gainer-profile");
    await page.goto("/onboarding/gainer-profile");
    const name = page.getByLabel("Full name");
    await expect(name).toHaveValue("");
    if (javaScriptEnabled) {
      // The button waits, and says for what.
      await expect(page.getByRole("button", { name: "Create Profile" })).toBeDisabled();
      const needed = page.getByText("To create your profile, still needed:").locator("..");
      const link = needed.getByRole("link").first();
      await expect(link).toHaveAttribute("href", "#gainer-profile-fullName");
      await link.click();
      await expect(name).toBeFocused();
      await name.fill("Ada Lovelace");
      await expect(needed.getByRole("link", { name: "Full name" })).toHaveCount(0);
      // A group's link focuses its first control.
      await needed.getByRole("link", { name: "Areas of interest" }).click();
      await expect(page.getByLabel("Add areas of interest")).toBeFocused();
    } else {
      await name.fill("   ");
      await page.getByRole("button", { name: "Create Profile" }).click();
      const summary = page.getByRole("alert");
      await expect(summary).toContainText("Please fix the errors below and try again.");
      const link = summary.getByRole("link", { name: "Full name is required" });
      await expect(link).toHaveAttribute("href", "#gainer-profile-fullName");
      await link.click();
      await expect(page).toHaveURL(/#gainer-profile-fullName$/);
    }
  });

  test("on a phone without inner scroll boxes, the page scrolls once", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, uniqueEmail("phone"), "/onboarding/gainer-profile");
    await page.goto("/onboarding/gainer-profile");
    const inner = await page.locator("main form *").evaluateAll(
      (elements) =>
        elements.filter((element) => {
          const style = getComputedStyle(element);
          return /(auto|scroll)/.test(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
        }).length,
    );
    expect(inner).toBe(0);
  });
});
