import type { AttendanceRecord } from './attendance-record.entity';
import type { AttendanceResponseDto } from './dto/attendance.dto';

const num = (value?: string | null) => (value === null || value === undefined ? null : Number(value));

export function toAttendanceResponse(r: AttendanceRecord): AttendanceResponseDto {
  return {
    id: r.id,
    employee_id: r.employee.id,
    employee_name: `${r.employee.first_name} ${r.employee.last_name}`,
    employee_code: r.employee.employee_code,
    attendance_date: r.attendance_date,
    check_in_time: r.check_in_time?.toISOString() ?? null,
    check_out_time: r.check_out_time?.toISOString() ?? null,
    work_hours: num(r.work_hours),
    status: r.status,
    check_in_location: r.check_in_location ?? null,
    check_out_location: r.check_out_location ?? null,
    check_in_latitude: num(r.check_in_latitude),
    check_in_longitude: num(r.check_in_longitude),
    check_in_accuracy: num(r.check_in_accuracy),
    check_in_distance: num(r.check_in_distance),
    work_location_id: r.work_location?.id ?? null,
    work_location_name: r.work_location?.location_name ?? null,
    shift_id: r.shift?.id ?? null,
    shift_name: r.shift?.shift_name ?? null,
    is_offline: r.is_offline,
    check_out_offline: r.check_out_offline,
    check_in_received_at: r.check_in_received_at?.toISOString() ?? null,
    check_out_received_at: r.check_out_received_at?.toISOString() ?? null,
    auto_checked_out: r.auto_checked_out,
    notes: r.notes ?? null,
    corrected_at: r.corrected_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}
