import { type Kysely, sql } from "kysely";

/**
 * The development identity provider's records (app/models/dev-idp-store.server.ts): its sign-in
 * interactions, sessions, codes, grants and tokens. oidc-provider kept them in the memory of one
 * process, so behind a load balancer a sign-in begun on one instance and continued on another
 * found nothing ("interaction session not found"). One row per model and id, the payload as JSON,
 * with the keys the provider looks records up by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`
      create table dev_idp_records (
        model text not null,
        id text not null,
        payload jsonb not null,
        grant_id text,
        user_code text,
        uid text,
        expires_at timestamptz,
        consumed_at timestamptz,
        primary key (model, id)
      )
    `,
    sql`create index dev_idp_records_grant_idx on dev_idp_records (grant_id) where grant_id is not null`,
    sql`create index dev_idp_records_user_code_idx on dev_idp_records (model, user_code) where user_code is not null`,
    sql`create index dev_idp_records_uid_idx on dev_idp_records (model, uid) where uid is not null`,
    sql`create index dev_idp_records_expiry_idx on dev_idp_records (expires_at)`,
  ];
  for (const statement of statements) await statement.execute(db);
}
