import { Entity, Index, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { Employee } from '../employees/employee.entity';
import type { User } from '../users/user.entity';

export const INVITATION_STATES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/**
 * An invitation to an employee to create their own sign-in: a single-use e-mailed link, valid
 * INVITATION_TTL_DAYS; only the token's SHA-256 is stored, as for password-reset links. A resend
 * revokes the pending one and adds a new row; the newest row is the employee's invitation state.
 */
@Entity({ tableName: 'employee_invitations' })
@Index({ properties: ['employee', 'id'] })
export class EmployeeInvitation extends TenantScopedEntity {
  @ManyToOne({ entity: 'Employee', deleteRule: 'cascade' })
  employee!: Rel<Employee>;

  /** the address the link was sent to (the account it creates signs in with it) */
  @Property({ length: 255 })
  email!: string;

  @Property({ length: 64, unique: true })
  token_hash!: string;

  @Property({ columnType: 'timestamptz' })
  sent_at!: Date;

  @Property({ columnType: 'timestamptz' })
  expires_at!: Date;

  @Property({ columnType: 'timestamptz', nullable: true })
  accepted_at?: Date | null;

  @Property({ columnType: 'timestamptz', nullable: true })
  revoked_at?: Date | null;

  /** who sent it (null once that account is gone) */
  @ManyToOne({ entity: 'User', nullable: true, deleteRule: 'set null' })
  invited_by?: Rel<User> | null;
}
