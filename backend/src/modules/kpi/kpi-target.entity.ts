import { Check, Entity, Enum, Index, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { Department } from '../departments/department.entity';
import type { Employee } from '../employees/employee.entity';
import type { Position } from '../positions/position.entity';
import type { Kpi } from './kpi.entity';
import { oneSubjectCheck, SUBJECT_TYPES, type SubjectType } from './kpi-subject';

/**
 * The value a KPI should reach for one subject over one period. A department or position target
 * applies to each of its active members when bonuses are calculated.
 */
@Entity({ tableName: 'kpi_targets' })
@Unique({ properties: ['company', 'kpi', 'employee', 'period_start_date', 'period_end_date'] })
@Unique({ properties: ['company', 'kpi', 'department', 'period_start_date', 'period_end_date'] })
@Unique({ properties: ['company', 'kpi', 'position', 'period_start_date', 'period_end_date'] })
@Index({ properties: ['company', 'period_start_date', 'period_end_date'] })
@Index({ properties: ['company', 'target_type'] })
// a value's target by its subject, as VALUE_OF_TARGET joins it (Migration20261124161200)
@Index({
  name: 'kpi_targets_subject_lookup_index',
  expression:
    'create index "kpi_targets_subject_lookup_index" on "kpi_targets" ("company_id", "kpi_id", "target_type", (case when "employee_id" is not null then "employee_id" when "department_id" is not null then "department_id" else "position_id" end), "period_start_date", "period_end_date")',
})
@Check({ name: 'kpi_targets_one_subject', expression: oneSubjectCheck('target_type') })
@Check({ name: 'kpi_targets_period_order', expression: 'period_end_date >= period_start_date' })
export class KpiTarget extends TenantScopedEntity {
  @ManyToOne({ entity: 'Kpi', deleteRule: 'cascade' })
  kpi!: Rel<Kpi>;

  @Enum({ items: [...SUBJECT_TYPES] })
  target_type!: SubjectType;

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
  target_value!: string;

  @Property({ type: 'text', nullable: true })
  notes?: string | null;
}
