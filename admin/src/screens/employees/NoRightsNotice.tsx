import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { fetchEntries } from '../permissions/api';

const granted = (entries: Array<{ can_view: boolean; can_create: boolean; can_edit: boolean; can_delete: boolean }>) =>
  entries.some((e) => e.can_view || e.can_create || e.can_edit || e.can_delete);

const idOf = (value: unknown): number | null => (value === null || value === undefined || value === '' ? null : Number(value));

/**
 * A non-blocking notice on the new employee's form: the chosen position and department grant no
 * module rights (Permission Management), so the employee gets self-service only. Nothing shows
 * while unknown (nothing chosen yet, or the caller may not read the matrix).
 */
export const NoRightsNotice = () => {
  const translate = useTranslate();
  const [positionValue, departmentValue, login] = useWatch({ name: ['position_id', 'department_id', 'enable_login'] }) as [unknown, unknown, unknown];
  const positionId = idOf(positionValue);
  const departmentId = idOf(departmentValue);
  const chosen = positionId !== null || departmentId !== null;
  const { data } = useQuery({
    queryKey: ['employee-form', 'rights', positionId, departmentId],
    queryFn: async () => {
      const [position, department] = await Promise.all([
        positionId === null ? [] : fetchEntries('positions', positionId),
        departmentId === null ? [] : fetchEntries('departments', departmentId),
      ]);
      return granted(position) || granted(department);
    },
    enabled: chosen,
    retry: false,
    staleTime: 30_000,
  });
  if (!(login || chosen) || (chosen && data !== false)) return null;
  return (
    <Alert severity="info" sx={{ mt: 1 }} data-testid="no-rights-notice">
      {translate('employees.no_rights_notice')}
    </Alert>
  );
};
