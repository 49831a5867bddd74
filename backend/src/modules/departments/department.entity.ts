import { Entity, Index, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { Employee } from '../employees/employee.entity';

@Entity({ tableName: 'departments' })
@Unique({ properties: ['company', 'department_code'] })
@Index({ properties: ['company', 'is_active'] })
export class Department extends TenantScopedEntity {
  @Property({ length: 50 })
  department_code!: string;

  @Property({ length: 200 })
  department_name!: string;

  @Property({ type: 'text', nullable: true })
  description?: string | null;

  @Property({ length: 20, nullable: true })
  cost_center?: string | null;

  @ManyToOne({ entity: 'Employee', nullable: true, deleteRule: 'set null', index: true })
  manager?: Rel<Employee> | null;

  @Property({ default: true })
  is_active: Opt<boolean> = true;
}
