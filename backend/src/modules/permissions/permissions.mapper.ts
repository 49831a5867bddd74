import type { ModuleDto, PermissionEntryDto } from './dto/permission.dto';
import type { PermissionEntry } from './permission-entry.entity';
import type { PermissionModule } from './permission-module.entity';

export const toModule = (m: PermissionModule): ModuleDto => ({
  id: m.id,
  module_key: m.module_key,
  module_name: m.module_name,
  description: m.description ?? null,
});

/** A stored entry; its module must be loaded. */
export const toPermissionEntry = (e: PermissionEntry): PermissionEntryDto => ({
  id: e.id,
  module_id: e.module.id,
  module: toModule(e.module),
  position_id: e.position?.id ?? null,
  department_id: e.department?.id ?? null,
  can_view: e.can_view,
  can_create: e.can_create,
  can_edit: e.can_edit,
  can_delete: e.can_delete,
  view_scope: e.can_view ? e.view_scope : null,
  create_scope: e.can_create ? e.create_scope : null,
  edit_scope: e.can_edit ? e.edit_scope : null,
  delete_scope: e.can_delete ? e.delete_scope : null,
});
