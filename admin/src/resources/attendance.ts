import type { ResourceConfig } from '../schema/config';

/** Attendance records an admin corrects or adds (the check-in screen itself is custom). */
export const attendanceRecords: ResourceConfig = {
  name: 'hr/attendance',
  form: {
    include: ['employee_id', 'attendance_date', 'status', 'check_in_time', 'check_out_time', 'check_in_location', 'check_out_location', 'notes'],
    locked: ['employee_id', 'attendance_date'],
    wide: ['employee_id'],
  },
};

export const attendanceResourceMessages = {
  'hr/attendance': {
    created: 'Attendance record created successfully',
    updated: 'Attendance record updated successfully',
    save_failed: 'Failed to save the attendance record',
    fields: {
      employee_id: 'Employee',
      attendance_date: 'Date',
      status: 'Status',
      check_in_time: 'Check-in time',
      check_out_time: 'Check-out time',
      check_in_location: 'Check-in location',
      check_out_location: 'Check-out location',
      notes: 'Reason for the correction',
    },
    enums: { status: { present: 'Present', late: 'Late', absent: 'Absent', leave: 'Leave' } },
  },
};
