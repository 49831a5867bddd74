import { Injectable } from '@nestjs/common';
import { RequestContext } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ModuleKey } from '../../common/auth/auth-context';
import { unprocessable } from '../../common/http/errors';
import { inWords } from '../billing/subscription-state';

export interface PlanLimits {
  /** -1 = unlimited */
  max_employees: number;
  /** -1 = unlimited */
  max_admins: number;
}

export type SubscriptionState = 'active' | 'trial' | 'trial_ended' | 'suspended' | 'cancelled';

/** What a company's package grants, and whether its subscription lets it write. */
export interface CompanyPlan {
  companyId: number;
  packageId: number;
  packageCode: string;
  packageName: string;
  /** permission module keys granted by the package's included, active features (+ always-on) */
  modules: Set<ModuleKey>;
  /** feature codes of the package's included, active features */
  features: Set<string>;
  limits: PlanLimits;
  subscriptionStatus: 'active' | 'suspended' | 'cancelled';
  trialEndsAt: Date | null;
  state: SubscriptionState;
}

export const MODULE_KEYS: readonly ModuleKey[] = [
  'employees',
  'departments',
  'positions',
  'attendance',
  'leave',
  'payroll',
  'reports',
  'settings',
  'monitoring',
  'kpi',
];

/** A module's name as a person reads it (refusals, lists). */
export const MODULE_NAMES: Record<ModuleKey, string> = {
  employees: 'Employees',
  departments: 'Departments',
  positions: 'Positions',
  attendance: 'Attendance',
  leave: 'Leave Management',
  payroll: 'Payroll',
  reports: 'Reports',
  settings: 'Settings',
  monitoring: 'Operational Monitoring',
  kpi: 'KPI & Bonus',
};

/** Modules every company has whatever its package: settings is where a company changes its plan. */
export const ALWAYS_ON_MODULES: readonly ModuleKey[] = ['settings'];


export const WRITE_BLOCKED: Record<'trial_ended' | 'suspended' | 'cancelled', string> = {
  trial_ended: 'Your trial has ended. Choose a package to continue.',
  suspended: 'Your subscription is suspended. Please contact the platform administrator.',
  cancelled: 'Your subscription has been cancelled. Choose a package to continue.',
};

/**
 * The plan columns of a company (alias c) joined to its package (alias p). request_user_context
 * (Migration20261124200000) returns the same columns for the access guard, which remembers them
 * as this request's PlanRow: a column added here belongs there too.
 */
const PLAN_COLUMNS = `p.id as package_id, p.package_code, p.package_name, p.max_employees, p.max_admins,
  c.subscription_status, c.trial_ends_at, package_feature_codes(p.id) as feature_codes`;

export interface PlanRow {
  package_id: number;
  package_code: string;
  package_name: string;
  max_employees: number;
  max_admins: number;
  subscription_status: CompanyPlan['subscriptionStatus'];
  trial_ends_at: Date | string | null;
  feature_codes: string[] | null;
}

/**
 * The modules, features and limits a company's package grants, and its subscription state.
 * Called on every guarded request: one query, remembered for the rest of the request.
 */
@Injectable()
export class PlanService {
  private readonly perRequest = new WeakMap<object, Map<number, Promise<CompanyPlan | null>>>();

  constructor(private readonly em: EntityManager) {}

  /**
   * The module key a feature grants, if any: the feature whose code is the key (monitoring grants
   * Operational Monitoring alone, kpi KPI & Bonus alone).
   */
  static grantedKey(featureCode: string): ModuleKey | null {
    return (MODULE_KEYS as readonly string[]).includes(featureCode) ? (featureCode as ModuleKey) : null;
  }

  /** The refusal of a module the company's package lacks: "Your package does not include KPI & Bonus". */
  static notIncluded(module: ModuleKey): string {
    return `Your package does not include ${MODULE_NAMES[module]}`;
  }

  /** The module keys a set of included features grants, with the always-on modules, in catalogue order. */
  static modulesOf(featureCodes: Iterable<string>): Set<ModuleKey> {
    const granted = new Set<ModuleKey>(ALWAYS_ON_MODULES);
    for (const code of featureCodes) {
      const key = PlanService.grantedKey(code);
      if (key) granted.add(key);
    }
    return new Set(MODULE_KEYS.filter((k) => granted.has(k)));
  }

  static stateOf(status: CompanyPlan['subscriptionStatus'], trialEndsAt: Date | null, now = new Date()): SubscriptionState {
    if (status !== 'active') return status;
    if (!trialEndsAt) return 'active';
    return trialEndsAt.getTime() <= now.getTime() ? 'trial_ended' : 'trial';
  }

  plan(companyId: number): Promise<CompanyPlan | null> {
    // remembered per HTTP request only: outside one (jobs, scripts) every call reads afresh
    const context = RequestContext.currentRequestContext();
    if (!context) return this.load(companyId);
    let cache = this.perRequest.get(context);
    if (!cache) {
      cache = new Map();
      this.perRequest.set(context, cache);
    }
    let found = cache.get(companyId);
    if (!found) {
      found = this.load(companyId);
      cache.set(companyId, found);
      // a failed read is not remembered
      found.catch(() => cache!.delete(companyId));
    }
    return found;
  }

  /** Remembers, for the rest of this request, a plan read beside other things (the access guard's request_user_context). */
  remember(companyId: number, row: PlanRow): void {
    const context = RequestContext.currentRequestContext();
    if (!context) return;
    let cache = this.perRequest.get(context);
    if (!cache) {
      cache = new Map();
      this.perRequest.set(context, cache);
    }
    const plan = this.paidFor(PlanService.toPlan(companyId, row));
    cache.set(companyId, plan);
    plan.catch(() => cache.delete(companyId));
  }

  /** Forgets what this request read about the company (after changing its package or status). */
  forget(companyId: number): void {
    const context = RequestContext.currentRequestContext();
    if (context) this.perRequest.get(context)?.delete(companyId);
  }

  async moduleKeys(companyId: number): Promise<Set<ModuleKey>> {
    return new Set((await this.plan(companyId))?.modules ?? []);
  }

  async featureCodes(companyId: number): Promise<Set<string>> {
    return new Set((await this.plan(companyId))?.features ?? []);
  }

  async hasFeature(companyId: number, featureCode: string): Promise<boolean> {
    return !!(await this.plan(companyId))?.features.has(featureCode);
  }

  /** The package's limits; -1 = unlimited. An unknown company gets nothing. */
  async limits(companyId: number): Promise<PlanLimits> {
    return (await this.plan(companyId))?.limits ?? { max_employees: 0, max_admins: 0 };
  }

  /**
   * A company grows (employees, admins) to `total` within its package's limit and, while a
   * downgrade waits for the period end, within the waiting package's limit too: the renewal makes
   * the change only if the company fits it (billing-jobs.service.ts), so growing past it is
   * refused now, naming the plan and the limit. `em`: the caller's transaction.
   */
  async assertRoom(companyId: number, kind: 'employees' | 'admins', total: number, em: EntityManager = this.em): Promise<void> {
    const key = kind === 'employees' ? 'max_employees' : 'max_admins';
    const noun = (n: number) => (n === 1 ? kind.slice(0, -1) : kind);
    const max = (await this.limits(companyId))[key];
    if (max >= 0 && total > max) throw unprocessable(`Your plan allows at most ${max} ${noun(max)}`);
    const [waiting] = await em.execute<Array<{ package_name: string; max_employees: number; max_admins: number; effective: string }>>(
      `select p.package_name, p.max_employees, p.max_admins, c.current_period_end::text as effective
         from companies c join packages p on p.id = c.scheduled_package_id where c.id = ?`,
      [companyId],
    );
    const wait = waiting?.[key];
    if (waiting && wait >= 0 && total > wait) {
      throw unprocessable(
        `Your plan changes to the ${waiting.package_name} package on ${inWords(waiting.effective)}, which allows at most ${wait} ${noun(wait)}: withdraw the change to add more`,
      );
    }
  }

  /** Why the company may not write (trial ended, suspended, cancelled), or null when it may. */
  async writeBlock(companyId: number): Promise<string | null> {
    const plan = await this.plan(companyId);
    if (!plan) return null;
    return plan.state === 'trial_ended' || plan.state === 'suspended' || plan.state === 'cancelled'
      ? WRITE_BLOCKED[plan.state]
      : null;
  }

  private async load(companyId: number): Promise<CompanyPlan | null> {
    const rows: PlanRow[] = await this.em.execute(
      `select ${PLAN_COLUMNS} from companies c join packages p on p.id = c.package_id where c.id = ?`,
      [companyId],
    );
    return rows[0] ? this.paidFor(PlanService.toPlan(companyId, rows[0])) : null;
  }

  /**
   * A suspended company keeps only what it paid for: while an upgrade's invoice is unpaid, the
   * modules and features of the package it had before that upgrade (the upgrade's audit row names
   * it; unknown: none but the always-on ones). An unpaid upgrade is usable until the suspension
   * (its due date and the grace period), not after. One query, for suspended companies only.
   */
  private async paidFor(plan: CompanyPlan): Promise<CompanyPlan> {
    if (plan.state !== 'suspended') return plan;
    const rows = await this.em.execute<Array<{ feature_codes: string[] | null }>>(
      `select case when fp.id is not null then package_feature_codes(fp.id) end as feature_codes
         from (select invoice_number from invoices where company_id = ? and status = 'open' and reason = 'upgrade'
                order by issue_date, id limit 1) i
         left join lateral (select a.details from audit_logs a
                             where a.company_id = ? and a.action = 'subscription.plan_changed' and a.details->>'invoice_number' = i.invoice_number
                             order by a.id limit 1) a on true
         left join packages fp on fp.package_code = a.details->>'from'`,
      [plan.companyId, plan.companyId],
    );
    if (!rows.length) return plan;
    const features = new Set(rows[0].feature_codes ?? []);
    return { ...plan, modules: PlanService.modulesOf(features), features };
  }

  private static toPlan(companyId: number, row: PlanRow): CompanyPlan {
    const features = new Set(row.feature_codes ?? []);
    const trialEndsAt = row.trial_ends_at ? new Date(row.trial_ends_at) : null;
    return {
      companyId,
      packageId: row.package_id,
      packageCode: row.package_code,
      packageName: row.package_name,
      modules: PlanService.modulesOf(features),
      features,
      limits: { max_employees: row.max_employees, max_admins: row.max_admins },
      subscriptionStatus: row.subscription_status,
      trialEndsAt,
      state: PlanService.stateOf(row.subscription_status, trialEndsAt),
    };
  }
}
