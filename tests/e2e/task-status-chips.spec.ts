import { expect, test } from "./fixtures";
import { signUpAsGainer } from "./auth";
import { apiPost, startOwnProject } from "./work";

const STATUSES = [
  { status: "Todo", dashboard: "To Do", details: "To Do" },
  { status: "InProgress", dashboard: "In Progress", details: "In Progress" },
  { status: "Blocked", dashboard: "Blocked", details: "Blocked" },
  { status: "Done", dashboard: "Completed", details: "Completed" },
] as const;

/** A task's status is a chip with its own colour and its own icon, never colour alone (issue 9). */
for (const width of [390, 1280]) {
  test(`task status chips have a colour and an icon each at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signUpAsGainer(page, "Chip Checker");
    const { projectId } = await startOwnProject(page);
    const taskIds: string[] = [];
    for (const { status } of STATUSES) {
      const { taskId } = (await apiPost(page, `/api/projects/${projectId}/tasks`, { title: `Chip ${status}` })) as {
        taskId: string;
      };
      const saved = await page.request.put(`/api/tasks/${taskId}`, {
        data: { status },
        headers: { Origin: new URL(page.url()).origin },
      });
      expect(saved.ok()).toBe(true);
      taskIds.push(taskId);
    }

    // A chip: its words beside an icon of its own.
    const chipIn = (scope: ReturnType<typeof page.locator>, words: string) =>
      scope.locator("span:has(> svg[aria-hidden='true'])", { hasText: new RegExp(`^${words}$`) });
    const look = async (chip: ReturnType<typeof page.locator>) => {
      await expect(chip).toBeVisible();
      return chip.evaluate((element) => ({
        colour: getComputedStyle(element).backgroundColor,
        icon: element.querySelector("path")?.getAttribute("d"),
      }));
    };

    await page.goto(`/work/tmp/${projectId}`);
    const looks = [];
    for (const { status, dashboard } of STATUSES) {
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: `Chip ${status}` }) });
      looks.push(await look(chipIn(card, dashboard)));
    }
    expect(new Set(looks.map((chip) => chip.colour)).size, "four colours").toBe(4);
    expect(new Set(looks.map((chip) => chip.icon)).size, "four icons").toBe(4);

    for (const [index, { details }] of STATUSES.entries()) {
      await page.goto(`/work/projects/${projectId}/tasks/${taskIds[index]}`);
      const shown = await look(chipIn(page.getByRole("article"), details));
      expect(shown).toEqual(looks[index]);
    }

    // The work page lists tasks by status; a finished task's card says so with the same chip.
    await page.goto(`/work/projects/${projectId}?tab=tasks&scope=all`);
    const done = page.getByRole("link", { name: /Chip Done/ });
    expect(await look(chipIn(done, "Completed"))).toEqual(looks[3]);
    // The work menu (spec section 2), its last entry named as its page is: Smart Summary.
    await page.goto("/work");
    const menu = page.getByRole("navigation", { name: "Work area" });
    await expect(menu.getByRole("link")).toHaveText(["My projects", "Browse Projects", "Smart Summary"]);
  });
}
