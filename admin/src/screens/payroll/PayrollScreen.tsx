import { Placeholder } from '../placeholder/Placeholder';

/** /hr/payroll (hr.md Payroll) — placeholder until the real screen lands. */
export default function PayrollScreen() {
  return <Placeholder titleKey="screens.payroll" />;
}
