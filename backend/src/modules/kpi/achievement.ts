/**
 * Achievement of a value against its target, in percent with 2 decimals, kept between 0 and
 * 1000 so a tiny denominator cannot produce absurd figures:
 * - higher is better: actual / target × 100; not measurable (null) when the target is 0.
 * - lower is better: target / actual × 100; an actual of 0 or less beats any positive target
 *   (1000) and meets a target of 0 (100).
 * null when there is no actual value. The arguments are SQL expressions.
 */
export function achievementSql(direction: string, actual: string, target: string): string {
  return `(case
    when ${actual} is null then null
    when ${direction} = 'lower_is_better' then
      case when ${actual} <= 0 then (case when ${target} > ${actual} then 1000 else 100 end)
           else least(1000, round(${target} * 100 / ${actual}, 2)) end
    when ${target} <= 0 then null
    else least(1000, greatest(0, round(${actual} * 100 / ${target}, 2)))
  end)::numeric(7,2)`;
}

/** Whole percent by which a value beats (positive) or misses (negative) its target. */
export function varianceSql(direction: string, actual: string, target: string): string {
  return `(case
    when ${actual} is null or ${target} is null or ${target} = 0 then null
    when ${direction} = 'lower_is_better' then round((${target} - ${actual}) * 100 / ${target})
    else round((${actual} - ${target}) * 100 / ${target})
  end)::int`;
}

/**
 * The subject id of a target or value row (alias a). A CASE, not coalesce: under row-level
 * security PostgreSQL uses an index only for a condition it knows to be leakproof, which a CASE
 * of columns is and coalesce is not; the *_subject_lookup_index indexes are on this expression.
 */
const subjectOf = (a: string) =>
  `(case when ${a}.employee_id is not null then ${a}.employee_id when ${a}.department_id is not null then ${a}.department_id else ${a}.position_id end)`;

/**
 * Joins a target row (alias t) to the value of the same KPI, subject and period (alias v): one
 * hashable, indexed condition instead of three nullable column comparisons.
 */
export const VALUE_OF_TARGET = `v.kpi_id = t.kpi_id and v.entity_type = t.target_type
  and ${subjectOf('v')} = ${subjectOf('t')}
  and v.period_start_date = t.period_start_date and v.period_end_date = t.period_end_date`;
