import { Entity, Enum, Index, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { Department } from '../departments/department.entity';
import type { Position } from '../positions/position.entity';

export const GENDERS = ['male', 'female', 'other'] as const;
export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'intern'] as const;
export const EMPLOYMENT_STATUSES = ['active', 'on_leave', 'suspended', 'terminated'] as const;
export const PAYMENT_FREQUENCIES = ['monthly', 'semi_monthly', 'biweekly', 'weekly'] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];

@Entity({ tableName: 'employees' })
@Unique({ properties: ['company', 'employee_code'] })
@Index({ properties: ['company', 'employment_status'] })
@Index({ properties: ['company', 'created_at'] })
// the list's default order as an index-only scan (employees.list.ts); the search's trigram index
// exists only where pg_trgm does (Migration20261124160000), so it is not declared here
@Index({ properties: ['company', 'employee_code', 'id'] })
// lookups and prefix searches by code, email and name are case-insensitive
@Index({
  name: 'employees_company_id_lower_employee_code_index',
  expression: 'create index "employees_company_id_lower_employee_code_index" on "employees" ("company_id", lower("employee_code"))',
})
@Index({
  name: 'employees_company_id_lower_email_index',
  expression: 'create index "employees_company_id_lower_email_index" on "employees" ("company_id", lower("email"))',
})
@Index({
  name: 'employees_company_id_lower_name_index',
  expression:
    'create index "employees_company_id_lower_name_index" on "employees" ("company_id", lower("last_name"), lower("first_name"))',
})
export class Employee extends TenantScopedEntity {
  @Property({ length: 50 })
  employee_code!: string;

  @Property({ length: 100 })
  first_name!: string;

  @Property({ length: 100 })
  last_name!: string;

  @Property({ length: 100, nullable: true })
  middle_name?: string | null;

  @Property({ length: 255 })
  email!: string;

  @Property({ length: 50, nullable: true })
  phone?: string | null;

  @Property({ type: 'string', columnType: 'date', nullable: true })
  date_of_birth?: string | null;

  @Enum({ items: [...GENDERS], nullable: true })
  gender?: (typeof GENDERS)[number] | null;

  @Property({ type: 'text', nullable: true })
  address?: string | null;

  @Property({ length: 100, nullable: true })
  city?: string | null;

  @Property({ length: 100, nullable: true })
  state?: string | null;

  @Property({ length: 100, nullable: true })
  country?: string | null;

  @Property({ length: 20, nullable: true })
  postal_code?: string | null;

  @ManyToOne({ entity: 'Department', nullable: true, deleteRule: 'restrict', index: true })
  department?: Rel<Department> | null;

  @ManyToOne({ entity: 'Position', nullable: true, deleteRule: 'restrict', index: true })
  position?: Rel<Position> | null;

  @ManyToOne({ entity: 'Employee', nullable: true, deleteRule: 'set null', index: true })
  manager?: Rel<Employee> | null;

  @Enum({ items: [...EMPLOYMENT_TYPES], default: 'full_time' })
  employment_type: Opt<(typeof EMPLOYMENT_TYPES)[number]> = 'full_time';

  @Enum({ items: [...EMPLOYMENT_STATUSES], default: 'active' })
  employment_status: Opt<EmploymentStatus> = 'active';

  @Property({ type: 'string', columnType: 'date', nullable: true })
  hire_date?: string | null;

  /** The last day worked; payroll pro-rates the month of leaving and pays nothing after it. */
  @Property({ type: 'string', columnType: 'date', nullable: true })
  termination_date?: string | null;

  /** Gross annual salary; payroll derives each period's basic pay from it and payment_frequency. */
  @Property({ type: 'decimal', precision: 14, scale: 2, nullable: true })
  salary?: string | null;

  @Property({ length: 3, default: 'USD' })
  salary_currency: Opt<string> = 'USD';

  @Enum({ items: [...PAYMENT_FREQUENCIES], default: 'monthly' })
  payment_frequency: Opt<(typeof PAYMENT_FREQUENCIES)[number]> = 'monthly';

  @Property({ length: 200, nullable: true })
  emergency_contact_name?: string | null;

  @Property({ length: 50, nullable: true })
  emergency_contact_phone?: string | null;

  @Property({ length: 100, nullable: true })
  emergency_contact_relationship?: string | null;
}
