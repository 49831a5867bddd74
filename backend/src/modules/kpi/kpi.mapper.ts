import type { BonusPaymentResponseDto, BonusTotalsDto } from './dto/bonus-payment.dto';
import type { BonusRuleResponseDto, BonusTierDto } from './dto/bonus-rule.dto';
import type { KpiTargetResponseDto } from './dto/kpi-target.dto';
import type { KpiValueResponseDto } from './dto/kpi-value.dto';
import type { KpiResponseDto } from './dto/kpi.dto';
import { dec, num, toDate } from './sql-list';

/** A row of a raw-SQL list: columns named like the response fields. */
export type Row = Record<string, any>;

const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const id = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export function toKpiResponse(r: Row): KpiResponseDto {
  return {
    id: r.id,
    company_id: r.company_id,
    name: r.name,
    code: r.code,
    description: r.description ?? null,
    category: r.category,
    kpi_type: r.kpi_type,
    data_source_type: r.data_source_type,
    period_type: r.period_type,
    direction: r.direction,
    unit: r.unit ?? null,
    is_active: r.is_active,
    targets_count: Number(r.targets_count),
    bonus_rule_id: id(r.bonus_rule_id),
    created_at: toDate(r.created_at)!,
    updated_at: toDate(r.updated_at)!,
  };
}

export function toTargetResponse(r: Row): KpiTargetResponseDto {
  const achievement = num(r.achievement_percentage);
  return {
    id: r.id,
    company_id: r.company_id,
    kpi_id: r.kpi_id,
    kpi_name: r.kpi_name,
    kpi_code: r.kpi_code,
    kpi_type: r.kpi_type,
    direction: r.direction,
    target_type: r.target_type,
    target_id: Number(r.target_id),
    target_name: text(r.target_name),
    period_start_date: r.period_start_date,
    period_end_date: r.period_end_date,
    target_value: dec(r.target_value)!,
    actual_value: dec(r.actual_value),
    value_id: id(r.value_id),
    achievement_percentage: achievement,
    calculated_bonus: dec(r.calculated_bonus),
    achieved: achievement !== null && achievement >= 100,
    notes: r.notes ?? null,
    created_at: toDate(r.created_at)!,
    updated_at: toDate(r.updated_at)!,
  };
}

export function toValueResponse(r: Row): KpiValueResponseDto {
  return {
    id: r.id,
    company_id: r.company_id,
    kpi_id: r.kpi_id,
    kpi_name: r.kpi_name,
    kpi_code: r.kpi_code,
    entity_type: r.entity_type,
    entity_id: Number(r.entity_id),
    entity_name: text(r.entity_name),
    period_start_date: r.period_start_date,
    period_end_date: r.period_end_date,
    actual_value: dec(r.actual_value)!,
    target_value: dec(r.target_value),
    source: r.source,
    notes: r.notes ?? null,
    recorded_by: id(r.recorded_by),
    created_at: toDate(r.created_at)!,
    updated_at: toDate(r.updated_at)!,
  };
}

export function toRuleResponse(r: Row): BonusRuleResponseDto {
  const tiers = (r.tiers ?? []) as Array<Record<string, unknown>>;
  return {
    id: r.id,
    company_id: r.company_id,
    kpi_id: r.kpi_id,
    kpi_name: r.kpi_name,
    name: r.name,
    description: r.description ?? null,
    max_bonus_amount: dec(r.max_bonus_amount),
    is_active: r.is_active,
    tiers: tiers.map(
      (x): BonusTierDto => ({
        min_achievement: dec(x.min_achievement)!,
        bonus_type: x.bonus_type as BonusTierDto['bonus_type'],
        bonus_value: dec(x.bonus_value)!,
      }),
    ),
    created_at: toDate(r.created_at)!,
    updated_at: toDate(r.updated_at)!,
  };
}

export function toPaymentResponse(r: Row): BonusPaymentResponseDto {
  return {
    id: r.id,
    company_id: r.company_id,
    employee_id: r.employee_id,
    employee_name: r.employee_name,
    employee_code: r.employee_code ?? null,
    kpi_id: id(r.kpi_id),
    kpi_name: text(r.kpi_name),
    kpi_target_id: id(r.kpi_target_id),
    bonus_rule_id: id(r.bonus_rule_id),
    payment_period_start: r.payment_period_start,
    payment_period_end: r.payment_period_end,
    bonus_amount: dec(r.bonus_amount)!,
    achievement_percentage: num(r.achievement_percentage),
    actual_value: dec(r.actual_value),
    target_value: dec(r.target_value),
    bonus_type: r.bonus_type ?? null,
    status: r.status,
    paid_date: r.paid_date ?? null,
    approved_at: toDate(r.approved_at),
    status_note: r.status_note ?? null,
    created_at: toDate(r.created_at)!,
    updated_at: toDate(r.updated_at)!,
  };
}

export function toTotals(r: Row): BonusTotalsDto {
  return {
    total_count: Number(r.total_count),
    total_amount: dec(r.total_amount)!,
    paid_count: Number(r.paid_count),
    paid_amount: dec(r.paid_amount)!,
    pending_count: Number(r.pending_count),
    pending_amount: dec(r.pending_amount)!,
  };
}
