import { api } from '../../providers/httpClient';

export interface ModuleRecord {
  id: number;
  module_key: string;
  module_name: string;
  description?: string | null;
}

export interface Flags {
  can_view: boolean;
  can_create: boolean;
  can_edit: boolean;
  can_delete: boolean;
}

export interface EntryRecord extends Flags {
  module_id: number;
}

export type SubjectKind = 'positions' | 'departments';

export interface Subject {
  id: number;
  name: string;
  code?: string | null;
  detail?: string | null;
}

/** Every row of a list endpoint (react-admin simple-rest range); lists here are a company's positions or departments. */
const ALL = `range=${encodeURIComponent('[0,999]')}`;

export const fetchModules = async () => (await api.get<ModuleRecord[]>('/permissions/modules')).json ?? [];

export const fetchSubjects = async (kind: SubjectKind): Promise<Subject[]> => {
  const { json } = await api.get<Array<Record<string, any>>>(`/hr/${kind}?${ALL}`);
  return (json ?? []).map((row) =>
    kind === 'positions'
      ? { id: row.id, name: row.position_title ?? row.name ?? `#${row.id}`, code: row.position_code, detail: row.department_name }
      : { id: row.id, name: row.department_name ?? row.name ?? `#${row.id}`, code: row.department_code },
  );
};

export const fetchEntries = async (kind: SubjectKind, id: number) =>
  (await api.get<EntryRecord[]>(`/permissions/${kind}/${id}/permissions`)).json ?? [];

export const saveEntries = async (kind: SubjectKind, id: number, permissions: EntryRecord[]) =>
  (await api.post<EntryRecord[]>(`/permissions/${kind}/${id}/permissions`, { permissions })).json ?? [];
