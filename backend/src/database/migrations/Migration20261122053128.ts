import { Migration } from '@mikro-orm/migrations';

export class Migration20261122053128 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "positions_company_id_level_index" on "positions" ("company_id", "level");`);

    this.addSql(`create index "employees_company_id_lower_name_index" on "employees" ("company_id", lower("last_name"), lower("first_name"));`);
    this.addSql(`create index "employees_company_id_lower_email_index" on "employees" ("company_id", lower("email"));`);
    this.addSql(`create index "employees_company_id_lower_employee_code_index" on "employees" ("company_id", lower("employee_code"));`);
    this.addSql(`create index "employees_company_id_created_at_index" on "employees" ("company_id", "created_at");`);

    this.addSql(`create index "departments_company_id_is_active_index" on "departments" ("company_id", "is_active");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "departments_company_id_is_active_index";`);

    this.addSql(`drop index "employees_company_id_lower_name_index";`);
    this.addSql(`drop index "employees_company_id_lower_email_index";`);
    this.addSql(`drop index "employees_company_id_lower_employee_code_index";`);
    this.addSql(`drop index "employees_company_id_created_at_index";`);

    this.addSql(`drop index "positions_company_id_level_index";`);
  }

}
