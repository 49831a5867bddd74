import { describe, expect, it } from 'vitest';
import { i18nProvider } from '../../providers/i18nProvider';
import { formatMonth, formatMonthDay } from '../../schema/format';
import { isEmpty, movementSeries, totals, usageByPackage, type Analytics, type AnalyticsMonth } from './analytics';
import './messages.en';

const month = (m: string, fields: Partial<AnalyticsMonth> = {}): AnalyticsMonth => ({
  month: m,
  companies: 0,
  new_companies: 0,
  trials_started: 0,
  trials_converted: 0,
  churned: 0,
  mrr: '0.00',
  mrr_new: '0.00',
  mrr_expansion: '0.00',
  mrr_contraction: '0.00',
  mrr_churn: '0.00',
  ...fields,
});

const data: Analytics = {
  currency: 'USD',
  months: [
    month('2026-10', { companies: 3, new_companies: 1, trials_started: 2, trials_converted: 1, mrr: '100.00', mrr_new: '100.00' }),
    month('2026-11', { companies: 4, new_companies: 1, trials_started: 1, churned: 1, mrr: '90.50', mrr_expansion: '40.50', mrr_churn: '50.00' }),
  ],
  conversion_rate: 33.3,
  active_users_daily: [
    { date: '2026-11-25', users: 4 },
    { date: '2026-11-26', users: 2 },
  ],
  active_users_weekly: [{ week_start: '2026-11-23', users: 5 }],
  module_usage: [
    { package_id: 1, package_code: 'basic', package_name: 'Basic', module: 'employees', companies: 3, active_companies: 2 },
    { package_id: 1, package_code: 'basic', package_name: 'Basic', module: 'leave', companies: 3, active_companies: 0 },
    { package_id: 2, package_code: 'pro', package_name: 'Pro', module: 'employees', companies: 1, active_companies: 1 },
    { package_id: 2, package_code: 'pro', package_name: 'Pro', module: 'leave', companies: 1, active_companies: 1 },
  ],
  at_risk: [],
};

describe('how Analytics reads the figures', () => {
  it('names months and days in English, UTC', () => {
    expect(formatMonth('2026-01')).toBe('Jan 2026');
    expect(formatMonthDay('2026-11-02')).toBe('Nov 2');
    expect(formatMonth('bad')).toBe('bad');
  });

  it('draws what a month lost below zero', () => {
    expect(movementSeries(data.months)[1]).toEqual({ month: 'Nov 2026', new: 0, expansion: 40.5, contraction: -0, churn: -50 });
  });

  it("sums the window and takes this month's and this week's figures", () => {
    expect(totals(data)).toEqual({ mrr: '90.50', companies: 4, newCompanies: 2, started: 3, converted: 1, churned: 1, activeToday: 2, activeWeek: 5 });
    expect(totals({ ...data, months: [], active_users_daily: [], active_users_weekly: [] })).toEqual(
      expect.objectContaining({ mrr: '0.00', companies: 0, activeToday: 0, activeWeek: 0 }),
    );
  });

  it('lays module usage out as one row per package', () => {
    const { modules, packages } = usageByPackage(data.module_usage);
    expect(modules).toEqual(['employees', 'leave']);
    expect(packages.map((p) => [p.name, p.companies, Object.fromEntries(p.modules)])).toEqual([
      ['Basic', 3, { employees: 2, leave: 0 }],
      ['Pro', 1, { employees: 1, leave: 1 }],
    ]);
  });

  it('knows an empty platform', () => {
    expect(isEmpty(data)).toBe(false);
    expect(isEmpty({ ...data, months: [month('2026-11')], active_users_daily: [{ date: '2026-11-26', users: 0 }] })).toBe(true);
  });

  it('has its texts once the screen loads', () => {
    expect(i18nProvider.translate('analytics.usage.cell', { active: 2, total: 3 })).toBe('2 of 3');
    expect(i18nProvider.translate('analytics.risk.reasons.past_due')).toBe('Past due');
  });
});
