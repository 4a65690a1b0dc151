import { randomBytes } from "node:crypto";
import { signUpAsGainer } from "./auth";
import { expect as baseExpect, test } from "./fixtures";
import { startOwnProject } from "./work";

// Syncs run as jobs whose worker polls every 2 s, on a shared, slow machine.
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe("the Code tab", () => {
  test.describe.configure({ timeout: 150_000 });
  test.use({ allowedConsoleErrors: [/40[034]/] });

  test("links a repository, syncs it from the loopback GitHub, and syncs again on request", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signUpAsGainer(page, "Cody Coder");
    const { projectId } = await startOwnProject(page);
    const codeTab = `/work/projects/${projectId}?tab=code`;
    await page.goto(codeTab);
    await expect(page.getByRole("heading", { name: "No repository linked yet" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Connect Repository" })).toBeVisible();

    // Linking queues the first sync; the loopback GitHub makes up a repository for any name.
    const name = `food-bank-${randomBytes(3).toString("hex")}`;
    const linked = await page.request.put(`/api/projects/${projectId}/repository`, {
      data: { url: `https://github.com/acme/${name}` },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(linked.status()).toBe(200);

    const status = page.getByRole("status").filter({ hasText: "Last synced" });
    await expect(async () => {
      await page.goto(codeTab);
      await baseExpect(status).toContainText("Synced");
    }).toPass({ timeout: 60_000 });
    await expect(page.getByRole("link", { name: `acme/${name}` })).toHaveAttribute(
      "href",
      `https://github.com/acme/${name}`,
    );
    await expect(page.getByRole("list", { name: "Languages" }).getByRole("listitem").first()).toContainText("%");
    await expect(page.getByRole("heading", { name: "Contributors" })).toBeVisible();
    await expect(page.getByText(/\d+ commits · \d+ pull requests/).first()).toBeVisible();
    await expect(status).toContainText("Last synced: Just now");
    await expect(page.getByRole("list", { name: "Project overview" })).toContainText("On the linked repository");

    await page.getByRole("button", { name: "Sync now" }).click();
    await expect(page.getByText("Sync started.")).toBeVisible();
    if (javaScriptEnabled) {
      // Polled every 2 s: the tab comes back to 'Synced' without a reload.
      await expect(status).toContainText(/^Synced/);
      await expect(page.getByRole("button", { name: "Sync now" })).toBeEnabled();
    } else {
      await expect(async () => {
        await page.goto(codeTab);
        await baseExpect(status).toContainText(/^Synced/);
      }).toPass({ timeout: 60_000 });
    }
  });

  test("a repository GitHub does not show fails with the spec's message", async ({ page }) => {
    await signUpAsGainer(page, "Petra Private");
    const { projectId } = await startOwnProject(page);
    // The loopback GitHub answers 404 for names with "missing" in them.
    const linked = await page.request.put(`/api/projects/${projectId}/repository`, {
      data: { url: `https://github.com/acme/missing-${randomBytes(3).toString("hex")}` },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(linked.status()).toBe(200);
    await expect(async () => {
      await page.goto(`/work/projects/${projectId}?tab=code`);
      await baseExpect(page.getByText("Sync failed")).toBeVisible();
    }).toPass({ timeout: 60_000 });
    await expect(page.getByText("Repository not found. It may have been removed or made private.")).toBeVisible();
    await expect(page.getByText("Last synced: Never synced")).toBeVisible();
  });
});
