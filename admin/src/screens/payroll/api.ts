import type { components } from '../../../../openapi/schema';
import { apiAnswer, apiData, client, downloadFile } from '../../providers/apiClient';

type Schemas = components['schemas'];
/** GET /api/hr/payroll (hr.md 3 Payroll record, plus the figures that explain it). */
export type PayrollRecord = Schemas['PayrollRecordResponseDto'];
export type PayrollRecordDetail = Schemas['PayrollRecordDetailDto'];
export type PayrollLine = Schemas['PayrollLineResponseDto'];
export type PayrollSummary = Schemas['PayrollSummaryDto'];
export type RunResult = Schemas['PayrollRunResultDto'];
export type PaymentStatus = PayrollRecord['payment_status'];
type StatusChange = Schemas['SetPaymentStatusBulkDto'];

/** The payroll calls beyond the generated pieces (GET, POST /api/hr/payroll and the routes under it). */
export const payrollApi = {
  list: (year: number, month: number | undefined, status?: PaymentStatus) =>
    apiData(
      client.GET('/api/hr/payroll', {
        params: {
          query: {
            range: JSON.stringify([0, 999]),
            sort: JSON.stringify(['employee_name', 'ASC']),
            filter: JSON.stringify({ year, month, payment_status: status }),
          },
        },
      }),
    ),
  mine: (year: number) =>
    apiData(
      client.GET('/api/hr/payroll', {
        params: { query: { range: JSON.stringify([0, 99]), sort: JSON.stringify(['pay_period_start', 'DESC']), filter: JSON.stringify({ year }) } },
      }),
    ),
  summary: (year: number, month: number) => apiData(client.GET('/api/hr/payroll/summary', { params: { query: { year, month } } })),
  get: (id: number) => apiData(client.GET('/api/hr/payroll/{id}', { params: { path: { id } } })),
  run: (year: number, month: number) => apiAnswer(client.POST('/api/hr/payroll', { body: { year, month } })),
  setStatus: (body: StatusChange) => apiAnswer(client.PUT('/api/hr/payroll/status', { body })),
  /** the month's records as CSV, saved under the server's name (payroll-YYYY-MM.csv) */
  exportCsv: (year: number, month: number) =>
    downloadFile(
      client.GET('/api/hr/payroll/export', { params: { query: { year, month } }, headers: { Accept: 'text/csv' }, parseAs: 'blob' }),
      `payroll-${year}-${String(month).padStart(2, '0')}.csv`,
    ),
  /** a record's payslip PDF, saved under the server's name */
  payslip: (id: number) =>
    downloadFile(
      client.GET('/api/hr/payroll/{id}/payslip', { params: { path: { id } }, headers: { Accept: 'application/pdf' }, parseAs: 'blob' }),
      'payslip.pdf',
    ),
};

/** Payroll year selector: current year minus 2 through plus 2 (hr.md 9). */
export const yearOptions = (now = new Date()) => {
  const year = now.getFullYear();
  return [year - 2, year - 1, year, year + 1, year + 2];
};
