/** pg-boss's own tables: in schema `pgboss`, or beside a non-default app schema (tests, side-by-side). */
export function jobSchemaFor(appSchema: string | undefined): string {
  return appSchema ? `${appSchema}_pgboss` : "pgboss";
}
