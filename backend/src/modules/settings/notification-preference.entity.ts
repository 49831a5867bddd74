import { Entity, OneToOne, Property, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { BaseEntity } from '../../common/tenancy/base.entity';
import type { User } from '../users/user.entity';

/** A user's notification preferences (a user without a row has every notification on). */
@Entity({ tableName: 'notification_preferences' })
export class NotificationPreference extends BaseEntity {
  @OneToOne({ entity: 'User', owner: true, unique: true, deleteRule: 'cascade' })
  user!: Rel<User>;

  @Property({ default: true })
  email: Opt<boolean> = true;

  @Property({ default: true })
  leave_requests: Opt<boolean> = true;

  @Property({ default: true })
  payroll_updates: Opt<boolean> = true;
}
