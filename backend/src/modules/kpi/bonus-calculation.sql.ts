import { achievementSql, VALUE_OF_TARGET } from './achievement';

/**
 * The whole bonus calculation of one company and period as one statement (10,000 employees cost
 * one round trip):
 *
 * - Targets: those whose whole period lies in [start, end], of an active KPI with an active bonus
 *   rule. Achievement: the target's own subject value for the KPI and period (a department or
 *   position target uses the department's or position's value), see achievementSql. No value, or
 *   no tier reached: no payment.
 * - Tier: the highest tier whose min_achievement is at most the achievement.
 * - Amount: fixed = bonus_value; salary_percentage = bonus_value % of the monthly salary
 *   (employees.salary is annual: salary × bonus_value / 1200), rounded half-up to the cent, then
 *   capped at the rule's max_bonus_amount. An amount of 0 (or no salary) pays nothing.
 * - Who: an employee target pays that employee unless terminated; a department or position target
 *   pays each of its active members. An employee concerned by several targets of one KPI and
 *   period is judged by the most specific one only (employee, then position, then department),
 *   even when that one pays nothing.
 * - Writing: payments are upserted with status 'calculated' on (employee, KPI, period); a payment
 *   already approved, paid, rejected or cancelled is left untouched (kept). 'calculated' payments
 *   of the period that no target produces any more are removed.
 *
 * Every interpolated value is produced by code from validated integers and dates.
 */
export function bonusCalculationSql(companyId: number, start: string, end: string): string {
  const c = int(companyId);
  const s = date(start);
  const e = date(end);
  return `
with tgt as (
  select t.id as target_id, t.kpi_id, t.target_type, t.employee_id, t.department_id, t.position_id,
         t.period_start_date, t.period_end_date, t.target_value, v.actual_value,
         r.id as rule_id, r.max_bonus_amount,
         ${achievementSql('k.direction', 'v.actual_value', 't.target_value')} as achievement
    from kpi_targets t
    join kpis k on k.id = t.kpi_id and k.is_active
    join bonus_rules r on r.company_id = ${c} and r.kpi_id = t.kpi_id and r.is_active
    left join kpi_values v on ${VALUE_OF_TARGET}
   where t.company_id = ${c} and t.period_start_date >= ${s} and t.period_end_date <= ${e}
),
member as (
  select tg.*, em.id as member_id, em.salary, 0 as specificity
    from tgt tg join employees em on em.id = tg.employee_id and em.employment_status <> 'terminated'
   where tg.target_type = 'employee'
  union all
  select tg.*, em.id, em.salary, 1
    from tgt tg join employees em on em.company_id = ${c} and em.position_id = tg.position_id and em.employment_status = 'active'
   where tg.target_type = 'position'
  union all
  select tg.*, em.id, em.salary, 2
    from tgt tg join employees em on em.company_id = ${c} and em.department_id = tg.department_id and em.employment_status = 'active'
   where tg.target_type = 'department'
),
picked as (
  select distinct on (member_id, kpi_id, period_start_date, period_end_date) *
    from member
   order by member_id, kpi_id, period_start_date, period_end_date, specificity, target_id
),
tiered as (
  select p.*, tr.bonus_type, tr.bonus_value
    from picked p
    join lateral (select x.bonus_type, x.bonus_value from bonus_rule_tiers x
                   where x.bonus_rule_id = p.rule_id and x.min_achievement <= p.achievement
                   order by x.min_achievement desc limit 1) tr on true
   where p.achievement is not null
),
amounts as (
  select p.*, case when p.max_bonus_amount is null then raw.amount else least(raw.amount, p.max_bonus_amount) end as amount
    from tiered p
    cross join lateral (select round(case p.bonus_type when 'fixed' then p.bonus_value
                                                      else p.salary * p.bonus_value / 1200 end, 2) as amount) raw
),
due as (
  select * from amounts where amount > 0
),
stale as (
  delete from bonus_payments b
   where b.company_id = ${c} and b.status = 'calculated'
     and b.payment_period_start >= ${s} and b.payment_period_end <= ${e}
     and not exists (select 1 from due d where d.member_id = b.employee_id and d.kpi_id = b.kpi_id
                                           and d.period_start_date = b.payment_period_start
                                           and d.period_end_date = b.payment_period_end)
  returning b.id
),
written as (
  insert into bonus_payments (company_id, employee_id, kpi_id, kpi_target_id, bonus_rule_id, payment_period_start,
                              payment_period_end, bonus_amount, status, achievement_percentage, actual_value,
                              target_value, bonus_type)
  select ${c}, member_id, kpi_id, target_id, rule_id, period_start_date, period_end_date, amount, 'calculated',
         achievement, actual_value, target_value, bonus_type
    from due
  on conflict (company_id, employee_id, kpi_id, payment_period_start, payment_period_end)
  do update set kpi_target_id = excluded.kpi_target_id, bonus_rule_id = excluded.bonus_rule_id,
                bonus_amount = excluded.bonus_amount, achievement_percentage = excluded.achievement_percentage,
                actual_value = excluded.actual_value, target_value = excluded.target_value,
                bonus_type = excluded.bonus_type, updated_at = now()
          where bonus_payments.status = 'calculated'
  returning bonus_amount, (xmax = 0) as inserted
)
select (select count(*) from due)::int as due,
       (select count(*) from stale)::int as removed,
       count(*)::int as written,
       (count(*) filter (where not inserted))::int as updated,
       coalesce(sum(bonus_amount), 0.00)::numeric(14,2)::text as total
  from written`;
}

/** The computed KPIs' (KPI, period) pairs of the targets a calculation covers, whose values it refreshes first. */
export const COMPUTED_TARGET_PERIODS = `
  select distinct t.kpi_id, k.data_source_type as source, to_char(t.period_start_date, 'YYYY-MM-DD') as ps,
         to_char(t.period_end_date, 'YYYY-MM-DD') as pe
    from kpi_targets t
    join kpis k on k.id = t.kpi_id and k.is_active and k.data_source_type <> 'manual'
   where t.company_id = ? and t.period_start_date >= ? and t.period_end_date <= ?`;

function int(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return String(value);
}

function date(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new Error(`not a date: ${value}`);
  return `date '${value}'`;
}
