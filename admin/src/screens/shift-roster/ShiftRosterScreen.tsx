import { Placeholder } from '../placeholder/Placeholder';

/** /hr/shift-roster (hr.md Shift Roster) — placeholder until the real screen lands. */
export default function ShiftRosterScreen() {
  return <Placeholder titleKey="screens.shift_roster" />;
}
