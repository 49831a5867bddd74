import { Entity, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import type { Employee } from '../employees/employee.entity';
import type { User } from '../users/user.entity';

/**
 * A supporting document of a leave request. The bytes live in the database (bytea) so app
 * instances stay stateless, backups hold them and row-level security covers them.
 */
@Entity({ tableName: 'leave_attachments' })
export class LeaveAttachment extends TenantScopedEntity {
  @Property({ length: 255 })
  file_name!: string;

  @Property({ length: 100 })
  content_type!: string;

  @Property({ type: 'integer' })
  size_bytes!: number;

  @Property({ type: 'blob', lazy: true })
  content!: Buffer;

  /** The employee whose request it supports (set when a request uses it): they and admins may download it. */
  @ManyToOne({ entity: 'Employee', nullable: true, deleteRule: 'cascade', index: true })
  employee?: Rel<Employee> | null;

  @ManyToOne({ entity: 'User', nullable: true, deleteRule: 'set null', index: true })
  uploaded_by?: Rel<User> | null;
}
