import { Entity, Index, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { Employee } from '../employees/employee.entity';
import type { Shift } from './shift.entity';
import type { WorkLocation } from './work-location.entity';

/**
 * An employee works a shift (at a location) from start_date to end_date (open-ended when null).
 * An employee has at most one active assignment on any date.
 */
@Entity({ tableName: 'shift_assignments' })
@Index({ properties: ['company', 'start_date'] })
@Index({ properties: ['employee', 'is_active', 'start_date'] })
export class ShiftAssignment extends TenantScopedEntity {
  @ManyToOne({ entity: 'Employee', deleteRule: 'cascade' })
  employee!: Rel<Employee>;

  @ManyToOne({ entity: 'Shift', deleteRule: 'restrict', index: true })
  shift!: Rel<Shift>;

  @ManyToOne({ entity: 'WorkLocation', nullable: true, deleteRule: 'restrict', index: true })
  location?: Rel<WorkLocation> | null;

  @Property({ type: 'string', columnType: 'date' })
  start_date!: string;

  @Property({ type: 'string', columnType: 'date', nullable: true })
  end_date?: string | null;

  @Property({ default: true })
  is_active: Opt<boolean> = true;
}
