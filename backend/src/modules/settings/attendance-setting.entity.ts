import { Entity, Property, Unique } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { DeviceSettings, GeneralSettings, GeolocationSettings, NetworkSettings } from './attendance-settings.defaults';

/**
 * A company's attendance settings: one row per company, one jsonb document per group of hr.md 3.
 * Read through SettingsService.attendanceSettings, which lays them over the defaults.
 */
@Entity({ tableName: 'attendance_settings' })
@Unique({ properties: ['company'] })
export class AttendanceSetting extends TenantScopedEntity {
  @Property({ type: 'json' })
  general!: Partial<GeneralSettings>;

  @Property({ type: 'json' })
  geolocation!: Partial<GeolocationSettings>;

  @Property({ type: 'json' })
  device!: Partial<DeviceSettings>;

  @Property({ type: 'json' })
  network!: Partial<NetworkSettings>;
}
