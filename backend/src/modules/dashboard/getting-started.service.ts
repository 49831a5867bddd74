import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext, ModuleKey } from '../../common/auth/auth-context';
import { requireCompany } from '../../common/auth/require-company';
import { forbidden, notFound } from '../../common/http/errors';
import { PlanService } from '../permissions/plan.service';
import { GETTING_STARTED_STEPS, type GettingStartedDto, type GettingStartedStep } from './dto/getting-started.dto';

export const GETTING_STARTED_ADMIN_ONLY = 'The getting-started checklist is for the company administrator';

/** The module a step belongs to: a module outside the plan has no step. */
const STEP_MODULE: Record<GettingStartedStep, ModuleKey> = {
  departments: 'departments',
  positions: 'positions',
  location_and_shift: 'attendance',
  invite_employees: 'employees',
  leave_policy: 'leave',
  payroll_settings: 'payroll',
};

/**
 * Every new company starts with default leave types and policies and a default tax table, written
 * in the transaction that creates it: a row counts as the company's own setup once it was added
 * well after the company (a minute) or changed after it was written (a second).
 */
const ADDED_LATER = `created_at > c.created_at + interval '1 minute'`;
const CHANGED = `updated_at > created_at + interval '1 second'`;

/** Every step's state and the caller's dismissal, in one statement. */
const STATE_SQL = `
select
  exists (select 1 from departments where company_id = c.id) as departments,
  exists (select 1 from positions where company_id = c.id) as positions,
  (exists (select 1 from work_locations where company_id = c.id) or exists (select 1 from attendance_settings where company_id = c.id))
    and exists (select 1 from shifts where company_id = c.id) as location_and_shift,
  exists (select 1 from employee_invitations where company_id = c.id)
    or exists (select 1 from users where company_id = c.id and role = 'employee') as invite_employees,
  exists (select 1 from leave_types where company_id = c.id and (${ADDED_LATER} or ${CHANGED}))
    or exists (select 1 from leave_policies where company_id = c.id and (${ADDED_LATER} or ${CHANGED})) as leave_policy,
  exists (select 1 from salary_components where company_id = c.id)
    or exists (select 1 from tax_brackets where company_id = c.id and ${ADDED_LATER}) as payroll_settings,
  d.dismissed_at
from companies c
left join getting_started_dismissals d on d.company_id = c.id and d.user_id = ?
where c.id = ?`;

type StateRow = Record<GettingStartedStep, boolean> & { dismissed_at: Date | string | null };

/**
 * The getting-started checklist of a new company's admin (departments, positions, work location
 * and shift, invited employees, leave policy, payroll settings): each step is ticked from the
 * company's own data, and the admin may hide the checklist (per user and company).
 */
@Injectable()
export class GettingStartedService {
  constructor(
    private readonly em: EntityManager,
    private readonly plans: PlanService,
  ) {}

  async state(ctx: AuthContext): Promise<GettingStartedDto> {
    const companyId = this.adminCompany(ctx);
    const plan = await this.plans.moduleKeys(companyId);
    const [row] = await this.em.execute<StateRow[]>(STATE_SQL, [ctx.userId, companyId]);
    if (!row) throw notFound('Company');
    const steps = GETTING_STARTED_STEPS.filter((key) => plan.has(STEP_MODULE[key])).map((key) => ({ key, done: !!row[key] }));
    const doneCount = steps.filter((s) => s.done).length;
    return {
      steps,
      done_count: doneCount,
      total: steps.length,
      all_done: doneCount === steps.length,
      dismissed: row.dismissed_at != null,
      dismissed_at: row.dismissed_at == null ? null : new Date(row.dismissed_at),
    };
  }

  /** Hides the checklist for the caller (dismissed true) or shows it again (false). */
  async setDismissed(ctx: AuthContext, dismissed: boolean): Promise<GettingStartedDto> {
    const companyId = this.adminCompany(ctx);
    if (dismissed) {
      await this.em.execute(
        `insert into getting_started_dismissals (company_id, user_id) values (?, ?) on conflict (company_id, user_id) do nothing`,
        [companyId, ctx.userId],
      );
    } else {
      await this.em.execute(`delete from getting_started_dismissals where company_id = ? and user_id = ?`, [companyId, ctx.userId]);
    }
    return this.state(ctx);
  }

  /**
   * The caller's first session: at most one sign-in recorded for the account (the one of this
   * session; none when the session began otherwise). Never while a superadmin impersonates.
   */
  async firstSignIn(ctx: AuthContext): Promise<boolean> {
    if (ctx.impersonatorId) return false;
    const [row] = await this.em.execute<Array<{ n: number | string }>>(
      `select count(*) as n from (select 1 from audit_logs where user_id = ? and action = 'sign_in' limit 2) s`,
      [ctx.userId],
    );
    return Number(row?.n ?? 0) <= 1;
  }

  private adminCompany(ctx: AuthContext): number {
    const companyId = requireCompany(ctx);
    if (ctx.role !== 'company_admin' && ctx.role !== 'superadmin') throw forbidden(GETTING_STARTED_ADMIN_ONLY);
    return companyId;
  }
}
