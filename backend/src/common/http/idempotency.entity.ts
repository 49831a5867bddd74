import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import type { User } from '../../modules/users/user.entity';

/**
 * An Idempotency-Key a user sent with a POST, and the answer to replay for it. The unique key is
 * the claim: of two concurrent requests with the same key only one inserts, and only that one runs.
 */
@Entity({ tableName: 'idempotency_keys' })
@Unique({ properties: ['user', 'idem_key'] })
export class IdempotencyKey {
  @PrimaryKey({ autoincrement: true })
  id!: number;

  @ManyToOne({ entity: 'User', deleteRule: 'cascade' })
  user!: Rel<User>;

  @Property({ length: 255 })
  idem_key!: string;

  @Property({ length: 10 })
  method!: string;

  @Property({ length: 500 })
  path!: string;

  /** SHA-256 of method, URL and body (keys sorted): another request under the same key is refused */
  @Property({ length: 64 })
  request_hash!: string;

  /** null while the first request is still running */
  @Property({ type: 'smallint', nullable: true })
  status_code?: number | null;

  @Property({ type: 'json', nullable: true })
  response?: { data: unknown; message?: string } | null;

  @Property({ columnType: 'timestamptz', defaultRaw: 'now()' })
  created_at: Opt<Date> = new Date();

  @Index()
  @Property({ columnType: 'timestamptz' })
  expires_at!: Date;
}
