import { Check, Entity, Enum, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import type { Opt } from '@mikro-orm/core';
import { TenantScopedEntity } from '../../common/tenancy/base.entity';
import { RECORD_SCOPES, type RecordScope } from '../../common/auth/auth-context';
import type { Department } from '../departments/department.entity';
import type { Position } from '../positions/position.entity';
import type { PermissionModule } from './permission-module.entity';

/**
 * view/create/edit/delete on one module, granted to a position or to a department, each with the
 * scope of employee records it covers (common/auth/record-scope.ts).
 */
@Entity({ tableName: 'permission_entries' })
@Unique({ properties: ['company', 'position', 'module'] })
@Unique({ properties: ['company', 'department', 'module'] })
@Check({ name: 'permission_entries_one_subject', expression: '(position_id is null) <> (department_id is null)' })
export class PermissionEntry extends TenantScopedEntity {
  @ManyToOne({ entity: 'PermissionModule', deleteRule: 'cascade' })
  module!: Rel<PermissionModule>;

  @ManyToOne({ entity: 'Position', nullable: true, deleteRule: 'cascade', index: true })
  position?: Rel<Position> | null;

  @ManyToOne({ entity: 'Department', nullable: true, deleteRule: 'cascade', index: true })
  department?: Rel<Department> | null;

  @Property({ default: false })
  can_view: Opt<boolean> = false;

  @Property({ default: false })
  can_create: Opt<boolean> = false;

  @Property({ default: false })
  can_edit: Opt<boolean> = false;

  @Property({ default: false })
  can_delete: Opt<boolean> = false;

  @Enum({ items: [...RECORD_SCOPES], default: 'company' })
  view_scope: Opt<RecordScope> = 'company';

  @Enum({ items: [...RECORD_SCOPES], default: 'company' })
  create_scope: Opt<RecordScope> = 'company';

  @Enum({ items: [...RECORD_SCOPES], default: 'company' })
  edit_scope: Opt<RecordScope> = 'company';

  @Enum({ items: [...RECORD_SCOPES], default: 'company' })
  delete_scope: Opt<RecordScope> = 'company';
}
