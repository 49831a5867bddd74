import { Placeholder } from '../placeholder/Placeholder';

/** /hr/employees (hr.md Employees) — placeholder until the real screen lands. */
export default function EmployeesScreen() {
  return <Placeholder titleKey="screens.employees" />;
}
