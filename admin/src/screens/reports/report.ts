/**
 * The reports screen's pure parts: the catalogue's shapes, the filters' defaults and their place
 * in the URL, and a cell written as the table shows it.
 */
import type { components } from '../../../../openapi/schema';
import { formatMoney } from '../../schema/format';

type Schemas = components['schemas'];

export type ReportInfo = Schemas['ReportInfoDto'];
export type ReportResult = Schemas['ReportResultDto'];
export type ReportColumn = Schemas['ReportColumnDto'];
export type ReportGroup = ReportInfo['group'];
export type FilterKey = ReportInfo['filters'][number];
export type ColumnType = ReportColumn['type'];
export type Cell = string | number | null;

/** The groups in the order of the tabs. */
export const GROUPS: ReportGroup[] = ['headcount', 'attendance', 'leave', 'payroll', 'kpi'];

export const FILTER_KEYS: FilterKey[] = ['from', 'to', 'at', 'department_id', 'position_id', 'location_id', 'group_by', 'older_than_days'];

export type Filters = Partial<Record<FilterKey, string>>;

const pad = (n: number) => String(n).padStart(2, '0');

/** The first day of the month `months` months before the calendar day `day` (YYYY-MM-DD). */
export function monthStart(day: string, monthsBack: number): string {
  const [year, month] = day.split('-').map(Number);
  const index = year * 12 + (month - 1) - monthsBack;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}-01`;
}

/** The filters a report opens with: the last twelve months up to today, today as the day, pending for a week. */
export function defaultFilters(today: string): Filters {
  return { from: monthStart(today, 11), to: today, at: today, older_than_days: '7' };
}

/** The filters a report opens with, as the server says them (in the company's time zone), over `fallback`. */
export function reportDefaults(report: ReportInfo | undefined, fallback: Filters): Filters {
  const d = report?.defaults;
  if (!d) return fallback;
  return { from: d.from, to: d.to, at: d.at, older_than_days: String(d.older_than_days), ...(d.group_by ? { group_by: d.group_by } : {}) };
}

/** The report and filters a link names (`?report=…&from=…`), over the defaults. */
export function fromSearch(search: URLSearchParams, defaults: Filters): { report: string | null; group: string | null; filters: Filters } {
  const filters = { ...defaults };
  for (const key of FILTER_KEYS) {
    const value = search.get(key);
    if (value !== null) filters[key] = value;
  }
  return { report: search.get('report'), group: search.get('group'), filters };
}

/** The link of a report with its filters: only what the report takes and what differs from its defaults. */
export function toSearch(report: ReportInfo, filters: Filters, defaults: Filters): URLSearchParams {
  const search = new URLSearchParams({ report: report.id });
  for (const key of report.filters) {
    const value = filters[key];
    if (value && value !== defaults[key]) search.set(key, value);
  }
  return search;
}

/** The query of GET /api/reports/{report} (and its export): the report's own filters that have a value. */
export function reportQuery(report: ReportInfo, filters: Filters): Partial<Record<FilterKey, string>> {
  const query: Partial<Record<FilterKey, string>> = {};
  for (const key of report.filters) {
    const value = filters[key] ?? (key === 'group_by' ? report.group_by_options?.[0]?.id : undefined);
    if (value) query[key] = value;
  }
  return query;
}

const EMPTY = '—';
const integers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const percents = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A cell as the table writes it: money with the report's currency, 12.5 → 12.5%, a day in words. */
export function formatCell(value: Cell | undefined, type: ColumnType, currency: string | null, date: (day: string) => string): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  const n = Number(value);
  switch (type) {
    case 'money':
      return formatMoney(value, currency ?? undefined);
    case 'integer':
      return Number.isFinite(n) ? integers.format(n) : String(value);
    case 'number':
      return Number.isFinite(n) ? decimals.format(n) : String(value);
    case 'percent':
      return Number.isFinite(n) ? `${percents.format(n)}%` : String(value);
    case 'date':
      return date(String(value));
    default:
      return String(value);
  }
}

/** Columns whose cells are numbers, right-aligned. */
export const isNumeric = (type: ColumnType) => type === 'integer' || type === 'number' || type === 'money' || type === 'percent';

/** The rows as the chart reads them: the series as numbers (money comes as text), the x as written. */
export function chartRows(result: ReportResult, date: (day: string) => string): Record<string, string | number>[] {
  const chart = result.chart;
  if (!chart) return [];
  const xType = result.columns.find((c) => c.key === chart.x)?.type ?? 'text';
  return result.rows.map((row) => {
    const point: Record<string, string | number> = { [chart.x]: formatCell(row[chart.x], xType === 'date' ? 'date' : 'text', null, date) };
    for (const s of chart.series) point[s.key] = Number(row[s.key] ?? 0) || 0;
    return point;
  });
}
