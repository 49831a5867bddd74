import type { components } from '../../../../openapi/schema';
import { apiAnswer, apiData, client } from '../../providers/apiClient';

type Schemas = components['schemas'];

export type ModuleRecord = Schemas['ModuleDto'];
export type EntryRecord = Schemas['PermissionEntryDto'];
export type Flags = Pick<EntryRecord, 'can_view' | 'can_create' | 'can_edit' | 'can_delete'>;
export type SubjectKind = 'positions' | 'departments';
type SavedEntry = Schemas['SavePermissionsDto']['permissions'][number];

/** A position or department as the matrix lists it. */
export interface Subject {
  id: number;
  name: string;
  code?: string | null;
  detail?: string | null;
}

export const toSubject = (kind: SubjectKind, row: Record<string, unknown>): Subject =>
  kind === 'positions'
    ? { id: Number(row.id), name: String(row.position_title ?? `#${row.id}`), code: row.position_code as string, detail: row.department_name as string | null }
    : { id: Number(row.id), name: String(row.department_name ?? `#${row.id}`), code: row.department_code as string };

export const fetchModules = () => apiData(client.GET('/api/permissions/modules'));

export const fetchEntries = (kind: SubjectKind, id: number) =>
  kind === 'positions'
    ? apiData(client.GET('/api/permissions/positions/{id}/permissions', { params: { path: { id } } }))
    : apiData(client.GET('/api/permissions/departments/{id}/permissions', { params: { path: { id } } }));

export const saveEntries = (kind: SubjectKind, id: number, permissions: SavedEntry[]) =>
  kind === 'positions'
    ? apiData(client.POST('/api/permissions/positions/{id}/permissions', { params: { path: { id } }, body: { permissions } }))
    : apiData(client.POST('/api/permissions/departments/{id}/permissions', { params: { path: { id } }, body: { permissions } }));

export type SelfServicePolicy = Schemas['SelfServiceSettingsDto'];

/** The company's self-service policy (GET /api/settings/self-service). */
export const fetchSelfService = () => apiData(client.GET('/api/settings/self-service'));

/** Turns the self-service policy on or off; answers the saved policy and the server's confirmation. */
export const saveSelfService = (enabled: boolean) => apiAnswer(client.PUT('/api/settings/self-service', { body: { enabled } }));

export type LineManagersPolicy = Schemas['LineManagerSettingsDto'];

/** The company's line-manager policy (GET /api/settings/line-managers). */
export const fetchLineManagers = () => apiData(client.GET('/api/settings/line-managers'));

/** Turns the line-manager policy on or off; answers the saved policy and the server's confirmation. */
export const saveLineManagers = (enabled: boolean) => apiAnswer(client.PUT('/api/settings/line-managers', { body: { enabled } }));
