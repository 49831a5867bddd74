import { Placeholder } from '../placeholder/Placeholder';

/** /hr/reports (linked from the company dashboard) — placeholder until the real screen lands. */
export default function ReportsScreen() {
  return <Placeholder titleKey="screens.reports" />;
}
