import type { DB } from "#db/connection";

/**
 * The `github_etags` table as a client's conditional requests use it. Outside a batch each GET
 * reads its URL's row and writes the new one, a statement each. A sync opens a batch: it reads
 * the rows of the URLs it is about to ask for in one statement, keeps the new ETags in memory
 * and writes them in one statement at the end, so its requests do not wait on the database in turn.
 */
export interface StoredEtag {
  etag: string;
  link: string | null;
  body: unknown;
}

/** Rows in one upsert: a batch of 100 review answers stays one statement of modest size. */
const WRITE_CHUNK = 100;

export class EtagStore {
  /** URLs read ahead (null: no row), valid while a batch is open. */
  private known = new Map<string, StoredEtag | null>();
  private pending = new Map<string, StoredEtag & { url: string }>();
  private batches = 0;

  constructor(private readonly db: DB) {}

  async read(url: string): Promise<StoredEtag | null> {
    if (this.known.has(url)) return this.known.get(url) ?? null;
    const row = await this.db
      .selectFrom("github_etags")
      .select(["etag", "link", "body"])
      .where("url", "=", url)
      .executeTakeFirst();
    return row ?? null;
  }

  async write(url: string, row: StoredEtag): Promise<void> {
    if (this.batches > 0) {
      this.known.set(url, row);
      this.pending.set(url, { url, ...row });
      return;
    }
    await this.upsert([{ url, ...row }]);
  }

  /** Opens a batch (batches nest): until its `end`, writes wait in memory. */
  begin(): void {
    this.batches += 1;
  }

  /** Reads the rows of `urls` in one statement, for the reads of the open batch. */
  async readAhead(urls: string[]): Promise<void> {
    const wanted = [...new Set(urls)].filter((url) => !this.known.has(url));
    if (this.batches === 0 || wanted.length === 0) return;
    const rows = await this.db
      .selectFrom("github_etags")
      .select(["url", "etag", "link", "body"])
      .where("url", "in", wanted)
      .execute();
    for (const url of wanted) if (!this.known.has(url)) this.known.set(url, null);
    for (const { url, ...row } of rows) if (!this.pending.has(url)) this.known.set(url, row);
  }

  /** Closes a batch; the last one open writes what the batches learnt, also after a failure. */
  async end(): Promise<void> {
    this.batches -= 1;
    if (this.batches > 0) return;
    const rows = [...this.pending.values()];
    this.pending.clear();
    this.known.clear();
    for (let index = 0; index < rows.length; index += WRITE_CHUNK) {
      await this.upsert(rows.slice(index, index + WRITE_CHUNK));
    }
  }

  private async upsert(rows: (StoredEtag & { url: string })[]): Promise<void> {
    await this.db
      .insertInto("github_etags")
      .values(rows.map((row) => ({ ...row, body: JSON.stringify(row.body) })))
      .onConflict((conflict) =>
        conflict.column("url").doUpdateSet((eb) => ({
          etag: eb.ref("excluded.etag"),
          link: eb.ref("excluded.link"),
          body: eb.ref("excluded.body"),
          fetched_at: new Date(),
        })),
      )
      .execute();
  }
}
