// Figures, their budgets and the printed table. A figure fails against its budget, when it could
// not be measured (no value: an endpoint answering 404, any error), or when the work it measured
// does not match the data set (`problem`: a batch that processed fewer rows than due, a report with
// no rows); figures without a budget (floors, throughput) are otherwise printed for reading.
import { writeFileSync } from 'node:fs';
import { round } from './stats.mjs';

export class Report {
  constructor(meta) {
    this.meta = meta;
    this.figures = [];
  }

  /**
   * `add({ group, name, value, unit, floor, ratio, max, min, budgetUnit, note, problem, info })`:
   * `max`/`min` apply to `ratio` when budgetUnit is '×', otherwise to `value`. A figure without a
   * value (`null`: it could not be measured) fails, and so does one with a `problem` (what its work
   * lacked, shown first in its note). `info: true` marks a line that is no figure (the template
   * reused), printed and never judged.
   */
  add(f) {
    const figure = { floor: null, ratio: null, max: null, min: null, note: null, problem: null, info: false, ...f };
    const target = figure.budgetUnit === '×' ? figure.ratio : figure.value;
    const missing = (v) => v === null || v === undefined || Number.isNaN(v);
    if (figure.problem) {
      figure.pass = false;
      figure.note = figure.note ? `${figure.problem}; ${figure.note}` : figure.problem;
    } else if (figure.info) figure.pass = null;
    else if (missing(figure.value) || missing(target)) figure.pass = false;
    else if (figure.max === null && figure.min === null) figure.pass = null;
    else figure.pass = (figure.max === null || target <= figure.max) && (figure.min === null || target >= figure.min);
    this.figures.push(figure);
    return figure;
  }

  /** A phase that failed before measuring: its figures are reported as failures with the reason. */
  failed(group, name, error) {
    return this.add({ group, name, value: null, unit: '', max: 0, note: `failed: ${error.message.split('\n')[0]}` });
  }

  get passed() {
    return this.figures.every((f) => f.pass !== false);
  }

  table() {
    const fmt = (v, unit) => (v === null || v === undefined ? '—' : `${formatNumber(v)}${unit ? ` ${unit}` : ''}`);
    const rows = this.figures.map((f) => [
      f.group,
      f.name,
      fmt(f.value, f.unit),
      f.floor === null ? '' : fmt(f.floor, f.unit),
      f.ratio === null ? '' : `${formatNumber(f.ratio)}×`,
      budgetText(f),
      f.pass === true ? 'ok' : f.pass === false ? 'FAIL' : '',
      f.note ?? '',
    ]);
    return markdownTable(['area', 'figure', 'value', 'floor', 'ratio', 'budget', 'result', 'note'], rows);
  }

  write(path) {
    const figures = this.figures.map((f) => ({
      ...f,
      value: typeof f.value === 'number' ? round(f.value, 3) : f.value,
      floor: typeof f.floor === 'number' ? round(f.floor, 3) : f.floor,
      ratio: typeof f.ratio === 'number' ? round(f.ratio, 3) : f.ratio,
    }));
    writeFileSync(path, `${JSON.stringify({ ...this.meta, passed: this.passed, figures }, null, 2)}\n`);
  }
}

function budgetText(f) {
  const unit = f.budgetUnit === '×' ? '×' : f.budgetUnit ? ` ${f.budgetUnit}` : f.unit ? ` ${f.unit}` : '';
  if (f.max !== null && f.min !== null) return `${formatNumber(f.min)}–${formatNumber(f.max)}${unit}`;
  if (f.max !== null) return `≤ ${formatNumber(f.max)}${unit}`;
  if (f.min !== null) return `≥ ${formatNumber(f.min)}${unit}`;
  return '';
}

export function formatNumber(v) {
  if (typeof v !== 'number') return String(v);
  const abs = Math.abs(v);
  if (abs > 0 && abs < 0.1) return v.toPrecision(2);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

function markdownTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
