import { signUpAsGainer } from "./auth";
import { expect as baseExpect, test } from "./fixtures";
import { apiPost, startOwnProject } from "./work";

// The machine these run on is shared and slow: give each expectation room.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Subtasks and milestones, with JavaScript (fetchers, dialogs, confirm) and without (forms, pages). */
test.describe("subtasks and milestones", () => {
  test.describe.configure({ timeout: 150_000 });
  // Refused forms answer 400 (the browser logs it); that is what some steps check.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("a task's checklist: add, toggle, rename, refuse an empty name, delete after confirming", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signUpAsGainer(page, "Sam Subtasks");
    const { projectId } = await startOwnProject(page);
    const { taskId } = (await apiPost(page, `/api/projects/${projectId}/tasks`, { title: "Prepare the launch" })) as {
      taskId: string;
    };
    const here = `/work/projects/${projectId}/tasks/${taskId}`;
    await page.goto(here);
    await expect(page.getByText("No subtasks yet — add your first one!")).toBeVisible();
    const counter = page.getByLabel("Subtasks done");
    const list = page.getByRole("list", { name: "Subtask list" });

    for (const title of ["  Write the announcement  ", "Book the room"]) {
      await page.getByLabel("New subtask").fill(title);
      await page.getByRole("button", { name: "Add", exact: true }).click();
      await expect(list.getByText(title.trim(), { exact: true })).toBeVisible();
    }
    await expect(counter).toHaveText("0/2");
    await expect(page.getByLabel("New subtask")).toHaveValue("");

    // Done ones go after open ones. The reload below waits for the toggle to be saved: with
    // JavaScript the box shows its new state before the server has answered.
    const toggled = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("checkbox", { name: "Mark as done: Write the announcement" }).click();
    await expect(page.getByRole("checkbox", { name: "Mark as not done: Write the announcement" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await expect(counter).toHaveText("1/2");
    await expect(list.getByRole("listitem").first()).toContainText("Book the room");
    await toggled;
    await page.reload();
    await expect(counter).toHaveText("1/2");

    if (javaScriptEnabled) {
      // Double click to rename: Escape cancels, Enter saves, an empty title reverts.
      await list.getByText("Book the room", { exact: true }).dblclick();
      await page.getByLabel("Subtask title").fill("Not this");
      await page.getByLabel("Subtask title").press("Escape");
      await expect(list.getByText("Book the room", { exact: true })).toBeVisible();
      await list.getByText("Book the room", { exact: true }).dblclick();
      await page.getByLabel("Subtask title").fill("Book the big room");
      await page.getByLabel("Subtask title").press("Enter");
      await expect(list.getByText("Book the big room", { exact: true })).toBeVisible();
      await list.getByText("Book the big room", { exact: true }).dblclick();
      await page.getByLabel("Subtask title").fill("   ");
      await page.getByLabel("Subtask title").press("Enter");
      await expect(list.getByText("Book the big room", { exact: true })).toBeVisible();
    } else {
      // Without JavaScript: an Edit link opens a form with Save.
      await page.getByRole("link", { name: "Edit Book the room" }).click();
      await page.getByLabel("Subtask title").fill("Book the big room");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(list.getByText("Book the big room", { exact: true })).toBeVisible();
      await page.getByRole("link", { name: "Edit Book the big room" }).click();
      await page.getByLabel("Subtask title").fill("   ");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("alert")).toContainText("Subtask title is required");
      await expect(list.getByText("Book the big room", { exact: true })).toBeVisible();
    }
    await page.reload();
    await expect(list.getByText("Book the big room", { exact: true })).toBeVisible();

    // Deleting asks first: a browser confirm with JavaScript, a confirm step without.
    if (javaScriptEnabled) {
      page.once("dialog", (dialog) => {
        expect(dialog.message()).toBe("Are you sure you want to delete this subtask?");
        void dialog.dismiss();
      });
      await page.getByRole("link", { name: "Delete Book the big room" }).click();
      await expect(list.getByText("Book the big room", { exact: true })).toBeVisible();
      page.once("dialog", (dialog) => void dialog.accept());
      await page.getByRole("link", { name: "Delete Book the big room" }).click();
    } else {
      await page.getByRole("link", { name: "Delete Book the big room" }).click();
      const confirm = page.getByRole("dialog", { name: "Delete subtask" });
      await expect(confirm.getByText("Are you sure you want to delete this subtask?")).toBeVisible();
      await confirm.getByRole("link", { name: "Cancel" }).click();
      await expect(list.getByText("Book the big room", { exact: true })).toBeVisible();
      await page.getByRole("link", { name: "Delete Book the big room" }).click();
      await page.getByRole("dialog", { name: "Delete subtask" }).getByRole("button", { name: "Delete" }).click();
    }
    await expect(list.getByText("Book the big room", { exact: true })).toHaveCount(0);
    await expect(counter).toHaveText("1/1");
    await page.reload();
    await expect(counter).toHaveText("1/1");
    await expect(list.getByText("Write the announcement", { exact: true })).toBeVisible();
  });

  test("milestones: the template's plan, create with errors, move, edit, delete after confirming", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signUpAsGainer(page, "Mia Milestones");
    const { projectId } = await startOwnProject(page);
    await page.goto(`/work/projects/${projectId}?tab=milestones`);
    const planned = page.getByRole("region", { name: /^Planned/ });
    const active = page.getByRole("region", { name: /^Active/ });
    // The project began with its template's milestones.
    await expect(planned.getByRole("listitem").first()).toContainText("Target");

    await page.getByRole("link", { name: "New Milestone" }).click();
    let dialog = page.getByRole("dialog", { name: "New Milestone" });
    await dialog.getByLabel("Title").fill("Launch party");
    await dialog.getByLabel("Target date").fill("2020-01-01");
    await dialog.getByRole("button", { name: "Create Milestone" }).click();
    dialog = page.getByRole("dialog", { name: "New Milestone" });
    await expect(dialog.getByText("Target date must be in the future")).toBeVisible();
    if (javaScriptEnabled) {
      await dialog.getByLabel("Title").fill("");
      await dialog.getByLabel("Target date").fill("");
      await dialog.getByRole("button", { name: "Create Milestone" }).click();
      await expect(dialog.getByText("Title is required")).toBeVisible();
      await expect(dialog.getByText("Target date is required")).toBeVisible();
    } else {
      // The browser itself asks for a title first; the server says the same if it is skipped.
      await expect(dialog.getByLabel("Title")).toHaveAttribute("required", "");
      await dialog.getByLabel("Title").fill("Launch party");
      await dialog.getByLabel("Target date").fill("");
      await dialog.getByRole("button", { name: "Create Milestone" }).click();
      dialog = page.getByRole("dialog", { name: "New Milestone" });
      await expect(dialog.getByText("Target date is required")).toBeVisible();
    }
    const nextYear = `${new Date().getUTCFullYear() + 1}-06-15`;
    await dialog.getByLabel("Target date").fill(nextYear);
    await dialog.getByLabel("Title").fill("Launch party");
    await dialog.getByLabel("Description").fill("Everyone invited");
    await dialog.getByRole("button", { name: "Create Milestone" }).click();
    await expect(page.getByRole("status")).toContainText("Milestone created.");
    const card = (region: typeof planned) => region.getByRole("listitem").filter({ hasText: "Launch party" });
    await expect(card(planned)).toContainText("Everyone invited");
    await expect(card(planned)).toContainText("0/0 tasks");

    await card(planned).getByRole("button", { name: "Move to Active" }).click();
    await expect(page.getByRole("status")).toContainText('"Launch party" moved to Active.');
    await expect(card(active)).toBeVisible();
    await expect(card(planned)).toHaveCount(0);

    await card(active).getByRole("link", { name: "Edit Launch party" }).click();
    dialog = page.getByRole("dialog", { name: "Edit Milestone" });
    await dialog.getByLabel("Title").fill("Launch night");
    await dialog.getByRole("button", { name: "Save Milestone" }).click();
    await expect(page.getByRole("status")).toContainText("Milestone saved.");
    const renamed = active.getByRole("listitem").filter({ hasText: "Launch night" });
    await expect(renamed).toBeVisible();

    await renamed.getByRole("link", { name: "Delete Launch night" }).click();
    dialog = page.getByRole("dialog", { name: "Delete Milestone" });
    await expect(dialog.getByText("Are you sure you want to delete this milestone?")).toBeVisible();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(renamed).toBeVisible();
    await renamed.getByRole("link", { name: "Delete Launch night" }).click();
    await page.getByRole("dialog", { name: "Delete Milestone" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status")).toContainText("Milestone deleted.");
    await expect(page.getByText("Launch night")).toHaveCount(0);
  });
});
