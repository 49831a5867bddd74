import type { components } from '../../../../openapi/schema';
import { api } from '../../providers/httpClient';

export const CATEGORIES = ['sales', 'hr', 'operations', 'finance', 'productivity'] as const;
export const KPI_TYPES = ['number', 'percentage', 'currency'] as const;
export const DATA_SOURCES = ['manual', 'attendance_rate', 'task_completion_rate', 'leave_days'] as const;
export const PERIOD_TYPES = ['monthly', 'quarterly', 'yearly'] as const;
export const DIRECTIONS = ['higher_is_better', 'lower_is_better'] as const;
export const TARGET_TYPES = ['employee', 'department', 'position'] as const;
export const BONUS_TYPES = ['fixed', 'salary_percentage'] as const;
/** hr.md 4: every status the Bonuses tab can show (the server writes all but pending). */
export const PAYMENT_STATUSES = ['pending', 'calculated', 'approved', 'paid', 'rejected', 'cancelled'] as const;
export const MAX_TIERS = 10;

export type Category = (typeof CATEGORIES)[number];
export type PeriodType = (typeof PERIOD_TYPES)[number];
export type TargetType = (typeof TARGET_TYPES)[number];
export type BonusType = (typeof BONUS_TYPES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentAction = 'approve' | 'mark-paid' | 'reject' | 'cancel';

/**
 * What may happen to a payment next (the server's transitions): calculated → approved → paid;
 * calculated or approved → rejected or cancelled. Paid, rejected and cancelled ones are final.
 */
export const PAYMENT_ACTIONS: Record<PaymentStatus, readonly PaymentAction[]> = {
  pending: ['approve', 'reject', 'cancel'],
  calculated: ['approve', 'reject', 'cancel'],
  approved: ['mark-paid', 'reject', 'cancel'],
  paid: [],
  rejected: [],
  cancelled: [],
};

type Schemas = components['schemas'];
export type Kpi = Schemas['KpiResponseDto'];
export type NewKpi = Schemas['CreateKpiDto'];
export type KpiChanges = Schemas['UpdateKpiDto'];
export type Target = Schemas['KpiTargetResponseDto'];
export type NewTarget = Schemas['CreateKpiTargetDto'];
export type TargetChanges = Schemas['UpdateKpiTargetDto'];
export type KpiValue = Schemas['KpiValueResponseDto'];
export type NewKpiValue = Schemas['CreateKpiValueDto'];
export type ValuesResult = Schemas['CalculateKpiValuesResultDto'];
export type BonusRule = Schemas['BonusRuleResponseDto'];
export type NewBonusRule = Schemas['CreateBonusRuleDto'];
export type BonusRuleChanges = Schemas['UpdateBonusRuleDto'];
export type BonusTier = Schemas['BonusTierDto'];
export type Payment = Schemas['BonusPaymentResponseDto'];
export type PaymentTotals = Schemas['BonusTotalsDto'];
export type CalculationResult = Schemas['BonusCalculationResultDto'];
export type Dashboard = Schemas['KpiDashboardDto'];

export interface KpiFilters {
  q?: string;
  category?: string;
  status?: string;
  period?: string;
}
export interface Period {
  start: string;
  end: string;
}
export interface PaymentFilters {
  q?: string;
  status?: string;
  period_start?: string;
  period_end?: string;
}
export type Sort = [string, 'ASC' | 'DESC'];
export interface Page<T> {
  rows: T[];
  total: number;
}

/** The pickers of the target form (GET /api/hr/employees, departments, positions). */
export interface EmployeeOption {
  id: number;
  first_name: string;
  last_name: string;
  employee_code: string;
  employment_status: string;
}
export interface DepartmentOption {
  id: number;
  department_name: string;
  department_code: string;
}
export interface PositionOption {
  id: number;
  position_title: string;
  position_code: string;
}

const query = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();

/** Total of a simple-rest list from its Content-Range header (`kpis 0-24/137`). */
const totalOf = (headers: Headers, fallback: number) => {
  const match = /\/(\d+)$/.exec(headers.get('Content-Range') ?? '');
  return match ? Number(match[1]) : fallback;
};

const present = (filter: object) => Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''));

const page = async <T>(path: string, filter: object, from: number, size: number, sort?: Sort): Promise<Page<T>> => {
  const res = await api.get<T[]>(`${path}?${query({ filter: present(filter), sort, range: [from, from + size - 1] })}`);
  const rows = res.json ?? [];
  return { rows, total: totalOf(res.headers, rows.length) };
};

const all = async <T>(path: string) => (await api.get<T[]>(`${path}?${query({ range: [0, 999] })}`)).json ?? [];

/** A fresh Idempotency-Key: a create sent twice (double click, retry) is stored once. */
export const newIdempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
const once = (key: string) => ({ headers: { 'Idempotency-Key': key } });

const KPI = '/kpi';

/** The KPI & bonus calls (hr.md 7). */
export const kpiApi = {
  kpis: (filters: KpiFilters, from: number, size: number, sort?: Sort) => page<Kpi>(`${KPI}/kpis`, filters, from, size, sort),
  allKpis: () => all<Kpi>(`${KPI}/kpis`),
  createKpi: async (body: NewKpi, key: string) => (await api.post<Kpi>(`${KPI}/kpis`, body, once(key))).json,
  updateKpi: async (id: number, body: KpiChanges) => (await api.put<Kpi>(`${KPI}/kpis/${id}`, body)).json,
  deleteKpi: (id: number) => api.delete(`${KPI}/kpis/${id}`),

  targets: (period: Period, from: number, size: number, sort?: Sort) =>
    page<Target>(`${KPI}/kpi-targets`, { period_start: period.start, period_end: period.end }, from, size, sort),
  createTarget: async (body: NewTarget, key: string) =>
    (await api.post<Target>(`${KPI}/kpi-targets`, body, once(key))).json,
  updateTarget: async (id: number, body: TargetChanges) => (await api.put<Target>(`${KPI}/kpi-targets/${id}`, body)).json,
  deleteTarget: (id: number) => api.delete(`${KPI}/kpi-targets/${id}`),

  createValue: async (body: NewKpiValue, key: string) =>
    (await api.post<KpiValue>(`${KPI}/kpi-values`, body, once(key))).json,
  updateValue: async (id: number, body: Schemas['UpdateKpiValueDto']) =>
    (await api.put<KpiValue>(`${KPI}/kpi-values/${id}`, body)).json,
  calculateValues: async (period: Period) =>
    (await api.post<ValuesResult>(`${KPI}/kpi-values/calculate`, { period_start: period.start, period_end: period.end })).json,

  rule: async (id: number) => (await api.get<BonusRule>(`${KPI}/bonus-rules/${id}`)).json,
  createRule: async (body: NewBonusRule, key: string) =>
    (await api.post<BonusRule>(`${KPI}/bonus-rules`, body, once(key))).json,
  updateRule: async (id: number, body: BonusRuleChanges) => (await api.put<BonusRule>(`${KPI}/bonus-rules/${id}`, body)).json,

  payments: (filters: PaymentFilters, from: number, size: number, sort?: Sort) =>
    page<Payment>(`${KPI}/bonus-payments`, filters, from, size, sort),
  paymentTotals: async (filters: PaymentFilters) =>
    (await api.get<PaymentTotals>(`${KPI}/bonus-payments/totals?${query({ filter: present(filters) })}`)).json,
  approve: (id: number) => api.put<Payment>(`${KPI}/bonus-payments/${id}/approve`, {}),
  markPaid: (id: number, paid_date: string) => api.put<Payment>(`${KPI}/bonus-payments/${id}/mark-paid`, { paid_date }),
  reject: (id: number, reason: string | null) => api.put<Payment>(`${KPI}/bonus-payments/${id}/reject`, { reason }),
  cancel: (id: number, reason: string | null) => api.put<Payment>(`${KPI}/bonus-payments/${id}/cancel`, { reason }),
  calculateBonuses: async (period: Period) =>
    (await api.post<CalculationResult>(`${KPI}/bonus-calculate`, { period_start: period.start, period_end: period.end })).json,

  dashboard: async () => (await api.get<Dashboard>(`${KPI}/kpi-dashboard`)).json,

  employees: () => all<EmployeeOption>('/hr/employees'),
  departments: () => all<DepartmentOption>('/hr/departments'),
  positions: () => all<PositionOption>('/hr/positions'),
};
