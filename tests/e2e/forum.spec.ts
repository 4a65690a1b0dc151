import type { Page } from "@playwright/test";
import { signUpAsGainer } from "./auth";
import { expect as baseExpect, test } from "./fixtures";
import { apiPost, joinProject, startOwnProject } from "./work";

// The machine these run on is shared and slow: give each expectation room.
const expect = baseExpect.configure({ timeout: 20_000 });

const MARKUP = `<b>bold?</b> <img src="x" onerror="document.title='hacked'"><script>document.title='hacked'</script>`;

function forumTab(projectId: string) {
  return `/work/projects/${projectId}?tab=forum`;
}

function postCard(page: Page, text: string) {
  return page.getByRole("article").filter({ hasText: text });
}

test.describe("the project forum", () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ allowedConsoleErrors: [/40[0134]/] });

  test("members post, reply, like, edit and delete; markup shows as text and runs nothing", async ({
    page,
    javaScriptEnabled,
  }) => {
    await signUpAsGainer(page, "Fiona Forum");
    const { projectId } = await startOwnProject(page);
    // The notification target lands on the Forum tab.
    await page.goto(`/projects/${projectId}/forum`);
    await expect(page).toHaveURL(new RegExp(`/work/projects/${projectId}\\?tab=forum$`));
    const tabs = page.getByRole("navigation", { name: "Project sections" });
    await expect(tabs.getByRole("link", { name: "Forum" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByText("No posts yet")).toBeVisible();
    const role = (await page.getByText(/^You: /).textContent())!.replace(/^You: /, "").replace(/ · admin$/, "");
    await expect(page.getByText(`posting as ${role}`)).toBeVisible();

    // Whitespace only is refused with a message and nothing is saved.
    const composer = page.getByLabel("New post");
    await composer.fill("   \n  ");
    await page.getByRole("button", { name: "Post", exact: true }).click();
    await expect(page.getByText("Please write something before posting.")).toBeVisible();
    await expect(page.getByText("No posts yet")).toBeVisible();

    // A post with markup, a line break and a link.
    await page.getByLabel("New post").fill(`Kick-off ${MARKUP}\nSecond line https://example.org/docs.`);
    if (javaScriptEnabled) await page.getByLabel("New post").press("Control+Enter");
    else await page.getByRole("button", { name: "Post", exact: true }).click();
    const post = postCard(page, "Kick-off");
    await expect(post).toContainText(MARKUP);
    if (javaScriptEnabled) await expect(page.getByLabel("New post")).toHaveValue("");
    await expect(post.locator("b, img, script")).toHaveCount(0);
    await expect(page).not.toHaveTitle("hacked");
    const text = post.locator("p.whitespace-pre-wrap").first();
    expect(await text.textContent()).toContain("\nSecond line");
    const link = post.getByRole("link", { name: "https://example.org/docs" });
    await expect(link).toHaveAttribute("rel", "nofollow noopener");
    await expect(post).toContainText("Fiona Forum");
    await expect(post).toContainText(role);
    await expect(post.getByText("Just now")).toBeVisible();

    // Like, optimistic with JavaScript; a plain form without.
    await post.getByRole("button", { name: "Like (0)" }).click();
    await expect(post.getByRole("button", { name: "Like (1)" })).toHaveAttribute("aria-pressed", "true");

    // A reply, with markup too; as for a post, Enter is a new line and Ctrl/Cmd+Enter sends.
    await post.getByText("Write a reply").click();
    const replyBox = post.getByLabel("Reply to Fiona Forum");
    await replyBox.fill("   ");
    await post.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByText("Please write something before replying.")).toBeVisible();
    if (javaScriptEnabled) {
      await post.getByLabel("Reply to Fiona Forum").fill("");
      await post.getByLabel("Reply to Fiona Forum").pressSequentially("Thanks <i>all</i>");
      await expect(post.getByText("Ctrl+Enter (⌘+Enter on a Mac) sends.")).toBeVisible();
      await post.getByLabel("Reply to Fiona Forum").press("Enter");
      await post.getByLabel("Reply to Fiona Forum").pressSequentially("line two");
      await post.getByLabel("Reply to Fiona Forum").press("Control+Enter");
    } else {
      await post.getByLabel("Reply to Fiona Forum").fill("Thanks <i>all</i>\nline two");
      await post.getByRole("button", { name: "Send reply" }).click();
    }
    const reply = post.getByRole("listitem").filter({ hasText: "Thanks <i>all</i>" });
    await expect(reply).toBeVisible();
    expect(await reply.locator("p.whitespace-pre-wrap").textContent()).toBe("Thanks <i>all</i>\nline two");
    await expect(reply.locator("i")).toHaveCount(0);
    await expect(post.getByRole("link", { name: "1 reply" })).toBeVisible();
    await reply.getByRole("button", { name: "Like (0)" }).click();
    await expect(reply.getByRole("button", { name: "Like (1)" })).toHaveAttribute("aria-pressed", "true");
    // And unlike again.
    await reply.getByRole("button", { name: "Like (1)" }).click();
    await expect(reply.getByRole("button", { name: "Like (0)" })).toHaveAttribute("aria-pressed", "false");

    // Edit your own post.
    await post.getByRole("link", { name: "Edit post" }).click();
    await page.getByRole("textbox", { name: "Edit your post" }).fill("Kick-off, edited");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Post saved." })).toBeVisible();
    await expect(postCard(page, "Kick-off, edited")).toContainText("(edited)");

    // Delete your own reply: it asks first.
    if (javaScriptEnabled) page.once("dialog", (dialog) => dialog.accept());
    await postCard(page, "Kick-off, edited").getByRole("link", { name: "Delete reply" }).click();
    if (!javaScriptEnabled) {
      const confirm = page.getByRole("dialog", { name: "Delete reply" });
      await expect(confirm).toContainText("Are you sure you want to delete this reply?");
      await confirm.getByRole("button", { name: "Delete" }).click();
    }
    await expect(page.getByRole("status").filter({ hasText: "Reply deleted." })).toBeVisible();
    await expect(page.getByText("Thanks <i>all</i>")).toHaveCount(0);
    await expect(postCard(page, "Kick-off, edited").getByRole("link", { name: "0 replies" })).toBeVisible();
  });

  test("search over content and author, sorts and pages of 10 or 20", async ({ page, browser }) => {
    await signUpAsGainer(page, "Sara Sorter");
    const { projectId } = await startOwnProject(page);
    const other = await (await browser.newContext()).newPage();
    await signUpAsGainer(other, "Marco Member");
    await joinProject(page, other, projectId);

    const posts: { postId: string }[] = [];
    for (let index = 1; index <= 11; index++) {
      posts.push(await apiPost(page, "/api/forum/posts", { projectId, content: `Update number ${index}` }));
    }
    await apiPost(other, "/api/forum/posts", { projectId, content: "Question about the zebra stripes" });
    // Post 3 gets two likes, post 5 two replies.
    await apiPost(page, `/api/forum/posts/${posts[2]!.postId}/like`, {});
    await apiPost(other, `/api/forum/posts/${posts[2]!.postId}/like`, {});
    await apiPost(other, "/api/forum/replies", { postId: posts[4]!.postId, content: "First answer" });
    await apiPost(page, "/api/forum/replies", { postId: posts[4]!.postId, content: "Second answer" });
    await other.context().close();

    await page.goto(forumTab(projectId));
    const list = page.getByRole("list", { name: "Posts" });
    const cards = list.getByRole("article");
    await expect(cards).toHaveCount(10);
    // Newest first: Marco's question, then updates 11, 10, …
    await expect(cards.first()).toContainText("Question about the zebra stripes");
    await expect(cards.first()).toContainText("Marco Member");
    await expect(cards.nth(1)).toContainText("Update number 11");
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await page.getByRole("link", { name: "Next →" }).click();
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await expect(cards).toHaveCount(2);
    await expect(cards.last()).toContainText("Update number 1");

    await page.getByRole("link", { name: "20 per page" }).click();
    await expect(cards).toHaveCount(12);
    await expect(page.getByText(/Page \d of \d/)).toHaveCount(0);

    await page.getByRole("navigation", { name: "Sort posts" }).getByRole("link", { name: "Top" }).click();
    await expect(page).toHaveURL(/sort=top/);
    await expect(cards.first()).toContainText("Update number 3");
    await expect(cards.first().getByRole("button", { name: "Like (2)" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("navigation", { name: "Sort posts" }).getByRole("link", { name: "Most replies" }).click();
    await expect(cards.first()).toContainText("Update number 5");
    await expect(cards.first().getByRole("link", { name: "2 replies" })).toBeVisible();
    await expect(cards.first()).toContainText("First answer");

    // Search over content (words as prefixes) and over the author's name.
    await page.getByLabel("Search posts").fill("zebr");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("1 post matches “zebr”.")).toBeVisible();
    await expect(cards).toHaveCount(1);
    await page.getByLabel("Search posts").fill("Marco");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("1 post matches “Marco”.")).toBeVisible();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("zebra");
    await page.getByLabel("Search posts").fill("nothing-like-this");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No posts match your search.")).toBeVisible();
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(cards).toHaveCount(12);
  });

  test("a post's own address: copy link, its page, 404 and 400, and the admin removes any post", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    await signUpAsGainer(page, "Lena Linker");
    const { projectId } = await startOwnProject(page);
    const other = await (await browser.newContext()).newPage();
    await signUpAsGainer(other, "Pablo Poster");
    await joinProject(page, other, projectId);
    const post = (await apiPost(other, "/api/forum/posts", { projectId, content: "Pablo's plan" })) as {
      postId: string;
    };
    await other.context().close();
    const address = `/work/projects/${projectId}/forum/${post.postId}`;

    await page.goto(forumTab(projectId));
    const card = postCard(page, "Pablo's plan");
    await expect(card.getByRole("link", { name: "Edit post" })).toHaveCount(0);
    if (javaScriptEnabled) {
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await card.getByRole("button", { name: "Copy link" }).click();
      await expect(card.getByText("Link copied")).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(address, page.url()).href);
      await card.getByRole("link", { name: "0 replies" }).click();
    } else {
      await card.getByRole("link", { name: "Copy link" }).click();
    }
    await expect(page).toHaveURL(new RegExp(`${address}$`));
    await expect(page.getByRole("textbox", { name: "Link to this post" })).toHaveValue(new RegExp(`${address}$`));
    await expect(page.getByRole("article")).toContainText("Pablo's plan");
    await page.getByLabel("Reply to Pablo Poster").fill("Looks good to me");
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByRole("article").getByRole("listitem")).toContainText("Looks good to me");
    await expect(page).toHaveURL(new RegExp(`${address}(#.*)?$`));

    // The project's admin may remove a member's post.
    if (javaScriptEnabled) page.once("dialog", (dialog) => dialog.accept());
    await page.getByRole("link", { name: "Delete post" }).click();
    if (!javaScriptEnabled)
      await page.getByRole("dialog", { name: "Delete post" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Post deleted." })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/work/projects/${projectId}\\?tab=forum`));
    await expect(page.getByText("No posts yet")).toBeVisible();

    // The deleted post, an unknown post, a malformed one.
    const gone = await page.goto(address);
    expect(gone?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Post not found" })).toBeVisible();
    const unknown = await page.goto(`/work/projects/${projectId}/forum/00000000-0000-4000-8000-000000000000`);
    expect(unknown?.status()).toBe(404);
    const malformed = await page.goto(`/work/projects/${projectId}/forum/not-an-id`);
    expect(malformed?.status()).toBe(400);
  });

  test("non-members neither read nor write a project's forum", async ({ page, browser }) => {
    await signUpAsGainer(page, "Nora Owner");
    const { projectId } = await startOwnProject(page);
    const post = (await apiPost(page, "/api/forum/posts", { projectId, content: "Members only" })) as {
      postId: string;
    };

    const outsider = await (await browser.newContext()).newPage();
    await signUpAsGainer(outsider, "Olaf Outsider");
    for (const url of [forumTab(projectId), `/work/projects/${projectId}/forum/${post.postId}`]) {
      const response = await outsider.goto(url);
      expect(response?.status()).toBe(403);
      await expect(outsider.getByRole("heading", { name: "Access Denied" })).toBeVisible();
      await expect(outsider.getByText("Members only")).toHaveCount(0);
    }
    // A replayed form and API calls are refused and write nothing.
    const origin = { Origin: new URL(outsider.url()).origin };
    const replayed = await outsider.request.post(`/work/projects/${projectId}?index&tab=forum`, {
      form: { intent: "create-post", projectId, content: "Sneaky" },
      headers: origin,
      maxRedirects: 0,
    });
    expect(replayed.status()).toBe(403);
    const replayedLike = await outsider.request.post(`/work/projects/${projectId}/forum/${post.postId}`, {
      form: { intent: "like-post", postId: post.postId, liked: "true" },
      headers: origin,
      maxRedirects: 0,
    });
    expect(replayedLike.status()).toBe(403);
    const api = await outsider.request.post("/api/forum/posts", {
      data: { projectId, content: "Sneaky" },
      headers: origin,
    });
    expect(api.status()).toBe(403);
    const apiReply = await outsider.request.post("/api/forum/replies", {
      data: { postId: post.postId, content: "Sneaky" },
      headers: origin,
    });
    expect(apiReply.status()).toBe(403);
    await outsider.context().close();

    const list = (await (await page.request.get(`/api/forum/projects/${projectId}/posts`)).json()) as {
      content: string;
      likeCount: number;
      replyCount: number;
    }[];
    expect(list).toEqual([expect.objectContaining({ content: "Members only", likeCount: 0, replyCount: 0 })]);
  });

  test("a like the server refuses says why, even when its post is gone (JavaScript)", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "the fetcher path; without JavaScript the form's redirect carries the toast");
    await signUpAsGainer(page, "Rolf Rollback");
    const { projectId } = await startOwnProject(page);
    const post = (await apiPost(page, "/api/forum/posts", { projectId, content: "Soon gone" })) as { postId: string };
    await apiPost(page, "/api/forum/posts", { projectId, content: "Still here" });
    await page.goto(forumTab(projectId));
    const card = postCard(page, "Soon gone");
    await expect(card.getByRole("button", { name: "Like (0)" })).toBeVisible();
    // Removed behind the page's back: the like is refused (404), the toast says so, and the page
    // shows what is really there, without reloading.
    const removed = await page.request.delete(`/api/forum/posts/${post.postId}`, {
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(removed.status()).toBe(204);
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await card.getByRole("button", { name: "Like (0)" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Post not found." })).toBeVisible();
    await expect(postCard(page, "Soon gone")).toHaveCount(0);
    await expect(postCard(page, "Still here").getByRole("button", { name: "Like (0)" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  });
});
