import { Entity, Enum, Index, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { Employee } from '../employees/employee.entity';
import type { PayrollRun } from './payroll-run.entity';

export const PAYMENT_STATUSES = ['pending', 'processing', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const money = () => ({ type: 'decimal', precision: 14, scale: 2 }) as const;

/**
 * An employee's pay for one period (hr.md 3 Payroll record). Written only by the payroll run,
 * together with its lines; every figure here is the sum of lines of the record.
 */
@Entity({ tableName: 'payroll_records' })
@Unique({ properties: ['company', 'employee', 'pay_period_start'] })
@Index({ properties: ['company', 'pay_period_start', 'payment_status'] })
@Index({ properties: ['company', 'payment_status'] })
export class PayrollRecord extends TenantScopedEntity {
  @ManyToOne({ entity: 'Employee', deleteRule: 'cascade', index: true })
  employee!: Rel<Employee>;

  @ManyToOne({ entity: 'PayrollRun', deleteRule: 'cascade', index: true })
  run!: Rel<PayrollRun>;

  @Property({ type: 'string', columnType: 'date' })
  pay_period_start!: string;

  @Property({ type: 'string', columnType: 'date' })
  pay_period_end!: string;

  /** the employee's annual salary the record was computed from; null on records computed before it was kept */
  @Property({ ...money(), nullable: true })
  annual_salary?: string | null;

  @Property(money())
  basic_salary!: string;

  @Property(money())
  allowances!: string;

  @Property(money())
  bonuses!: string;

  @Property(money())
  gross_salary!: string;

  @Property(money())
  taxable_income!: string;

  @Property(money())
  tax!: string;

  @Property(money())
  total_deductions!: string;

  @Property(money())
  net_salary!: string;

  @Property({ length: 3 })
  salary_currency!: string;

  @Property({ length: 20 })
  payment_frequency!: string;

  /** working days of the period (Monday to Friday, company holidays excluded) */
  @Property()
  working_days!: number;

  /** working days of the period the employee was employed (hire and termination dates) */
  @Property()
  employed_days!: number;

  @Property({ type: 'decimal', precision: 5, scale: 1 })
  unpaid_leave_days!: string;

  @Property({ type: 'decimal', precision: 5, scale: 1 })
  absent_days!: string;

  @Enum({ items: [...PAYMENT_STATUSES], default: 'pending' })
  payment_status: Opt<PaymentStatus> = 'pending';

  @Property({ type: 'string', columnType: 'date', nullable: true })
  payment_date?: string | null;
}
