import { Entity, Index, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { Employee } from '../employees/employee.entity';
import type { SalaryComponent } from './salary-component.entity';

/** A salary component assigned to an employee, optionally with the employee's own amount or percentage. */
@Entity({ tableName: 'employee_salary_components' })
@Unique({ properties: ['company', 'employee', 'component'] })
@Index({ properties: ['company', 'component'] })
export class EmployeeSalaryComponent extends TenantScopedEntity {
  @ManyToOne({ entity: 'Employee', deleteRule: 'cascade', index: true })
  employee!: Rel<Employee>;

  @ManyToOne({ entity: 'SalaryComponent', deleteRule: 'cascade', index: true })
  component!: Rel<SalaryComponent>;

  /** overrides the component's amount (fixed components) */
  @Property({ type: 'decimal', precision: 14, scale: 2, nullable: true })
  amount?: string | null;

  /** overrides the component's percentage (percentage components) */
  @Property({ type: 'decimal', precision: 7, scale: 4, nullable: true })
  percentage?: string | null;
}
