import { Placeholder } from '../placeholder/Placeholder';

/** /hr/leave (hr.md Leave Management) — placeholder until the real screen lands. */
export default function LeaveScreen() {
  return <Placeholder titleKey="screens.leave" />;
}
