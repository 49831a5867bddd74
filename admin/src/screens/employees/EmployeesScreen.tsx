import { Avatar, Stack, Typography } from '@mui/material';
import { useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useSession } from '../../auth/useSession';
import { PageHeader } from '../../layout/PageHeader';
import { toModuleAccess } from '../../providers/session';
import { employees } from '../../resources/people';
import type { ResourceConfig } from '../../schema/config';
import type { FieldDescriptor } from '../../schema/derive';
import { SchemaInput } from '../../schema/inputs';
import { resourceSchema, useRights } from '../../schema/schema';
import { SchemaResource } from '../../schema/SchemaResource';
import { ExportEmployeesButton, ImportEmployeesButton } from './EmployeeCsv';
import { NoRightsNotice } from './NoRightsNotice';

const PAY = ['salary', 'salary_currency', 'payment_frequency'];
/** what nobody changes on their own record (the server answers 403 for a change) */
const OWN_LOCKED = ['department_id', 'position_id', 'manager_id', 'employment_type', 'employment_status', 'hire_date', 'termination_date', ...PAY];
const LOGIN = ['username', 'password'];

const NameCell = ({ record }: { record: RaRecord }) => {
  const name = `${record.first_name ?? ''} ${record.last_name ?? ''}`.trim();
  return (
    <Stack direction="row" spacing={1.5} alignItems="center" sx={{ minWidth: 0 }}>
      <Avatar sx={{ width: 34, height: 34, fontSize: 14, bgcolor: 'primary.main' }} aria-hidden>
        {`${record.first_name?.[0] ?? ''}${record.last_name?.[0] ?? ''}`.toUpperCase()}
      </Avatar>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {name}
      </Typography>
    </Stack>
  );
};

/** Pay is offered only to who sees it: the server leaves it out of the record for others and refuses it on create. */
const useSeesPay = () => {
  const session = useSession();
  const role = session.user?.role;
  return role === 'company_admin' || role === 'superadmin' || !!toModuleAccess(session.permissions).payroll?.view;
};

const GuardedInput = ({ field, mode }: { field: FieldDescriptor; mode: 'create' | 'edit' }) => {
  const record = useRecordContext();
  const session = useSession();
  const seesPay = useSeesPay();
  const translate = useTranslate();
  if (PAY.includes(field.source) && (mode === 'create' ? !seesPay : !(record && field.source in record))) return null;
  const own = mode === 'edit' && !!record && session.user?.employee_id != null && String(session.user.employee_id) === String(record.id);
  const locked = own && OWN_LOCKED.includes(field.source);
  const input = (
    <SchemaInput
      resource={employees.name}
      field={field}
      disabled={locked}
      helperText={locked ? translate('employees.own_locked') : undefined}
    />
  );
  // a new employee whose position and department grant no rights gets self-service only: say so
  if (field.source !== 'position_id' || mode !== 'create') return input;
  return (
    <>
      {input}
      <NoRightsNotice />
    </>
  );
};

/** Username and password: asked, and required, once login is enabled. */
const LoginInput = ({ field }: { field: FieldDescriptor }) => {
  const enabled = useWatch({ name: 'enable_login' });
  if (!enabled) return null;
  return <SchemaInput resource={employees.name} field={{ ...field, rules: { ...field.rules, required: true } }} />;
};

const config: ResourceConfig = {
  ...employees,
  cells: { first_name: NameCell },
  inputs: Object.fromEntries([
    ...OWN_LOCKED.map((source) => [source, (field: FieldDescriptor, mode: 'create' | 'edit') => <GuardedInput field={field} mode={mode} />]),
    ...LOGIN.map((source) => [source, (field: FieldDescriptor) => <LoginInput field={field} />]),
  ]),
};

/** /hr/employees (hr.md 2 Employees): the generated list and forms of the collection, with its CSV export and import. */
export default function EmployeesScreen() {
  const translate = useTranslate();
  const rights = useRights(resourceSchema(employees.name));
  return (
    <>
      <PageHeader title={translate('employees.title')} subtitle={translate('employees.subtitle')} />
      <SchemaResource
        config={config}
        actions={
          <>
            <ExportEmployeesButton />
            {rights.create && <ImportEmployeesButton />}
          </>
        }
      />
    </>
  );
}
