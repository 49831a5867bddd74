import { Avatar, Box, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import PeopleIcon from '@mui/icons-material/PeopleOutline';
import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  TextField,
  TopToolbar,
  useRedirect,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { PageHeader } from '../../layout/PageHeader';
import { useManageRights } from '../people/access';
import { DeleteRowButton } from '../people/DeleteRowButton';
import { ListEmptyState, referenceFilter } from '../people/ListEmptyState';
import { formatDate } from '../people/format';
import { employeeName } from './EmployeeForm';
import { ExportEmployeesButton, ImportEmployeesButton } from './EmployeeCsv';

const STATUS_COLORS: Record<string, 'success' | 'warning' | 'error' | 'info'> = {
  active: 'success',
  on_leave: 'warning',
  suspended: 'error',
};

/** Employment status badge: active success, on_leave warning, suspended danger, anything else info (hr.md 4). */
export const StatusBadge = ({ status }: { status: string }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status] ?? 'info'}
      label={translate(`employees.statuses.${status}`, { _: status })}
      variant="outlined"
      sx={{ fontWeight: 600 }}
    />
  );
};

const initials = (e: RaRecord) => `${e.first_name?.[0] ?? ''}${e.last_name?.[0] ?? ''}`.toUpperCase();

const NameCell = ({ record }: { record: RaRecord }) => (
  <Stack direction="row" spacing={1.5} alignItems="center">
    <Avatar sx={{ width: 34, height: 34, fontSize: 14, bgcolor: 'primary.main' }} aria-hidden>
      {initials(record)}
    </Avatar>
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {employeeName(record)}
      </Typography>
    </Box>
  </Stack>
);

const ListActions = () => {
  const translate = useTranslate();
  const { canCreate } = useManageRights('employees');
  return (
    <TopToolbar>
      <ExportEmployeesButton />
      {canCreate && <ImportEmployeesButton />}
      {canCreate && <CreateButton label={translate('employees.add')} icon={<AddIcon />} variant="contained" />}
    </TopToolbar>
  );
};

const RowActions = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const redirect = useRedirect();
  const { canEdit, canDelete } = useManageRights('employees');
  const name = employeeName(record);
  return (
    <Stack direction="row" spacing={0.5} onClick={(e) => e.stopPropagation()}>
      {canEdit && (
        <Tooltip title={translate('ra.action.edit')}>
          <IconButton size="small" aria-label={`${translate('ra.action.edit')} ${name}`} onClick={() => redirect('edit', 'hr/employees', record.id)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canDelete && (
        <DeleteRowButton
          id={record.id}
          label={`${translate('ra.action.delete')} ${name}`}
          confirmTitle={translate('employees.confirm_delete_title')}
          confirmContent={translate('employees.confirm_delete', { name })}
          successMessage={translate('employees.deleted')}
          failureMessage={translate('employees.delete_failed')}
        />
      )}
    </Stack>
  );
};

/** /hr/employees (hr.md 2 Employees): search, department and position filters, table, actions. */
export default function EmployeeList() {
  const translate = useTranslate();
  const { canCreate, canEdit, canDelete, canView } = useManageRights('employees');
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('employees.search')} />,
    ...(canView('departments')
      ? [
          referenceFilter('department_id', translate('employees.filters.department')),
        ]
      : []),
    ...(canView('positions')
      ? [
          referenceFilter('position_id', translate('employees.filters.position')),
        ]
      : []),
  ];

  return (
    <>
      <PageHeader title={translate('employees.title')} subtitle={translate('employees.subtitle')} />
      <List
        resource="hr/employees"
        title={translate('employees.title')}
        filters={filters}
        actions={<ListActions />}
        sort={{ field: 'employee_code', order: 'ASC' }}
        perPage={25}
        exporter={false}
        empty={
          <ListEmptyState
            resource="hr/employees"
            icon={<PeopleIcon />}
            messages={{ title: 'employees.empty', hint: 'employees.empty_hint', create: 'employees.add' }}
            canCreate={canCreate}
            extra={<ImportEmployeesButton />}
          />
        }
      >
        <Datagrid rowClick={canEdit ? 'edit' : false} bulkActionButtons={false}>
          <TextField source="employee_code" label={translate('employees.columns.code')} />
          <FunctionField
            source="first_name"
            sortBy="first_name"
            label={translate('employees.columns.name')}
            render={(record: RaRecord) => <NameCell record={record} />}
          />
          <TextField source="email" label={translate('employees.columns.email')} />
          <TextField source="department_name" sortBy="department_name" label={translate('employees.columns.department')} emptyText="—" />
          <TextField source="position_title" sortBy="position_title" label={translate('employees.columns.position')} emptyText="—" />
          <FunctionField
            source="employment_status"
            label={translate('employees.columns.status')}
            render={(record: RaRecord) => <StatusBadge status={record.employment_status} />}
          />
          <FunctionField
            source="hire_date"
            label={translate('employees.columns.hire_date')}
            render={(record: RaRecord) => <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{formatDate(record.hire_date)}</Box>}
          />
          {(canEdit || canDelete) && (
            <FunctionField
              label={translate('employees.columns.actions')}
              sortable={false}
              render={(record: RaRecord) => <RowActions record={record} />}
            />
          )}
        </Datagrid>
      </List>
    </>
  );
}
