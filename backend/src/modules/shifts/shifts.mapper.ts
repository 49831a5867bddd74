import type { ShiftAssignmentResponseDto } from './dto/shift-assignment.dto';
import type { ShiftResponseDto } from './dto/shift.dto';
import type { WorkLocationResponseDto } from './dto/work-location.dto';
import type { ShiftAssignment } from './shift-assignment.entity';
import type { Shift } from './shift.entity';
import type { WorkLocation } from './work-location.entity';

/** 'HH:MM:SS' → 'HH:MM' */
export const hhmm = (time: string) => time.slice(0, 5);

export function toShiftResponse(s: Shift, assignments = 0): ShiftResponseDto {
  return {
    id: s.id,
    company_id: s.company.id,
    shift_name: s.shift_name,
    shift_code: s.shift_code,
    start_time: hhmm(s.start_time),
    end_time: hhmm(s.end_time),
    break_duration: s.break_duration,
    grace_period: s.grace_period,
    is_active: s.is_active,
    description: s.description ?? null,
    assignments_count: assignments,
    created_at: s.created_at.toISOString(),
    updated_at: s.updated_at.toISOString(),
  };
}

export function toWorkLocationResponse(l: WorkLocation): WorkLocationResponseDto {
  return {
    id: l.id,
    company_id: l.company.id,
    location_name: l.location_name,
    address: l.address ?? null,
    latitude: Number(l.latitude),
    longitude: Number(l.longitude),
    radius: l.radius,
    is_active: l.is_active,
    created_at: l.created_at.toISOString(),
    updated_at: l.updated_at.toISOString(),
  };
}

export function toAssignmentResponse(a: ShiftAssignment): ShiftAssignmentResponseDto {
  return {
    id: a.id,
    company_id: a.company.id,
    employee_id: a.employee.id,
    employee_name: `${a.employee.first_name} ${a.employee.last_name}`,
    employee_code: a.employee.employee_code ?? null,
    shift_id: a.shift.id,
    shift_name: a.shift.shift_name,
    location_id: a.location?.id ?? null,
    location_name: a.location?.location_name ?? null,
    start_date: a.start_date,
    end_date: a.end_date ?? null,
    is_active: a.is_active,
    created_at: a.created_at.toISOString(),
    updated_at: a.updated_at.toISOString(),
  };
}
