import { fromCents, toCents } from '../billing/money';
import type { ReportColumn } from './report-definition';

export type Cell = string | number | null;
export type ReportRow = Record<string, Cell>;

/** A row as the API sends it: integers and percentages as numbers, money and decimals as 2-decimal text. */
export function normalizeRow(columns: readonly ReportColumn[], raw: Record<string, unknown>): ReportRow {
  const row: ReportRow = {};
  for (const c of columns) {
    const v = raw[c.key];
    if (v === null || v === undefined) row[c.key] = null;
    else if (c.type === 'integer') row[c.key] = Number(v);
    else if (c.type === 'percent') row[c.key] = Math.round(Number(v) * 100) / 100;
    else if (c.type === 'money' || c.type === 'number') row[c.key] = fromCents(toCents(String(v)));
    else if (v instanceof Date) row[c.key] = v.toISOString().slice(0, 10);
    else row[c.key] = String(v);
  }
  return row;
}

/**
 * The totals of a table, added up row by row as the rows stream past (exports never hold the
 * whole table): sums exact in hundredths, rates from the summed columns.
 */
export class TotalsAccumulator {
  private readonly sums = new Map<string, bigint>();
  private rows = 0;

  constructor(private readonly columns: readonly ReportColumn[]) {}

  get hasTotals(): boolean {
    return this.columns.some((c) => c.total);
  }

  add(row: ReportRow): void {
    this.rows++;
    for (const c of this.columns) {
      const v = row[c.key];
      if (v === null || v === undefined || typeof v === 'string' && !/^-?\d+(\.\d+)?$/.test(v)) continue;
      if (c.type === 'text' || c.type === 'date') continue;
      this.sums.set(c.key, (this.sums.get(c.key) ?? 0n) + toCents(typeof v === 'number' ? v.toFixed(2) : v));
    }
  }

  /** The columns whose sums the totals need: the summed ones and the parts of the rates. */
  summedKeys(): string[] {
    const keys = new Set<string>();
    for (const c of this.columns) {
      if (c.total === 'sum') keys.add(c.key);
      else if (c.total) c.total.percent.forEach((k) => keys.add(k));
    }
    return [...keys];
  }

  /** The sums of the whole table, added up by the database, and its number of rows. */
  setSums(sums: Record<string, unknown>, rows: number): void {
    this.rows = rows;
    for (const [key, value] of Object.entries(sums)) {
      this.sums.set(key, value === null || value === undefined ? 0n : toCents(String(value)));
    }
  }

  totals(): ReportRow | null {
    if (!this.hasTotals) return null;
    const out: ReportRow = {};
    const first = this.columns.find((c) => c.type === 'text' || c.type === 'date');
    for (const c of this.columns) {
      if (!c.total) {
        out[c.key] = c === first ? 'Total' : null;
        continue;
      }
      if (c.total === 'sum') {
        const cents = this.sums.get(c.key) ?? 0n;
        out[c.key] = c.type === 'integer' ? Number(cents / 100n) : fromCents(cents);
        continue;
      }
      const [num, den] = c.total.percent;
      const numerator = Number(this.sums.get(num) ?? 0n) / 100;
      let denominator = Number(this.sums.get(den) ?? 0n) / 100;
      if (c.total.denominator === 'mean') denominator = this.rows ? denominator / this.rows : 0;
      out[c.key] = denominator === 0 ? 0 : Math.round((numerator * 10000) / denominator) / 100;
    }
    return out;
  }
}
