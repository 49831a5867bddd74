import { Placeholder } from '../placeholder/Placeholder';

/** /hr/attendance (hr.md Attendance) — placeholder until the real screen lands. */
export default function AttendanceScreen() {
  return <Placeholder titleKey="screens.attendance" />;
}
