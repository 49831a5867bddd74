import { Migration } from '@mikro-orm/migrations';

/**
 * A KPI target and its value are matched by subject (see VALUE_OF_TARGET in kpi/achievement.ts):
 * these indexes are on that expression, so the bonus calculation finds each of 10,000 targets'
 * value by one index lookup instead of scanning every value of the KPI and period, and the lists
 * and the dashboard join the other way just as fast.
 */
export class Migration20261124161200 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "kpi_values_subject_lookup_index" on "kpi_values" ("company_id", "kpi_id", "entity_type", (case when "employee_id" is not null then "employee_id" when "department_id" is not null then "department_id" else "position_id" end), "period_start_date", "period_end_date");`,
    );
    this.addSql(
      `create index "kpi_targets_subject_lookup_index" on "kpi_targets" ("company_id", "kpi_id", "target_type", (case when "employee_id" is not null then "employee_id" when "department_id" is not null then "department_id" else "position_id" end), "period_start_date", "period_end_date");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "kpi_targets_subject_lookup_index";`);
    this.addSql(`drop index "kpi_values_subject_lookup_index";`);
  }
}
