import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { achievementSql, VALUE_OF_TARGET, varianceSql } from './achievement';
import type { KpiDashboardDto } from './dto/kpi-dashboard.dto';
import { KPI_CATEGORIES } from './kpi.entity';
import { SUBJECT_NAME, subjectJoins } from './kpi-subject';
import { daySql, dec } from './sql-list';

/** The dashboard tab's figures, each one aggregate query over the company's rows. */
@Injectable()
export class KpiDashboardService {
  constructor(private readonly em: EntityManager) {}

  async dashboard(ctx: AuthContext): Promise<KpiDashboardDto> {
    const c = [ctx.companyId];
    const categories = await this.em.execute<Array<{ category: string; total_kpis: number; active_kpis: number }>>(
      `select category, count(*)::int as total_kpis, (count(*) filter (where is_active))::int as active_kpis
         from kpis where company_id = ? group by category`,
      c,
    );
    const [targets] = await this.em.execute<Array<{ total: number; achieved: number }>>(
      `select count(*)::int as total, (count(*) filter (where x.achievement >= 100))::int as achieved
         from (select ${achievementSql('k.direction', 'v.actual_value', 't.target_value')} as achievement
                 from kpi_targets t
                 join kpis k on k.id = t.kpi_id
                 left join kpi_values v on ${VALUE_OF_TARGET}
                where t.company_id = ?) x`,
      c,
    );
    const [bonus] = await this.em.execute<Array<{ paid_amount: string; paid: number; pending_amount: string; pending: number }>>(
      `select coalesce(sum(bonus_amount) filter (where status = 'paid'), 0.00) as paid_amount,
              (count(*) filter (where status = 'paid'))::int as paid,
              coalesce(sum(bonus_amount) filter (where status in ('calculated', 'approved')), 0.00) as pending_amount,
              (count(*) filter (where status in ('calculated', 'approved')))::int as pending
         from bonus_payments where company_id = ?`,
      c,
    );
    const top = await this.em.execute<Array<{ employee_id: number; employee_name: string; payment_count: number; total_bonus: string }>>(
      `select b.employee_id, concat_ws(' ', e.first_name, e.last_name) as employee_name,
              count(*)::int as payment_count, sum(b.bonus_amount) as total_bonus
         from bonus_payments b join employees e on e.id = b.employee_id
        where b.company_id = ? and b.status in ('calculated', 'approved', 'paid')
        group by b.employee_id, e.first_name, e.last_name
        order by sum(b.bonus_amount) desc, employee_name, b.employee_id
        limit 5`,
      c,
    );
    const recent = await this.em.execute<Array<Record<string, any>>>(
      `select v.id, k.name as kpi_name, v.entity_type, ${SUBJECT_NAME} as entity_name, v.actual_value, t.target_value,
              ${varianceSql('k.direction', 'v.actual_value', 't.target_value')} as variance_percentage,
              ${daySql('v.period_end_date')} as period_end_date
         from kpi_values v
         join kpis k on k.id = v.kpi_id
         ${subjectJoins('v')}
         left join kpi_targets t on ${VALUE_OF_TARGET}
        where v.company_id = ?
        order by v.period_end_date desc, v.id desc
        limit 10`,
      c,
    );
    const order = (category: string) => KPI_CATEGORIES.indexOf(category as (typeof KPI_CATEGORIES)[number]);
    return {
      kpi_summary: categories
        .sort((a, b) => order(a.category) - order(b.category))
        .map((r) => ({ category: r.category as (typeof KPI_CATEGORIES)[number], total_kpis: r.total_kpis, active_kpis: r.active_kpis })),
      targets_summary: {
        achieved_targets: targets.achieved,
        total_targets: targets.total,
        achievement_rate: targets.total ? Math.round((targets.achieved * 100) / targets.total) : 0,
      },
      bonus_summary: {
        total_bonus_amount: dec(bonus.paid_amount)!,
        paid_payments: bonus.paid,
        pending_bonus_amount: dec(bonus.pending_amount)!,
        pending_payments: bonus.pending,
      },
      top_performers: top.map((r) => ({ ...r, total_bonus: dec(r.total_bonus)! })),
      recent_values: recent.map((r) => ({
        id: r.id,
        kpi_name: r.kpi_name,
        entity_type: r.entity_type,
        entity_name: r.entity_name ?? null,
        actual_value: dec(r.actual_value)!,
        target_value: dec(r.target_value),
        variance_percentage: r.variance_percentage ?? null,
        period_end_date: r.period_end_date,
      })),
    };
  }
}
