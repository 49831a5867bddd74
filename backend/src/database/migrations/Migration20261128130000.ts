import { Migration } from '@mikro-orm/migrations';

/**
 * Operational Monitoring and KPI & Bonus each get their own permission module (monitoring, kpi)
 * in place of the one `hr` module they shared: a package with only one of the two features now
 * grants only that module, so the console shows only its screen and the other's API refuses.
 * Nobody gains or loses access: every position's and department's `hr` entry becomes one entry on
 * each new module with the same flags (it granted both), and the package features already name
 * `monitoring` and `kpi`. Down merges them back (the union of the two entries' flags).
 */
export class Migration20261128130000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`insert into "modules" ("module_key", "module_name", "description", "sort_order") values
      ('monitoring', 'Operational Monitoring', 'Operational tasks and their progress', 9),
      ('kpi', 'KPI & Bonus', 'KPI targets, results and bonuses', 10)
      on conflict ("module_key") do nothing;`);
    this.addSql(`insert into "permission_entries" ("company_id", "module_id", "position_id", "department_id", "can_view", "can_create", "can_edit", "can_delete")
      select pe.company_id, n.id, pe.position_id, pe.department_id, pe.can_view, pe.can_create, pe.can_edit, pe.can_delete
        from "permission_entries" pe
        join "modules" h on h.id = pe.module_id and h.module_key = 'hr'
        cross join "modules" n
       where n.module_key in ('monitoring', 'kpi')
      on conflict do nothing;`);
    // the entries on hr go with it (on delete cascade)
    this.addSql(`delete from "modules" where "module_key" = 'hr';`);
  }

  override async down(): Promise<void> {
    this.addSql(`insert into "modules" ("module_key", "module_name", "description", "sort_order") values
      ('hr', 'HR Operations', 'Operational monitoring and KPI & bonus', 9) on conflict ("module_key") do nothing;`);
    this.addSql(`insert into "permission_entries" ("company_id", "module_id", "position_id", "department_id", "can_view", "can_create", "can_edit", "can_delete")
      select pe.company_id, h.id, pe.position_id, pe.department_id, bool_or(pe.can_view), bool_or(pe.can_create), bool_or(pe.can_edit), bool_or(pe.can_delete)
        from "permission_entries" pe
        join "modules" n on n.id = pe.module_id and n.module_key in ('monitoring', 'kpi')
        cross join "modules" h
       where h.module_key = 'hr'
       group by pe.company_id, h.id, pe.position_id, pe.department_id
      on conflict do nothing;`);
    this.addSql(`delete from "modules" where "module_key" in ('monitoring', 'kpi');`);
  }
}
