import { Check, Entity, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { Employee } from '../employees/employee.entity';

export const DEVICE_TYPES = ['mobile', 'desktop'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** A device an employee has checked in or out from (device settings: max_devices_per_user). */
@Entity({ tableName: 'attendance_devices' })
@Unique({ properties: ['employee', 'device_id'] })
@Check({ name: 'attendance_devices_device_type_check', expression: `device_type = 'mobile' or device_type = 'desktop'` })
export class AttendanceDevice extends TenantScopedEntity {
  @ManyToOne({ entity: 'Employee', deleteRule: 'cascade' })
  employee!: Rel<Employee>;

  @Property({ length: 128 })
  device_id!: string;

  @Property({ type: 'string', length: 10 })
  device_type!: DeviceType;

  @Property({ length: 500, nullable: true })
  user_agent?: string | null;

  @Property({ columnType: 'timestamptz', defaultRaw: 'now()' })
  last_seen_at!: Date;
}
