import { Entity, Index, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import type { User } from '../users/user.entity';

/** A password-reset link sent by e-mail: single use, expiring; only the token's SHA-256 is stored. */
@Entity({ tableName: 'password_reset_tokens' })
@Index({ properties: ['user', 'created_at'] })
export class PasswordResetToken {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne({ entity: 'User', deleteRule: 'cascade' })
  user!: Rel<User>;

  @Property({ length: 64, unique: true })
  token_hash!: string;

  @Property({ columnType: 'timestamptz' })
  expires_at!: Date;

  @Property({ columnType: 'timestamptz', nullable: true })
  used_at?: Date | null;

  /** the address the reset was requested from */
  @Property({ length: 64, nullable: true })
  requested_ip?: string | null;

  @Property({ columnType: 'timestamptz', defaultRaw: 'now()' })
  created_at: Opt<Date> = new Date();
}
