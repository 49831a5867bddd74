import type { components } from '../../../../openapi/schema';
import { apiData, client } from '../../providers/apiClient';

type Schemas = components['schemas'];
export type LeaveStatus = Schemas['LeaveRequestResponseDto']['status'];
export type LeaveType = Schemas['LeaveTypeResponseDto'];
export type LeavePolicy = Schemas['LeavePolicyResponseDto'];
export type LeaveRequest = Schemas['LeaveRequestResponseDto'];
export type CreateLeaveRequest = Schemas['CreateLeaveRequestDto'];
export type LeaveBalance = Schemas['LeaveBalanceDto'];
export type WorkingDays = Schemas['WorkingDaysDto'];
export type Holiday = Schemas['HolidayResponseDto'];
type Attachment = Schemas['LeaveAttachmentDto'];

const ALL = JSON.stringify([0, 999]);
const byId = (id: number) => ({ params: { path: { id } } });

/** The leave calls beyond the generated pieces (hr.md 7); the requests' actions are not plain CRUD. */
export const leaveApi = {
  types: (filter: object = {}) => apiData<LeaveType[]>(client.GET('/api/hr/leave-types', { params: { query: { filter: JSON.stringify(filter), range: ALL } } })),
  policies: () => apiData<LeavePolicy[]>(client.GET('/api/hr/leave-policies')),
  requests: (filter: object = {}) =>
    apiData<LeaveRequest[]>(
      client.GET('/api/hr/leave-requests', {
        params: { query: { filter: JSON.stringify(filter), range: JSON.stringify([0, 499]), sort: JSON.stringify(['requested_at', 'DESC']) } },
      }),
    ),
  balances: (filter: object = {}) => apiData<LeaveBalance[]>(client.GET('/api/hr/leave-balances', { params: { query: { filter: JSON.stringify(filter), range: ALL } } })),
  holidays: (year: number) => apiData<Holiday[]>(client.GET('/api/hr/holidays', { params: { query: { filter: JSON.stringify({ year }), range: ALL } } })),
  workingDays: (start: string, end: string) =>
    apiData<WorkingDays>(client.GET('/api/hr/leave-requests/working-days', { params: { query: { start_date: start, end_date: end } } })),
  approve: (id: number) => client.PUT('/api/hr/leave-requests/{id}/approve', byId(id)),
  reject: (id: number, reason: string) => client.PUT('/api/hr/leave-requests/{id}/reject', { ...byId(id), body: { reason: reason || null } }),
  cancel: (id: number) => client.PUT('/api/hr/leave-requests/{id}/cancel', byId(id)),
  upload: (file: File) =>
    apiData<Attachment>(
      client.POST('/api/hr/leave-requests/attachments', {
        body: { file: file.name },
        bodySerializer: () => {
          const form = new FormData();
          form.append('file', file);
          return form;
        },
      }),
    ),
  /** an attachment's file, read with the session's token (a plain link would carry none) */
  attachment: async (id: number) => (await client.GET('/api/hr/leave-requests/attachments/{id}', { ...byId(id), parseAs: 'blob' })).data as Blob,
};

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
