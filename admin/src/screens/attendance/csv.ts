import type { AttendanceRecord } from './api';
import { saveFile } from '../../providers/apiClient';

const cell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  // quotes, separators and leading formula characters are neutralised for spreadsheets
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

const HEADER = ['Date', 'Employee', 'Check In', 'Check Out', 'Work Hours', 'Status', 'Check-in Location', 'Check-out Location', 'Offline', 'Notes'];

export function recordsToCsv(records: AttendanceRecord[]): string {
  const rows = records.map((r) => [
    r.attendance_date,
    r.employee_name,
    r.check_in_time ?? '',
    r.check_out_time ?? '',
    r.work_hours === null ? '' : r.work_hours.toFixed(2),
    r.status,
    r.check_in_location ?? '',
    r.check_out_location ?? '',
    r.is_offline ? 'yes' : 'no',
    r.notes ?? '',
  ]);
  return [HEADER, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Saves the records as attendance-history-{date}.csv (hr.md 2). */
export function downloadCsv(records: AttendanceRecord[], date: string): string {
  const name = `attendance-history-${date}.csv`;
  saveFile({ blob: new Blob([recordsToCsv(records)], { type: 'text/csv;charset=utf-8' }), name });
  return name;
}
