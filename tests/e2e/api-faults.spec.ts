import { withTestDatabase } from "./database";
import { expectNoSecretsInLogs, embeddedFaultSpec, signedInApi, templateStart, writeUntilKilled } from "./faults";
import { expect, test } from "./fixtures";

/**
 * Faults, on a server of this file's own (the shared test server must not die): `kill -9` while
 * template starts are in flight loses no acknowledged start and leaves none half-done, the
 * embedded database opens again after the unclean stop, and nothing secret reaches the logs.
 * The other multi-row writes meet the same kill in api-faults-writes.spec.ts.
 */

const spec = embeddedFaultSpec(30, 240_000);

test("kill -9 during template starts loses no acknowledged start and leaves none half-done", async ({ browser }) => {
  let server = await spec.start();
  const { api, sessionCookie, close } = await signedInApi(browser, server.baseURL, "grace.mensah@example.org");

  const start = await templateStart(api);

  // Starts in flight, four at a time, until the server is killed in the middle of them.
  const acknowledged: string[] = [];
  const startOne = async () => {
    const response = await api.post(start.url, { data: start.data });
    expect(response.status(), await response.text()).toBe(201);
    acknowledged.push(((await response.json()) as { newProjectId: string }).newProjectId);
  };
  await writeUntilKilled(server, Array(4).fill(startOne), () => acknowledged.length >= 12);
  await close();
  const firstLog = server.log.join("");

  // The embedded database opens again after the unclean stop, with every acknowledged start whole.
  server = await spec.start();
  await withTestDatabase(async (client) => {
    const { rows: found } = await client.query<{ id: string }>("select id from projects where id = any($1::uuid[])", [
      acknowledged,
    ]);
    expect(found.length, "acknowledged starts that were lost").toBe(acknowledged.length);
    // Every project started from a template has all of its parts, or does not exist at all.
    const { rows: partial } = await client.query<{ id: string }>(
      `select p.id from projects p
        where p.template_id is not null
          and ((select count(*) from project_members m where m.project_id = p.id) = 0
            or (select count(*) from tasks t where t.project_id = p.id)
               <> (select count(*) from template_tasks tt where tt.template_id = p.template_id)
            or (select count(*) from project_roles r where r.project_id = p.id)
               <> (select count(*) from project_roles r where r.project_id = p.template_id))`,
    );
    expect(partial, "projects started only in part").toEqual([]);
  }, spec.dataDir);

  // Nothing secret in the logs of either run.
  expectNoSecretsInLogs(firstLog + server.log.join(""), sessionCookie, spec.dataDir);
});
