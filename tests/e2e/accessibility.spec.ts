import type { APIRequestContext, Page } from "@playwright/test";
import { signIn, signUpAsGainer, uniqueEmail } from "./auth";
import { expect, test } from "./axe";
import { firstCardWorkPage } from "./work";

// Issue 17: axe finds no serious or critical violation on any screen of app/routes.ts, nor with a
// dialog, a menu or a form's errors showing, with JavaScript on and off. One test per group of
// screens, each reusing one page, keeps the whole audit to about a minute per project.
// Roomy: axe takes seconds per screen on a small shared machine.
test.describe.configure({ timeout: 240_000 });
test.use({ allowedConsoleErrors: [/40[034]/] });

const firstOf = async (request: APIRequestContext, list: string) =>
  ((await (await request.get(`/api/projects/${list}?pageSize=1`)).json()) as { projectId: string }[])[0]!.projectId;

/** The address of the first link on the page whose address starts with `prefix`. */
const firstLink = async (page: Page, prefix: string) =>
  (await page.locator(`main a[href^="${prefix}"]`).first().getAttribute("href"))!;

test("public screens, for visitors", async ({ page, request, audit }) => {
  const running = `/project/${await firstOf(request, "active")}`;
  const template = `/project/${await firstOf(request, "templates")}`;
  const screens = {
    home: "/",
    about: "/about",
    learn: "/Learn",
    contact: "/contact",
    terms: "/terms",
    "declared home page": "/home-page",
    catalogue: "/search-projects",
    "catalogue, open for joining, filters open": "/search-projects?tab=open&filters=1",
    "search results": "/search-result?q=garden",
    "search results, nothing found": "/search-result?q=zzqqxxnothing",
    "a running project": running,
    "a template": template,
    "not found": "/no-such-page",
  };
  for (const [screen, address] of Object.entries(screens)) {
    await page.goto(address);
    await audit(screen);
  }
  await page.goto("/login");
  await expect(page.getByLabel("Email")).toBeVisible();
  await audit("the development identity provider's sign-in page");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await audit("the sign-in page with its error");
});

test("sign-up and onboarding, for a new person", async ({ page, audit, javaScriptEnabled }) => {
  await signIn(page, uniqueEmail("axe"));
  await page.goto("/choose-role");
  await audit("choose role");
  await page.getByRole("button", { name: "Continue to Profile Setup" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await audit("choose role with its error");
  for (const role of ["mentor", "nonprofit", "gainer"]) {
    await page.goto(`/onboarding/${role}-profile`);
    await audit(`${role} profile form`);
  }
  if (javaScriptEnabled) {
    // With JavaScript a field says what is wrong as soon as it is left.
    await page.getByLabel("GitHub URL").fill("not a url");
    await page.getByLabel("GitHub URL").blur();
    await expect(page.getByText("Please enter a valid URL (starting with https://)")).toBeVisible();
  } else {
    // Spaces pass the browser's own checks; the server answers with its messages per field.
    await page.getByLabel("Full name").fill("   ");
    await page.getByLabel("Biography").fill("About me");
    await page.getByLabel("Current role").fill("Student");
    await page.getByLabel("Years of experience").fill("0");
    await page.getByLabel("Education").selectOption("Bootcamp");
    await page.getByRole("button", { name: "Create Profile" }).click();
    await expect(page.locator("#gainer-profile-fullName-error")).toHaveText("Full name is required");
  }
  await audit("gainer profile form with its errors");
});

test("my projects, notifications, insights and a profile, for a project admin", async ({ page, audit }) => {
  await signIn(page, "grace.mensah@example.org");
  const me = (await (await page.request.get("/api/users/me")).json()) as { userId: string };
  const screens: [string, string][] = [
    ["my projects", "/work"],
    ["notifications", "/notifications"],
    ["smart summary", "/ai-insight"],
    ["own profile", `/profile/${me.userId}`],
  ];
  for (const [screen, address] of screens) {
    await page.goto(address);
    await audit(screen);
  }
  await page.goto("/work");
  await page
    .getByRole("link", { name: /View Requests/ })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: "Join Requests" })).toBeVisible();
  await audit("my projects with the join requests panel");
  await page.goto(`/ai-insight/${(await firstCardWorkPage(page)).split("/")[3]}`);
  await audit("smart summary of a project");
});

test("a project's work page, its tabs, dialogs, a task and a post, for a project admin", async ({ page, audit }) => {
  await signIn(page, "grace.mensah@example.org", "/work");
  const work = await firstCardWorkPage(page);
  const tabs: [string, string][] = [
    ["tasks", "?tab=tasks&scope=all"],
    ["forum", "?tab=forum"],
    ["code", "?tab=code"],
    ["milestones", "?tab=milestones"],
    ["new milestone dialog", "?tab=milestones&dialog=new-milestone"],
  ];
  for (const [screen, search] of tabs) {
    await page.goto(`${work}${search}`);
    await audit(`work page, ${screen}`);
  }
  await page.goto(`${work}?tab=tasks&dialog=add-task`);
  const addTask = page.getByRole("dialog", { name: "Add Task" });
  await addTask.getByLabel("Title").fill("   ");
  await addTask.getByRole("button", { name: "Add Task" }).click();
  await expect(page.getByText("Title is required")).toBeVisible();
  await audit("add task dialog with its errors");

  await page.goto(`${work}?tab=tasks&scope=all`);
  await page.goto(await firstLink(page, `${work}/tasks/`));
  await audit("task details");
  await page.goto(`${work}?tab=forum`);
  await page.goto(await firstLink(page, `${work}/forum/`));
  await audit("forum post");
  await page.goto(work.replace("/work/projects/", "/work/tmp/"));
  await audit("task dashboard");
});

test("joining and starting projects, and the header's menus", async ({ page, request, audit }) => {
  await signUpAsGainer(page, "Axel Joiner");
  await page.goto(`/project/${await firstOf(request, "active")}?join=1`);
  await expect(page.getByRole("dialog")).toBeVisible();
  await audit("request to join dialog");
  await page.goto(`/project/${await firstOf(request, "templates")}?create=1`);
  await expect(page.getByRole("dialog")).toBeVisible();
  await audit("create from template dialog");

  await page.goto("/about");
  await page.locator("summary[aria-label^='Account menu']").click();
  await expect(page.getByRole("button", { name: "Log Out" })).toBeVisible();
  await audit("account menu open");
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/about");
  await page.getByText("Menu", { exact: true }).click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  await audit("mobile menu open");
});
