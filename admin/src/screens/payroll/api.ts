import { api } from '../../providers/httpClient';
import { getSession } from '../../providers/session';

export type PaymentStatus = 'pending' | 'processing' | 'paid';

/** GET /api/hr/payroll (hr.md 3 Payroll record, plus the figures that explain it). */
export interface PayrollRecord {
  id: number;
  employee_id: number;
  employee_code: string;
  employee_name: string;
  department_name: string | null;
  position_title: string | null;
  pay_period_start: string;
  pay_period_end: string;
  basic_salary: string;
  allowances: string;
  bonuses: string;
  gross_salary: string;
  taxable_income: string;
  tax: string;
  total_deductions: string;
  net_salary: string;
  salary_currency: string;
  payment_frequency: string;
  working_days: number;
  employed_days: number;
  unpaid_leave_days: string;
  absent_days: string;
  payment_status: PaymentStatus;
  payment_date: string | null;
}

export interface PayrollLine {
  id: number;
  line_type: 'earning' | 'deduction';
  category: string;
  code: string;
  name: string;
  quantity: string | null;
  rate: string | null;
  amount: string;
  is_taxable: boolean;
}

export interface PayrollRecordDetail extends PayrollRecord {
  lines: PayrollLine[];
}

export interface PayrollSummary {
  total_payroll: string;
  total_records: number;
  processed_count: number;
  pending_count: number;
  processing_count: number;
  last_run_at: string | null;
}

export interface RunResult {
  employee_count: number;
  total_net: string;
}

const PAYROLL = '/hr/payroll';
const qs = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();

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

/** The payroll calls (GET, POST /hr/payroll and the routes under it). */
export const payrollApi = {
  list: async (year: number, month: number | undefined, status?: string) =>
    (
      await api.get<PayrollRecord[]>(
        `${PAYROLL}?${qs({ range: [0, 999], sort: ['employee_name', 'ASC'], filter: { year, month, payment_status: status } })}`,
      )
    ).json ?? [],
  mine: async (year: number) =>
    (await api.get<PayrollRecord[]>(`${PAYROLL}?${qs({ range: [0, 99], sort: ['pay_period_start', 'DESC'], filter: { year } })}`))
      .json ?? [],
  summary: async (year: number, month: number) =>
    (await api.get<PayrollSummary>(`${PAYROLL}/summary?${qs({ year: String(year), month: String(month) })}`)).json,
  get: async (id: number) => (await api.get<PayrollRecordDetail>(`${PAYROLL}/${id}`)).json,
  run: (year: number, month: number) => api.post<RunResult>(PAYROLL, { year, month }),
  setStatus: (body: { ids?: number[]; year?: number; month?: number; payment_status: PaymentStatus; payment_date?: string }) =>
    api.put(`${PAYROLL}/status`, body),
  exportCsv: async (year: number, month: number) => {
    const res = await api.get(`${PAYROLL}/export?${qs({ year: String(year), month: String(month) })}`, {
      headers: { Accept: 'text/csv' },
    });
    saveFile(new Blob([res.body], { type: 'text/csv;charset=utf-8' }), fileName(res.headers, 'payroll.csv'));
  },
  /** The PDF is binary: fetched directly (after a JSON call that refreshes an expired session). */
  payslip: async (id: number) => {
    await api.get(`${PAYROLL}/${id}`);
    const res = await fetch(`/api${PAYROLL}/${id}/payslip`, {
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
