import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';

/** One sign-in attempt: the record behind brute-force throttling and the sign-in history. */
@Entity({ tableName: 'login_attempts' })
@Index({ properties: ['email', 'created_at'] })
@Index({ properties: ['ip', 'created_at'] })
export class LoginAttempt {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  /** lower-cased, as typed (the account may not exist) */
  @Property({ length: 255 })
  email!: string;

  @Property({ length: 64 })
  ip!: string;

  @Property()
  succeeded!: boolean;

  @Property({ columnType: 'timestamptz', defaultRaw: 'now()' })
  created_at: Opt<Date> = new Date();
}
