import { api } from '../../providers/httpClient';

export interface Shift {
  id: number;
  shift_name: string;
  shift_code: string;
  start_time: string;
  end_time: string;
  break_duration: number;
  grace_period: number;
  is_active: boolean;
  description: string | null;
  assignments_count: number;
}

export interface WorkLocation {
  id: number;
  location_name: string;
  address: string | null;
  latitude: number;
  longitude: number;
  radius: number;
  is_active: boolean;
}

export interface ShiftAssignment {
  id: number;
  employee_id: number;
  employee_name: string;
  employee_code: string | null;
  shift_id: number;
  shift_name: string;
  location_id: number | null;
  location_name: string | null;
  start_date: string;
  end_date: string | null;
  is_active: boolean;
}

export interface EmployeeOption {
  id: number;
  first_name: string;
  last_name: string;
  employee_code: string;
}

export type RosterResource = 'shifts' | 'work-locations' | 'shift-assignments';

const list = async <T>(path: string) =>
  (await api.get<T[]>(`${path}?${new URLSearchParams({ range: JSON.stringify([0, 999]) }).toString()}`)).json ?? [];

/** The shift roster calls: /api/hr/shifts, /api/hr/work-locations, /api/hr/shift-assignments. */
export const rosterApi = {
  list: <T>(resource: RosterResource) => list<T>(`/hr/${resource}`),
  create: (resource: RosterResource, body: Record<string, unknown>) => api.post(`/hr/${resource}`, body),
  update: (resource: RosterResource, id: number, body: Record<string, unknown>) => api.put(`/hr/${resource}/${id}`, body),
  remove: (resource: RosterResource, id: number) => api.delete(`/hr/${resource}/${id}`),
  employees: () => list<EmployeeOption>('/hr/employees'),
};
