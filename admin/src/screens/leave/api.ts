import { api, httpClient } from '../../providers/httpClient';

export type LeaveStatus = 'pending' | 'approved' | 'rejected' | 'cancelled';

export interface LeaveType {
  id: number;
  type_name: string;
  type_code: string;
  description: string | null;
  max_days_per_year: number;
  is_paid: boolean;
  requires_approval: boolean;
  requires_attachment: boolean;
  attachment_required: boolean;
  is_active: boolean;
  policy_id: number | null;
  policy_name: string | null;
}

export interface LeavePolicy {
  id: number;
  name: string;
  description: string | null;
  carryOverEnabled: boolean;
  maxCarryOverDays: number | null;
  expiryMonths: number | null;
  proRationEnabled: boolean;
  requiresDoctorNote: boolean;
  maxDaysPerYear: number | null;
  consecutiveDaysLimit: number | null;
  paidLeaveEnabled: boolean;
  maternityWeeks: number | null;
  paternityWeeks: number | null;
  leave_type_ids: number[];
}

export interface LeaveRequest {
  id: number;
  employee_id: number;
  employee_name: string;
  employee_code: string | null;
  leave_type_id: number;
  leave_type_name: string;
  start_date: string;
  end_date: string;
  total_days: string;
  reason: string | null;
  status: LeaveStatus | string;
  requested_at: string;
  decided_by_name: string | null;
  decided_at: string | null;
  rejection_reason: string | null;
  attachment: { id: number; file_name: string } | null;
}

export interface LeaveBalance {
  employee_id: number;
  employee_name: string;
  leave_type_id: number;
  leave_type_name: string;
  type_code: string;
  year: number;
  limited: boolean;
  entitlement: string;
  carried_over: string;
  taken: string;
  pending: string;
  remaining: string | null;
}

export interface WorkingDays {
  working_days: number;
  holidays: string[];
}

export interface Holiday {
  id: number;
  holiday_date: string;
  name: string;
}

const list = (filter: object = {}, range = [0, 999]) =>
  `filter=${encodeURIComponent(JSON.stringify(filter))}&range=${encodeURIComponent(JSON.stringify(range))}`;

export const leaveApi = {
  types: async (filter: object = {}) => (await api.get<LeaveType[]>(`/hr/leave-types?${list(filter)}`)).json,
  policies: async () => (await api.get<LeavePolicy[]>('/hr/leave-policies')).json,
  requests: async (filter: object = {}) =>
    (await api.get<LeaveRequest[]>(`/hr/leave-requests?${list(filter, [0, 499])}&sort=${encodeURIComponent('["requested_at","DESC"]')}`)).json,
  balances: async (filter: object = {}) => (await api.get<LeaveBalance[]>(`/hr/leave-balances?${list(filter)}`)).json,
  holidays: async (year: number) => (await api.get<Holiday[]>(`/hr/holidays?${list({ year })}`)).json,
  workingDays: async (start: string, end: string) =>
    (await api.get<WorkingDays>(`/hr/leave-requests/working-days?start_date=${start}&end_date=${end}`)).json,
  approve: (id: number) => api.put<LeaveRequest>(`/hr/leave-requests/${id}/approve`, {}),
  reject: (id: number, reason: string) => api.put<LeaveRequest>(`/hr/leave-requests/${id}/reject`, { reason: reason || null }),
  cancel: (id: number) => api.put<LeaveRequest>(`/hr/leave-requests/${id}/cancel`, {}),
  /** multipart upload: the browser sets the boundary, so no JSON content type here */
  upload: async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return (await httpClient<{ id: number; file_name: string }>('/hr/leave-requests/attachments', { method: 'POST', body: form })).json;
  },
};

/** Colours of hr.md 2: pending warning, approved success, rejected error, anything else info. */
export const statusColor = (status: string): 'warning' | 'success' | 'error' | 'info' =>
  status === 'pending' ? 'warning' : status === 'approved' ? 'success' : status === 'rejected' ? 'error' : 'info';

/** "3.0" → "3", "2.5" → "2.5". */
export const days = (value: string | number | null) => (value === null ? '' : String(Number(value)));

/** Monday to Friday from start to end (YYYY-MM-DD, both included). */
export const weekdays = (start: string, end: string): number => {
  const from = Date.parse(`${start}T12:00:00Z`);
  const to = Date.parse(`${end}T12:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to) || to < from) return 0;
  let count = 0;
  for (let at = from; at <= to; at += 86_400_000) {
    const day = new Date(at).getUTCDay();
    if (day !== 0 && day !== 6) count += 1;
  }
  return count;
};
