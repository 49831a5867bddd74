import type { components } from '../../../../openapi/schema';
import { formatMonth } from '../../schema/format';

export type Analytics = components['schemas']['AnalyticsDto'];
export type AnalyticsMonth = components['schemas']['AnalyticsMonthDto'];
export type ModuleUsage = components['schemas']['ModuleUsageDto'];

export const PERIODS = [6, 12, 24, 36] as const;

/** The movement of each month as chart values: what came in above zero, what went out below it. */
export const movementSeries = (months: AnalyticsMonth[]) =>
  months.map((m) => ({
    month: formatMonth(m.month),
    new: Number(m.mrr_new),
    expansion: Number(m.mrr_expansion),
    contraction: -Number(m.mrr_contraction),
    churn: -Number(m.mrr_churn),
  }));

/** The window's totals the figures at the top show. */
export function totals(data: Analytics) {
  const sum = (field: 'new_companies' | 'trials_started' | 'trials_converted' | 'churned') => data.months.reduce((n, m) => n + m[field], 0);
  const last = data.months.at(-1);
  return {
    mrr: last?.mrr ?? '0.00',
    companies: last?.companies ?? 0,
    newCompanies: sum('new_companies'),
    started: sum('trials_started'),
    converted: sum('trials_converted'),
    churned: sum('churned'),
    activeToday: data.active_users_daily.at(-1)?.users ?? 0,
    activeWeek: data.active_users_weekly.at(-1)?.users ?? 0,
  };
}

/** Module usage as one row per package, its modules in the API's order. */
export function usageByPackage(rows: ModuleUsage[]) {
  const packages = new Map<number, { id: number; name: string; companies: number; modules: Map<string, number> }>();
  const modules: string[] = [];
  for (const r of rows) {
    if (!modules.includes(r.module)) modules.push(r.module);
    let p = packages.get(r.package_id);
    if (!p) packages.set(r.package_id, (p = { id: r.package_id, name: r.package_name, companies: r.companies, modules: new Map() }));
    p.modules.set(r.module, r.active_companies);
  }
  return { modules, packages: [...packages.values()] };
}

/** Whether the window has nothing at all to chart. */
export const isEmpty = (data: Analytics) =>
  data.months.every((m) => !m.companies && !Number(m.mrr)) && data.active_users_daily.every((d) => !d.users) && !data.at_risk.length;
