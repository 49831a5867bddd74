import { Placeholder } from '../placeholder/Placeholder';

/** /hr/departments (hr.md Departments) — placeholder until the real screen lands. */
export default function DepartmentsScreen() {
  return <Placeholder titleKey="screens.departments" />;
}
