import type { EntityManager } from '@mikro-orm/postgresql';
import type { ModuleKey, RecordScope } from '../../common/auth/auth-context';
import type { ScopeCondition } from '../../common/auth/record-scope';

export const REPORT_GROUPS = ['headcount', 'attendance', 'leave', 'payroll', 'kpi'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

export const REPORT_FILTERS = ['from', 'to', 'at', 'department_id', 'position_id', 'location_id', 'group_by', 'older_than_days'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

export const COLUMN_TYPES = ['text', 'integer', 'number', 'money', 'percent', 'date'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

export const CHART_KINDS = ['bar', 'stacked-bar', 'line', 'pie'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];

/**
 * How a column's total is made: the sum of its values, or a percentage of two other columns'
 * totals (a rate over the whole table, never an average of rates). `mean` divides by the mean of
 * the denominator column instead of its sum (turnover: leavers over the average headcount).
 */
export type ColumnTotal = 'sum' | { percent: [numerator: string, denominator: string]; denominator?: 'sum' | 'mean' };

export interface ReportColumn {
  key: string;
  label: string;
  type: ColumnType;
  total?: ColumnTotal;
}

export interface ReportChart {
  kind: ChartKind;
  /** the column plotted along the x axis (or the slices of a pie) */
  x: string;
  series: Array<{ key: string; label: string }>;
}

/**
 * Whose records a run covers when it is not the whole company: the reader's team or department
 * (recordScope of the report's module), as a condition on a column of employee ids.
 */
export interface ReportScope {
  whose: Exclude<RecordScope, 'company'>;
  on(column: string): ScopeCondition;
}

/** The filters of one run, validated and with their defaults (dates in the company's time zone). */
export interface ReportParams {
  companyId: number;
  /** the reader's team or department; null for the whole company */
  scope: ReportScope | null;
  from: string;
  to: string;
  at: string;
  today: string;
  /** the company's time zone */
  zone: string;
  departmentId: number | null;
  positionId: number | null;
  locationId: number | null;
  groupBy: string;
  olderThanDays: number;
}

export interface ReportQuery {
  sql: string;
  params: unknown[];
}

/** What a report needs beyond its filters (e.g. the company's leave types, its columns). */
export type ReportContext = Record<string, unknown>;

export interface ReportDefinition {
  id: string;
  group: ReportGroup;
  title: string;
  description: string;
  /** the module whose view right the report needs (beside the reports module itself) */
  module: ModuleKey;
  /** a package feature the report needs too (KPI & Bonus) */
  feature?: string;
  filters: readonly ReportFilter[];
  /** the default period is today and this many days ahead, not the year up to today */
  lookAheadDays?: number;
  /** the groupings offered; the first is the default */
  groupBy?: ReadonlyArray<{ id: string; name: string }>;
  /** reads what the columns or the query depend on, once per run */
  prepare?(em: EntityManager, p: ReportParams): Promise<ReportContext>;
  columns(p: ReportParams, context: ReportContext): ReportColumn[];
  chart(p: ReportParams, context: ReportContext): ReportChart | null;
  /** one set-based statement returning the table's rows in order, keyed by the columns' keys */
  query(p: ReportParams, context: ReportContext): ReportQuery;
}

/** A column of the grouping a report was run with: its label is the grouping's name. */
export function groupColumn(def: Pick<ReportDefinition, 'groupBy'>, p: ReportParams, type: ColumnType = 'text'): ReportColumn {
  const choice = def.groupBy?.find((g) => g.id === p.groupBy) ?? def.groupBy?.[0];
  return { key: 'label', label: choice?.name ?? 'Group', type };
}

/**
 * The employees a report covers: the company's, or those of the reader's team or department,
 * narrowed by department, position and work location (an assignment at the location overlapping
 * the period). `e` is the employees alias.
 */
export function employeeScope(p: ReportParams, e = 'e', period: { from: string; to: string } = p): ReportQuery {
  const parts = [`${e}.company_id = ?`];
  const params: unknown[] = [p.companyId];
  const within = p.scope?.on(`${e}.id`);
  if (within) {
    parts.push(within.sql);
    params.push(...within.params);
  }
  if (p.departmentId !== null) {
    parts.push(`${e}.department_id = ?`);
    params.push(p.departmentId);
  }
  if (p.positionId !== null) {
    parts.push(`${e}.position_id = ?`);
    params.push(p.positionId);
  }
  if (p.locationId !== null) {
    parts.push(`exists (select 1 from shift_assignments sa
                         where sa.employee_id = ${e}.id and sa.location_id = ?
                           and sa.start_date <= ?::date and (sa.end_date is null or sa.end_date >= ?::date))`);
    params.push(p.locationId, period.to, period.from);
  }
  return { sql: parts.join(' and '), params };
}

/** Months from `from` to `to` as the first day of each, a SQL set (alias m, column month). */
export const MONTHS_SQL = `select generate_series(date_trunc('month', ?::date), date_trunc('month', ?::date), interval '1 month')::date as month`;

/** A date column as YYYY-MM-DD text (no time zone involved). */
export const day = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;
/** A month as YYYY-MM. */
export const monthKey = (column: string) => `to_char(${column}, 'YYYY-MM')`;
/** A percentage with 2 decimals, 0 when the denominator is 0. */
export const percentSql = (numerator: string, denominator: string) =>
  `(case when (${denominator}) = 0 then 0 else round((${numerator}) * 100.0 / (${denominator}), 2) end)::float8`;
/** A full name of an employee alias. */
export const fullName = (e: string) => `trim(${e}.first_name || ' ' || ${e}.last_name)`;
