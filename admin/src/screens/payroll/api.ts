import type { components } from '../../../../openapi/schema';
import { apiAnswer, apiData, client } from '../../providers/apiClient';
import { getSession } from '../../providers/session';

export type PayrollRecord = components['schemas']['PayrollRecordResponseDto'];
export type PayrollRecordDetail = components['schemas']['PayrollRecordDetailDto'];
export type PayrollLine = components['schemas']['PayrollLineResponseDto'];
export type PaymentStatus = PayrollRecord['payment_status'];
type StatusChange = components['schemas']['SetPaymentStatusBulkDto'];

const saveFile = (blob: Blob, filename: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
};
const fileName = (headers: Headers, fallback: string) =>
  /filename="([^"]+)"/.exec(headers.get('Content-Disposition') ?? '')?.[1] ?? fallback;

/** The payroll calls (GET, POST /hr/payroll and the routes under it), through the typed client. */
export const payrollApi = {
  list: async (year: number, month: number | undefined, status?: string) =>
    (await apiData(
      client.GET('/api/hr/payroll', {
        params: {
          query: {
            range: JSON.stringify([0, 999]),
            sort: JSON.stringify(['employee_name', 'ASC']),
            filter: JSON.stringify({ year, month, payment_status: status || undefined }),
          },
        },
      }),
    )) ?? [],
  mine: async (year: number) =>
    (await apiData(
      client.GET('/api/hr/payroll', {
        params: { query: { range: JSON.stringify([0, 99]), sort: JSON.stringify(['pay_period_start', 'DESC']), filter: JSON.stringify({ year }) } },
      }),
    )) ?? [],
  summary: (year: number, month: number) => apiData(client.GET('/api/hr/payroll/summary', { params: { query: { year, month } } })),
  get: (id: number) => apiData(client.GET('/api/hr/payroll/{id}', { params: { path: { id } } })),
  run: (year: number, month: number) => apiAnswer(client.POST('/api/hr/payroll', { body: { year, month } })),
  setStatus: (body: StatusChange) => apiAnswer(client.PUT('/api/hr/payroll/status', { body })),
  exportCsv: async (year: number, month: number) => {
    const { data, response } = await client.GET('/api/hr/payroll/export', {
      params: { query: { year, month } },
      headers: { Accept: 'text/csv' },
      parseAs: 'text',
    });
    saveFile(new Blob([data ?? ''], { type: 'text/csv;charset=utf-8' }), fileName(response.headers, 'payroll.csv'));
  },
  /** The PDF is binary, which the JSON client cannot carry: fetched directly (after a typed call that refreshes an expired session). */
  payslip: async (id: number) => {
    await client.GET('/api/hr/payroll/{id}', { params: { path: { id } } });
    const res = await fetch(`/api/hr/payroll/${id}/payslip`, {
      credentials: 'same-origin',
      headers: { Authorization: `Bearer ${getSession().token ?? ''}`, Accept: 'application/pdf' },
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    saveFile(await res.blob(), fileName(res.headers, 'payslip.pdf'));
  },
};

/** Payroll year selector: current year minus 2 through plus 2 (hr.md 9). */
export const yearOptions = (now = new Date()) => {
  const year = now.getFullYear();
  return [year - 2, year - 1, year, year + 1, year + 2];
};
