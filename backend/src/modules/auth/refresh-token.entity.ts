import { Entity, Index, ManyToOne, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import type { User } from '../users/user.entity';

/**
 * One refresh token of a rotating family. Only its SHA-256 is stored. Presenting a token that was
 * already rotated revokes the whole family (a stolen token is then useless to both parties).
 */
@Entity({ tableName: 'refresh_tokens' })
// the access guard asks on every request whether a session (family) still has an open token
@Index({
  name: 'refresh_tokens_open_family_index',
  expression: 'create index "refresh_tokens_open_family_index" on "refresh_tokens" ("family_id") where "revoked_at" is null',
})
export class RefreshToken {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @ManyToOne({ entity: 'User', deleteRule: 'cascade', index: true })
  user!: Rel<User>;

  @Index()
  @Property({ type: 'uuid' })
  family_id!: string;

  @Property({ length: 64 })
  token_hash!: string;

  /** Set while a superadmin impersonates: refreshing keeps the impersonation. */
  @Property({ type: 'integer', nullable: true })
  impersonated_company_id?: number | null;

  @Property({ columnType: 'timestamptz' })
  expires_at!: Date;

  @Property({ columnType: 'timestamptz', nullable: true })
  rotated_at?: Date | null;

  @Property({ columnType: 'timestamptz', nullable: true })
  revoked_at?: Date | null;

  @Property({ columnType: 'timestamptz', defaultRaw: 'now()' })
  created_at: Opt<Date> = new Date();
}
