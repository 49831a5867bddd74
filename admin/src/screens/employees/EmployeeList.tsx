import { StatusChip } from '../../schema/StatusChip';
import { useLabels } from '../../schema/schema';
import { employees } from '../../resources/people';

/** An employee's employment status as the Employees list shows it (the dashboard's recent hires use it too). */
export const StatusBadge = ({ status }: { status: string }) => {
  const labels = useLabels(employees.name);
  return <StatusChip resource="hr/employees" field="employment_status" value={status} label={labels.choice('employment_status', status)} />;
};
