import type { HolidayResponseDto } from './dto/holiday.dto';
import type { LeavePolicyResponseDto } from './dto/leave-policy.dto';
import type { LeaveRequestResponseDto } from './dto/leave-request.dto';
import type { LeaveTypeResponseDto } from './dto/leave-type.dto';
import type { Holiday } from './holiday.entity';
import type { LeavePolicy } from './leave-policy.entity';
import type { LeaveRequest } from './leave-request.entity';
import type { LeaveType } from './leave-type.entity';

const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));

/** Whether requests of a type need an attached document (the type's flag or its policy's doctor note). */
export const attachmentRequired = (t: LeaveType) => t.requires_attachment || !!t.policy?.requires_doctor_note;

export function toLeaveTypeResponse(t: LeaveType): LeaveTypeResponseDto {
  return {
    id: t.id,
    type_name: t.type_name,
    leave_type_name: t.type_name,
    type_code: t.type_code,
    description: t.description ?? null,
    max_days_per_year: t.max_days_per_year,
    is_paid: t.is_paid,
    requires_approval: t.requires_approval,
    requires_attachment: t.requires_attachment,
    attachment_required: attachmentRequired(t),
    is_active: t.is_active,
    policy_id: t.policy?.id ?? null,
    policy_name: t.policy?.name ?? null,
    company_id: t.company.id,
    created_at: t.created_at,
    updated_at: t.updated_at,
  };
}

export function toPolicyResponse(p: LeavePolicy, leaveTypeIds: number[]): LeavePolicyResponseDto {
  return {
    id: p.id,
    name: p.name,
    description: p.description ?? null,
    carryOverEnabled: p.carry_over_enabled,
    maxCarryOverDays: num(p.max_carry_over_days),
    expiryMonths: p.expiry_months ?? null,
    proRationEnabled: p.pro_ration_enabled,
    requiresDoctorNote: p.requires_doctor_note,
    maxDaysPerYear: p.max_days_per_year ?? null,
    consecutiveDaysLimit: p.consecutive_days_limit ?? null,
    paidLeaveEnabled: p.paid_leave_enabled,
    maternityWeeks: p.maternity_weeks ?? null,
    paternityWeeks: p.paternity_weeks ?? null,
    leave_type_ids: leaveTypeIds,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

export function toHolidayResponse(h: Holiday): HolidayResponseDto {
  return { id: h.id, holiday_date: h.holiday_date, name: h.name, created_at: h.created_at, updated_at: h.updated_at };
}

const fullName = (p: { first_name?: string | null; last_name?: string | null } | null | undefined) =>
  p ? [p.first_name, p.last_name].filter(Boolean).join(' ') : null;

export function toRequestResponse(r: LeaveRequest): LeaveRequestResponseDto {
  return {
    id: r.id,
    employee_id: r.employee.id,
    employee_name: fullName(r.employee) ?? '',
    employee_code: r.employee.employee_code ?? null,
    leave_type_id: r.leave_type.id,
    leave_type_name: r.leave_type.type_name,
    start_date: r.start_date,
    end_date: r.end_date,
    total_days: Number(r.total_days).toFixed(1),
    reason: r.reason ?? null,
    status: r.status,
    requested_at: r.requested_at,
    decided_by: r.decided_by?.id ?? null,
    decided_by_name: fullName(r.decided_by),
    decided_at: r.decided_at ?? null,
    rejection_reason: r.rejection_reason ?? null,
    attachment: r.attachment
      ? {
          id: r.attachment.id,
          file_name: r.attachment.file_name,
          content_type: r.attachment.content_type,
          size_bytes: r.attachment.size_bytes,
        }
      : null,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}
