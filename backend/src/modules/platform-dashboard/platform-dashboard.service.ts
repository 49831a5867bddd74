import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { COMPANY_MRR_CTE } from '../billing/mrr';
import type { PlatformDashboardDto } from './platform-dashboard.dto';

/** Cent-exact sum of decimal strings. */
const toCents = (amount: string) => Math.round(Number(amount) * 100);
const fromCents = (cents: number) => (cents / 100).toFixed(2);

@Injectable()
export class PlatformDashboardService {
  constructor(private readonly em: EntityManager) {}

  /** The platform's figures (spec 2.12 and 9): MRR by the one rule of billing/mrr.ts. */
  async summary(): Promise<PlatformDashboardDto> {
    const [plans, users, trials, recent] = await Promise.all([
      // MRR by the platform's one rule (billing/mrr.ts), each company's on the package it is counted on
      this.em.execute<Array<{ id: number; package_code: string; package_name: string; mrr: string; companies: string; active: string }>>(
        `with ${COMPANY_MRR_CTE}
         select p.id, p.package_code, p.package_name,
                coalesce((select sum(m.mrr) from company_mrr m where m.package_id = p.id), 0)::numeric(14,2)::text as mrr,
                count(c.id) as companies, count(c.id) filter (where c.subscription_status = 'active') as active
           from packages p left join companies c on c.package_id = p.id
          group by p.id order by p.sort_order, p.id`,
      ),
      this.em.execute<Array<{ n: string }>>(`select count(*) as n from users where role <> 'superadmin'`),
      this.em.execute<Array<{ n: string }>>(
        `select count(*) as n from companies where subscription_status = 'active' and trial_ends_at > now()`,
      ),
      this.em.execute<Array<{ id: number; company_name: string; company_code: string; subscription_plan: string; package_name: string | null; subscription_status: string; trial_ends_at: Date | null; created_at: Date }>>(
        `select c.id, c.company_name, c.company_code, c.subscription_plan, p.package_name, c.subscription_status, c.trial_ends_at, c.created_at
           from companies c left join packages p on p.id = c.package_id
          order by c.created_at desc, c.id desc limit 5`,
      ),
    ]);
    let mrrCents = 0;
    const byPlan = plans.map((p) => {
      const cents = toCents(p.mrr);
      mrrCents += cents;
      return {
        package_id: p.id,
        package_code: p.package_code,
        package_name: p.package_name,
        companies: Number(p.companies),
        active: Number(p.active),
        mrr: fromCents(cents),
      };
    });
    return {
      total_companies: byPlan.reduce((n, p) => n + p.companies, 0),
      active_clients: byPlan.reduce((n, p) => n + p.active, 0),
      trial_companies: Number(trials[0].n),
      total_users: Number(users[0].n),
      mrr: fromCents(mrrCents),
      plans: byPlan,
      recent_companies: recent.map((c) => ({ ...c, trial_ends_at: c.trial_ends_at ? new Date(c.trial_ends_at) : null, created_at: new Date(c.created_at) })),
    };
  }
}
