import { Check, Entity, Enum, Index, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { Department } from '../departments/department.entity';
import type { Employee } from '../employees/employee.entity';
import type { Position } from '../positions/position.entity';
import type { User } from '../users/user.entity';
import type { Kpi } from './kpi.entity';
import { oneSubjectCheck, SUBJECT_TYPES, type SubjectType } from './kpi-subject';

export const VALUE_SOURCES = ['manual', 'computed'] as const;
export type ValueSource = (typeof VALUE_SOURCES)[number];

/** The measured value of a KPI for one subject over one period (one row per subject and period). */
@Entity({ tableName: 'kpi_values' })
@Unique({ properties: ['company', 'kpi', 'employee', 'period_start_date', 'period_end_date'] })
@Unique({ properties: ['company', 'kpi', 'department', 'period_start_date', 'period_end_date'] })
@Unique({ properties: ['company', 'kpi', 'position', 'period_start_date', 'period_end_date'] })
@Index({ properties: ['company', 'period_end_date'] })
@Index({ properties: ['company', 'entity_type'] })
// a target's value by its subject, as VALUE_OF_TARGET joins it (Migration20261124161200)
@Index({
  name: 'kpi_values_subject_lookup_index',
  expression:
    'create index "kpi_values_subject_lookup_index" on "kpi_values" ("company_id", "kpi_id", "entity_type", (case when "employee_id" is not null then "employee_id" when "department_id" is not null then "department_id" else "position_id" end), "period_start_date", "period_end_date")',
})
@Check({ name: 'kpi_values_one_subject', expression: oneSubjectCheck('entity_type') })
@Check({ name: 'kpi_values_period_order', expression: 'period_end_date >= period_start_date' })
export class KpiValue extends TenantScopedEntity {
  @ManyToOne({ entity: 'Kpi', deleteRule: 'cascade' })
  kpi!: Rel<Kpi>;

  @Enum({ items: [...SUBJECT_TYPES] })
  entity_type!: SubjectType;

  @ManyToOne({ entity: 'Employee', nullable: true, deleteRule: 'cascade', index: true })
  employee?: Rel<Employee> | null;

  @ManyToOne({ entity: 'Department', nullable: true, deleteRule: 'cascade', index: true })
  department?: Rel<Department> | null;

  @ManyToOne({ entity: 'Position', nullable: true, deleteRule: 'cascade', index: true })
  position?: Rel<Position> | null;

  @Property({ type: 'string', columnType: 'date' })
  period_start_date!: string;

  @Property({ type: 'string', columnType: 'date' })
  period_end_date!: string;

  @Property({ type: 'decimal', precision: 14, scale: 2 })
  actual_value!: string;

  @Enum({ items: [...VALUE_SOURCES], default: 'manual' })
  source: Opt<ValueSource> = 'manual';

  @Property({ type: 'text', nullable: true })
  notes?: string | null;

  @ManyToOne({ entity: 'User', nullable: true, deleteRule: 'set null', index: true })
  recorded_by?: Rel<User> | null;
}
