import { describe, expect, it } from 'vitest';
import { splitRecipients } from './subscriptions';
import { chartRows, defaultFilters, formatCell, fromSearch, monthStart, reportDefaults, reportQuery, toSearch, type ReportInfo, type ReportResult } from './report';

const day = (d: string) => `day ${d}`;

const breakdown: ReportInfo = {
  id: 'headcount-breakdown',
  group: 'headcount',
  title: 'Headcount',
  description: '',
  filters: ['at', 'group_by', 'department_id', 'position_id'],
  group_by_options: [
    { id: 'department', name: 'Department' },
    { id: 'position', name: 'Position' },
  ],
  defaults: { from: '2025-12-01', to: '2026-11-26', at: '2026-11-26', group_by: 'department', older_than_days: 7 },
  scope: 'company',
};

describe('reports: filters', () => {
  it('opens on the twelve months up to today', () => {
    expect(defaultFilters('2026-11-26')).toEqual({ from: '2025-12-01', to: '2026-11-26', at: '2026-11-26', older_than_days: '7' });
    expect(monthStart('2026-03-15', 11)).toBe('2025-04-01');
    expect(monthStart('2026-12-31', 11)).toBe('2026-01-01');
    expect(monthStart('2026-01-01', 0)).toBe('2026-01-01');
  });

  it('takes the server’s defaults of a report', () => {
    expect(reportDefaults(breakdown, {})).toEqual({ from: '2025-12-01', to: '2026-11-26', at: '2026-11-26', group_by: 'department', older_than_days: '7' });
    expect(reportDefaults(undefined, { at: '2026-01-01' })).toEqual({ at: '2026-01-01' });
  });

  it('reads a link over the defaults', () => {
    const parsed = fromSearch(new URLSearchParams('report=leave-pending&older_than_days=14&department_id=3'), defaultFilters('2026-11-26'));
    expect(parsed.report).toBe('leave-pending');
    expect(parsed.filters).toMatchObject({ older_than_days: '14', department_id: '3', from: '2025-12-01' });
  });

  it('writes only the report and what differs from the defaults', () => {
    const defaults = reportDefaults(breakdown, defaultFilters('2000-01-01'));
    const search = toSearch(breakdown, { ...defaults, department_id: '4', from: '2026-01-01', group_by: 'department' }, defaults);
    expect(search.toString()).toBe('report=headcount-breakdown&department_id=4');
    expect(toSearch(breakdown, { ...defaults, group_by: 'position' }, defaults).toString()).toBe('report=headcount-breakdown&group_by=position');
  });

  it('asks with the report’s own filters, the first grouping when none is chosen', () => {
    expect(reportQuery(breakdown, { ...defaultFilters('2026-11-26'), position_id: '' })).toEqual({ at: '2026-11-26', group_by: 'department' });
    expect(reportQuery(breakdown, { group_by: 'position' })).toEqual({ group_by: 'position' });
  });
});

describe('reports: cells', () => {
  it('writes each type as the table shows it', () => {
    expect(formatCell('1234.50', 'money', 'EUR', day)).toBe('€1,234.50');
    expect(formatCell('79.00', 'money', null, day)).toBe('$79.00');
    expect(formatCell(12.5, 'percent', null, day)).toBe('12.5%');
    expect(formatCell(1234, 'integer', null, day)).toBe('1,234');
    expect(formatCell(7.456, 'number', null, day)).toBe('7.46');
    expect(formatCell('2026-11-26', 'date', null, day)).toBe('day 2026-11-26');
    expect(formatCell(null, 'money', 'USD', day)).toBe('—');
    expect(formatCell('Sales', 'text', null, day)).toBe('Sales');
  });

  it('gives the chart numbers', () => {
    const result: ReportResult = {
      id: 'payroll-cost',
      group: 'payroll',
      title: '',
      subtitle: '',
      columns: [
        { key: 'month', label: 'Month', type: 'date' },
        { key: 'cost', label: 'Cost', type: 'money' },
      ],
      rows: [{ month: '2026-11-01', cost: '100.50' }, { month: '2026-12-01', cost: null }],
      totals: null,
      chart: { kind: 'bar', x: 'month', series: [{ key: 'cost', label: 'Cost' }] },
      currency: 'USD',
      total_rows: 2,
      truncated: false,
    };
    expect(chartRows(result, day)).toEqual([
      { month: 'day 2026-11-01', cost: 100.5 },
      { month: 'day 2026-12-01', cost: 0 },
    ]);
  });
});

describe('reports: scheduled', () => {
  it('reads the recipients field', () => {
    expect(splitRecipients(' a@x.com, b@x.com;c@x.com  a@x.com ')).toEqual(['a@x.com', 'b@x.com', 'c@x.com']);
    expect(splitRecipients(' , ')).toEqual([]);
  });
});
