import { useState } from 'react';
import { Avatar, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import CancelScheduleSendIcon from '@mui/icons-material/CancelScheduleSend';
import { Confirm, useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../auth/useSession';
import { PageHeader } from '../../layout/PageHeader';
import { toModuleAccess } from '../../providers/session';
import { employees } from '../../resources/people';
import type { ResourceConfig } from '../../schema/config';
import type { FieldDescriptor } from '../../schema/derive';
import { SchemaInput } from '../../schema/inputs';
import { representation } from '../../schema/representation';
import { resourceSchema, useLabels, useRights } from '../../schema/schema';
import { EditForm, FormDialog, SchemaDeleteConfirm, SchemaResource } from '../../schema/SchemaResource';
import { apiAnswer, client } from '../../providers/apiClient';
import { errorMessage } from '../../providers/httpClient';
import { ExportEmployeesButton, ImportEmployeesButton } from './EmployeeCsv';
import { EMPLOYEE_PARAM, EmployeeDetails } from './EmployeeDetails';
import { NoRightsNotice } from './NoRightsNotice';
import { SalaryCell, SalaryInput, SalaryWarningCell } from './SalaryInput';

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
  // payroll staff: payroll view alone is one's own payslips (the server's recordScope)
  const payroll = toModuleAccess(session.permissions).payroll;
  return role === 'company_admin' || role === 'superadmin' || !!payroll?.create || !!payroll?.edit;
};

const GuardedInput = ({ field, mode }: { field: FieldDescriptor; mode: 'create' | 'edit' }) => {
  const record = useRecordContext();
  const session = useSession();
  const seesPay = useSeesPay();
  const translate = useTranslate();
  if (PAY.includes(field.source) && (mode === 'create' ? !seesPay : !(record && field.source in record))) return null;
  const own = mode === 'edit' && !!record && session.user?.employee_id != null && String(session.user.employee_id) === String(record.id);
  const locked = own && OWN_LOCKED.includes(field.source);
  const helperText = locked ? translate('employees.own_locked') : undefined;
  const input =
    field.source === 'salary' ? (
      <SalaryInput resource={employees.name} field={field} disabled={locked} helperText={helperText} />
    ) : (
      <SchemaInput resource={employees.name} field={field} disabled={locked} helperText={helperText} />
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

/**
 * A new employee signs in either by an invitation (they choose their password) or with a
 * password set here: each option is offered while the other is not chosen.
 */
const SignInChoice = ({ field, other }: { field: FieldDescriptor; other: 'enable_login' | 'send_invitation' }) => {
  const chosen = useWatch({ name: other });
  if (chosen) return null;
  return <SchemaInput resource={employees.name} field={field} />;
};

/** Resend or revoke the invitation of an employee who cannot sign in yet (rights: employees edit). */
const InvitationActions = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const rights = useRights(resourceSchema(employees.name));
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (!rights.edit || record.user_id != null || record.employment_status === 'terminated') return null;
  const id = Number(record.id);
  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      notify(done, { type: 'success' });
      refresh();
    } catch (error) {
      notify(errorMessage(error, translate('employees.invitation_failed')), { type: 'error' });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  const send = () =>
    run(
      () => apiAnswer(client.POST('/api/hr/employees/{id}/invitation', { params: { path: { id } } })),
      translate('employees.invitation_sent', { email: record.email }),
    );
  const revoke = () =>
    run(
      () => apiAnswer(client.DELETE('/api/hr/employees/{id}/invitation', { params: { path: { id } } })),
      translate('employees.invitation_revoked'),
    );
  const name = `${record.first_name ?? ''} ${record.last_name ?? ''}`.trim();
  const sendLabel = translate(record.invitation_status ? 'employees.resend_invitation' : 'employees.send_invitation');
  const revokeLabel = translate('employees.revoke_invitation');
  return (
    <>
      <Tooltip title={sendLabel}>
        <span>
          <IconButton size="small" disabled={busy} onClick={() => void send()} aria-label={`${sendLabel} ${name}`}>
            <ForwardToInboxIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      {record.invitation_status === 'pending' && (
        <Tooltip title={revokeLabel}>
          <span>
            <IconButton size="small" color="error" disabled={busy} onClick={() => setConfirming(true)} aria-label={`${revokeLabel} ${name}`}>
              <CancelScheduleSendIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
      <Confirm
        isOpen={confirming}
        loading={busy}
        title={translate('employees.revoke_title')}
        content={translate('employees.revoke_content', { email: record.email })}
        confirm={translate('employees.revoke_invitation')}
        onConfirm={() => void revoke()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};

const config: ResourceConfig = {
  ...employees,
  cells: { first_name: NameCell, salary: SalaryCell, salary_warning: SalaryWarningCell },
  inputs: Object.fromEntries([
    ...OWN_LOCKED.map((source) => [source, (field: FieldDescriptor, mode: 'create' | 'edit') => <GuardedInput field={field} mode={mode} />]),
    ...LOGIN.map((source) => [source, (field: FieldDescriptor) => <LoginInput field={field} />]),
    ['enable_login', (field: FieldDescriptor) => <SignInChoice field={field} other="send_invitation" />],
    ['send_invitation', (field: FieldDescriptor) => <SignInChoice field={field} other="enable_login" />],
  ]),
  rowActions: InvitationActions,
};

/**
 * /hr/employees (hr.md 2 Employees): the generated list and forms of the collection, with its CSV
 * export and import. An employee's details are named in the address (?employee=12), so the manager
 * and the direct reports shown in them link to their own details.
 */
export default function EmployeesScreen() {
  const translate = useTranslate();
  const rights = useRights(resourceSchema(employees.name));
  const labels = useLabels(employees.name);
  const [params, setParams] = useSearchParams();
  const [row, setRow] = useState<RaRecord | null>(null);
  const [editing, setEditing] = useState<RaRecord | null>(null);
  const [deleting, setDeleting] = useState<RaRecord | null>(null);
  const shown = params.get(EMPLOYEE_PARAM);

  const showDetails = (id: RaRecord['id']) =>
    setParams((current) => {
      current.set(EMPLOYEE_PARAM, String(id));
      return current;
    });
  const closeDetails = () =>
    setParams(
      (current) => {
        current.delete(EMPLOYEE_PARAM);
        return current;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title={translate('employees.title')} subtitle={translate('employees.subtitle')} />
      <SchemaResource
        config={config}
        onOpen={(record, open) => {
          if (!rights.show && rights.edit) return open.edit();
          setRow(record);
          showDetails(record.id);
        }}
        actions={
          <>
            <ExportEmployeesButton />
            {rights.create && <ImportEmployeesButton />}
          </>
        }
      />
      {shown && (
        <EmployeeDetails
          config={config}
          id={shown}
          row={row && String(row.id) === shown ? row : undefined}
          onClose={closeDetails}
          onEdit={
            rights.edit
              ? (record) => {
                  closeDetails();
                  setEditing(record);
                }
              : undefined
          }
          onDelete={rights.delete ? setDeleting : undefined}
        />
      )}
      {editing && (
        <FormDialog title={labels.text('edit_title', { name: representation(employees.name)(editing) })} onClose={() => setEditing(null)}>
          <EditForm
            config={config}
            row={editing}
            onDone={() => setEditing(null)}
            onDelete={rights.delete ? () => setDeleting(editing) : undefined}
          />
        </FormDialog>
      )}
      {deleting && (
        <SchemaDeleteConfirm
          config={config}
          record={deleting}
          onClose={(deleted) => {
            setDeleting(null);
            if (!deleted) return;
            setEditing(null);
            closeDetails();
          }}
        />
      )}
    </>
  );
}
