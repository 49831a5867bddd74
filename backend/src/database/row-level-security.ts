import type { MikroORM } from '@mikro-orm/core';
import { TenantScopedEntity } from '../common/tenancy/base.entity';

/** The role tenant work runs as (per transaction, `SET LOCAL ROLE`): not the tables' owner, not a superuser. */
export const APP_ROLE = 'hr_app';
export const TENANT_POLICY = 'tenant_isolation';
const OWNER_POLICY = 'owner_all';

/** Company-scoped tables kept by the database itself, with no entity (see Migration20261124200000). */
export const INTERNAL_TENANT_TABLES = ['attendance_month_stats', 'employee_list_versions'];

/** Tables of the entities that extend TenantScopedEntity, and the internal company-scoped ones. */
export function tenantTables(orm: MikroORM): string[] {
  return Object.values(orm.getMetadata().getAll())
    .filter((meta) => !meta.abstract && meta.class && meta.class.prototype instanceof TenantScopedEntity)
    .map((meta) => meta.tableName)
    .concat(INTERNAL_TENANT_TABLES)
    .sort();
}

/**
 * Row-level security as the backstop behind the ORM's tenant filter: on every tenant table a
 * policy lets the application role see and write only the rows of `app.company_id`, which the
 * request's transaction sets. FORCE applies the policies to the owner too; the owner's own
 * policy keeps migrations, seeds, platform operations and scheduled jobs working. Idempotent:
 * applied after every migration run, so a new tenant table is covered without further work.
 */
export async function ensureRowLevelSecurity(orm: MikroORM): Promise<string[]> {
  const conn = orm.em.getConnection();
  const tables = tenantTables(orm);
  await conn.execute(`do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then
        create role ${APP_ROLE} nologin nosuperuser nobypassrls;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`);
  // grants are cheap and cover tables created by the migrations just applied
  const statements = [
    `grant ${APP_ROLE} to current_user`,
    `grant usage on schema public to ${APP_ROLE}`,
    `grant select, insert, update, delete on all tables in schema public to ${APP_ROLE}`,
    `grant usage, select on all sequences in schema public to ${APP_ROLE}`,
    // tables made later by this role (the attendance partitions of coming months) are granted as they are created
    `alter default privileges in schema public grant select, insert, update, delete on tables to ${APP_ROLE}`,
    `alter default privileges in schema public grant usage, select on sequences to ${APP_ROLE}`,
  ];
  // what is already in place, so a normal start alters no table (ALTER TABLE locks it exclusively)
  const state = await conn.execute<Array<{ table: string; rls: boolean; forced: boolean; policies: string[] | null }>>(
    `select c.relname as "table", c.relrowsecurity as rls, c.relforcerowsecurity as forced,
            (select array_agg(p.policyname::text) from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relname in (?)`,
    [tables],
  );
  const tenantOf = `nullif(current_setting('app.company_id', true), '')::int`;
  for (const { table, rls, forced, policies } of state) {
    if (!rls) statements.push(`alter table "${table}" enable row level security`);
    if (!forced) statements.push(`alter table "${table}" force row level security`);
    if (!policies?.includes(TENANT_POLICY)) {
      statements.push(
        `create policy ${TENANT_POLICY} on "${table}" to ${APP_ROLE} using (company_id = ${tenantOf}) with check (company_id = ${tenantOf})`,
      );
    }
    if (!policies?.includes(OWNER_POLICY)) {
      statements.push(`create policy ${OWNER_POLICY} on "${table}" to current_user using (true) with check (true)`);
    }
  }
  for (const sql of statements) await conn.execute(sql);
  return tables;
}
