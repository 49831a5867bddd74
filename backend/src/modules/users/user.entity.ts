import { Entity, Enum, ManyToOne, OneToOne, Property, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { BaseEntity } from '../../common/tenancy/base.entity';
import type { Company } from '../companies/company.entity';
import type { Employee } from '../employees/employee.entity';

export const ROLES = ['superadmin', 'company_admin', 'client', 'employee'] as const;
export type Role = (typeof ROLES)[number];

/**
 * A person who can sign in. Not tenant-filtered: sign-in looks users up across companies by
 * email; services that list users scope them by company explicitly.
 */
@Entity({ tableName: 'users' })
export class User extends BaseEntity {
  @Property({ length: 50, unique: true })
  username!: string;

  /** Stored lower-cased. */
  @Property({ length: 255, unique: true })
  email!: string;

  @Property({ length: 255, hidden: true, lazy: true })
  password_hash!: string;

  @Enum({ items: [...ROLES] })
  role!: Role;

  @Property({ length: 100, nullable: true })
  first_name?: string | null;

  @Property({ length: 100, nullable: true })
  last_name?: string | null;

  @ManyToOne({ entity: 'Company', nullable: true, deleteRule: 'cascade', index: true })
  company?: Rel<Company> | null;

  @OneToOne({ entity: 'Employee', nullable: true, deleteRule: 'set null', owner: true, unique: true })
  employee?: Rel<Employee> | null;

  @Property({ default: true })
  is_active: Opt<boolean> = true;

  @Property({ columnType: 'timestamptz', nullable: true })
  last_login_at?: Date | null;

  /**
   * Carried by every access token (claim `sv`): raising it ends every session of the user on its
   * next request (password change or reset, account or company disabled).
   */
  @Property({ type: 'integer', default: 0, hidden: true })
  session_version: Opt<number> = 0;

  /**
   * Null while a self-registered address waits for its e-mailed link; accounts made by a company
   * or the platform count as verified from creation. An unverified client account holds its
   * address only until someone proves they own it (registers again, or is invited or given a
   * login with it): that replaces the account.
   */
  @Property({ columnType: 'timestamptz', nullable: true, defaultRaw: 'now()' })
  email_verified_at?: Opt<Date> | null;

  /** SHA-256 of the pending verification link's token */
  @Property({ length: 64, nullable: true, unique: true, hidden: true, lazy: true })
  email_verification_hash?: string | null;

  @Property({ columnType: 'timestamptz', nullable: true, hidden: true })
  email_verification_sent_at?: Date | null;
}
