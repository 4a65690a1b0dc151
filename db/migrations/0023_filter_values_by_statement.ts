import { type Kysely, sql } from "kysely";

/**
 * The filter lists' counts (0015) kept by statement-level triggers instead of row-level ones: a
 * statement that inserts 1,000 projects updates each technology and language it names once, not
 * once a project. Row by row, an import of 100,000 projects in one transaction left 1,804 pages
 * of dead row versions behind its 43 rows (the embedded database has no autovacuum, and a plain
 * vacuum cannot give back pages a live row still sits in), and every search scans the table for
 * technology names: 8 ms a search at 100,000 projects, against 0.5 ms compact.
 *
 * The table is counted afresh here, into new storage (truncate), so a database that grew row by
 * row starts compact.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`drop trigger projects_filter_values on projects`,
    sql`drop trigger projects_filter_values_update on projects`,
    sql`drop function projects_filter_values()`,
    sql`drop function project_filter_values_count(text, text[], integer)`,
    // Each project counts once for each value it names (a value listed twice counts once).
    sql`
      create function project_filter_values_query(source text) returns text language sql immutable as $$
        select format(
          'select distinct p.id, ''technology'' as kind, v as value from %1$I p, unnest(p.technologies) v
           union
           select distinct p.id, ''language'', v from %1$I p, unnest(p.programming_languages) v', source)
      $$
    `,
    // Inserted rows add, deleted ones take away, an update does both (a value it kept nets zero).
    // New values are inserted at zero first, then every changed count updated, so a count never
    // goes below zero on the way.
    sql`
      create function projects_filter_values() returns trigger language plpgsql as $$
      declare changes text;
      begin
        -- Statement-level triggers with transition tables take no column list: an update that
        -- changes no project's skills (status, open positions) stops here. Nested, since only an
        -- update has both tables, and a condition naming them is planned only when it runs.
        if tg_op = 'UPDATE' then
          if not exists (
            select 1 from old_projects o join new_projects n using (id)
            where (o.technologies, o.programming_languages) is distinct from (n.technologies, n.programming_languages)
          ) then
            return null;
          end if;
        end if;
        changes := format(
          'select kind, value, sum(delta)::int as delta from (%s) d group by kind, value having sum(delta) <> 0',
          array_to_string(array(
            select format('select kind, value, %s as delta from (%s) s',
              case source when 'new_projects' then 1 else -1 end, project_filter_values_query(source))
            from unnest(case tg_op when 'INSERT' then array['new_projects'] when 'DELETE' then array['old_projects']
              else array['new_projects', 'old_projects'] end) as source
          ), ' union all '));
        execute format(
          'insert into project_filter_values (kind, value, project_count)
           select kind, value, 0 from (%s) c where delta > 0 on conflict (kind, value) do nothing', changes);
        execute format(
          'update project_filter_values f set project_count = greatest(f.project_count + c.delta, 0)
           from (%s) c where f.kind = c.kind and f.value = c.value', changes);
        return null;
      end
      $$
    `,
    sql`
      create trigger projects_filter_values_insert after insert on projects
        referencing new table as new_projects
        for each statement execute function projects_filter_values()
    `,
    sql`
      create trigger projects_filter_values_update after update on projects
        referencing new table as new_projects old table as old_projects
        for each statement execute function projects_filter_values()
    `,
    sql`
      create trigger projects_filter_values_delete after delete on projects
        referencing old table as old_projects
        for each statement execute function projects_filter_values()
    `,
    sql`truncate project_filter_values`,
    sql`
      do $$
      begin
        execute format(
          'insert into project_filter_values (kind, value, project_count)
           select kind, value, count(*) from (%s) d group by kind, value', project_filter_values_query('projects'));
      end
      $$
    `,
  ];
  for (const statement of statements) await statement.execute(db);
}
