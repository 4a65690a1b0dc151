import pg from "pg";
import { signIn } from "./auth";
import { postgresFaultSpec } from "./faults";
import { expect, test } from "./fixtures";

/**
 * Notices that are never lost: the server's listening connection is ended by PostgreSQL
 * (pg_terminate_backend), and later PostgreSQL restarts; writes made while the server was not
 * listening (sent with no notice at all, straight into the database) still show on a visitor's
 * kept page and in a signed-in person's live bell, without a reload of the bell's page.
 */
const spec = postgresFaultSpec(36, 180_000);

/** Runs `statements` on the cluster in one transaction, after ending the server's listener. */
async function writeWhileNotListening(url: string, write: (client: pg.Client) => Promise<void>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin");
    await client.query("select pg_terminate_backend(pid, 5000) from pg_stat_activity where query ilike 'listen%'");
    await write(client);
    await client.query("commit");
  } finally {
    await client.end();
  }
}

test("writes made while the server was not listening reach kept pages and the live bell", async ({ browser }) => {
  const { cluster, server } = await spec.start();
  const db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  const { rows } = await db.query<{ project_id: string; user_id: string; email: string }>(`
    select m.project_id, m.user_id, u.email from project_members m
    join users u on u.id = m.user_id join projects p on p.id = m.project_id
    where m.is_admin and p.status = 'InProgress' order by p.name limit 1`);
  await db.end();
  const admin = rows[0]!;
  const projectPage = `${server.baseURL}/project/${admin.project_id}`;
  const visitorPage = async () => {
    const response = await fetch(projectPage);
    return { cache: response.headers.get("X-Cache"), html: await response.text() };
  };
  await visitorPage();
  expect((await visitorPage()).cache, "the visitor's page is kept").toBe("HIT");

  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await signIn(page, admin.email);
  const bell = page.locator("summary[aria-label^='Notifications']");
  await expect(bell).toBeVisible();
  const panelShows = async (title: string) => {
    if (!(await page.locator("details[open] summary[aria-label^='Notifications']").count())) await bell.click();
    return page.getByText(title).first();
  };

  for (const [round, restart] of [
    ["after its connection was ended", false],
    ["after PostgreSQL restarted", true],
  ] as const) {
    if (restart) {
      await cluster.stop();
      await cluster.start();
    }
    const description = `Rewritten ${round}.`;
    const title = `Written ${round}`;
    await writeWhileNotListening(cluster.url, async (client) => {
      await client.query("update projects set description = $1 where id = $2", [description, admin.project_id]);
      await client.query(
        `insert into notifications (user_id, event_name, title, message, reason, link, data)
         values ($1, 'taskCreated', $2, 'Sent with no notice.', 'a test', '/work', '{}')`,
        [admin.user_id, title],
      );
    });
    await expect.poll(async () => (await visitorPage()).html, { timeout: 20_000 }).toContain(description);
    await expect(await panelShows(title)).toBeVisible({ timeout: 20_000 });
  }
  await context.close();
  expect(server.process.exitCode, "the server kept running").toBeNull();
});
