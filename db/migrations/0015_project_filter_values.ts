import { type Kysely, sql } from "kysely";
import { addPageChangeTrigger } from "./0014_page_change_notices";

/**
 * The catalogue's filter lists (every technology and language some project uses), kept as a
 * summary with a count of projects per value by a trigger on projects, so reading them is a scan
 * of a few hundred rows whatever the number of projects, instead of unnesting every project.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`
      create table project_filter_values (
        kind text not null check (kind in ('technology', 'language')),
        value text not null,
        project_count integer not null check (project_count >= 0),
        primary key (kind, value)
      )
    `,
    sql`
      insert into project_filter_values (kind, value, project_count)
      select 'technology', value, count(*) from projects, unnest(technologies) as value group by value
      union all
      select 'language', value, count(*) from projects, unnest(programming_languages) as value group by value
    `,
    sql`
      create function project_filter_values_count(p_kind text, p_values text[], p_delta integer) returns void
      language plpgsql as $$
      begin
        if p_values is null or cardinality(p_values) = 0 then return; end if;
        insert into project_filter_values as f (kind, value, project_count)
          select p_kind, v, greatest(p_delta, 0) from (select distinct unnest(p_values) as v) d
        on conflict (kind, value) do update set project_count = greatest(f.project_count + p_delta, 0);
      end
      $$
    `,
    sql`
      create function projects_filter_values() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          perform project_filter_values_count('technology', old.technologies, -1);
          perform project_filter_values_count('language', old.programming_languages, -1);
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          perform project_filter_values_count('technology', new.technologies, 1);
          perform project_filter_values_count('language', new.programming_languages, 1);
        end if;
        return null;
      end
      $$
    `,
    sql`
      create trigger projects_filter_values after insert or delete on projects
        for each row execute function projects_filter_values()
    `,
    sql`
      create trigger projects_filter_values_update after update of technologies, programming_languages on projects
        for each row when (old.technologies is distinct from new.technologies
          or old.programming_languages is distinct from new.programming_languages)
        execute function projects_filter_values()
    `,
  ];
  for (const statement of statements) await statement.execute(db);
  await addPageChangeTrigger(db, "project_filter_values");
}
