import { Box, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import WorkIcon from '@mui/icons-material/WorkOutline';
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
import { formatMoney } from '../people/format';

const LEVEL_COLORS: Record<string, 'default' | 'info' | 'primary' | 'warning' | 'secondary'> = {
  junior: 'info',
  mid: 'primary',
  senior: 'warning',
  executive: 'secondary',
};

export const LevelBadge = ({ level }: { level: string }) => {
  const translate = useTranslate();
  return <Chip size="small" color={LEVEL_COLORS[level] ?? 'default'} label={translate(`positions.levels.${level}`, { _: level })} />;
};

const SalaryRange = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const min = formatMoney(record.min_salary);
  const max = formatMoney(record.max_salary);
  if (!min && !max) return <Typography variant="body2" color="text.secondary">{translate('positions.not_set')}</Typography>;
  return <span>{`${min ?? '…'} – ${max ?? '…'}`}</span>;
};

const RowActions = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const redirect = useRedirect();
  const { canEdit, canDelete } = useManageRights('positions');
  return (
    <Stack direction="row" spacing={0.5} onClick={(e) => e.stopPropagation()}>
      {canEdit && (
        <Tooltip title={translate('ra.action.edit')}>
          <IconButton
            size="small"
            aria-label={`${translate('ra.action.edit')} ${record.position_title}`}
            onClick={() => redirect('edit', 'hr/positions', record.id)}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canDelete && (
        <DeleteRowButton
          id={record.id}
          label={`${translate('ra.action.delete')} ${record.position_title}`}
          confirmTitle={translate('positions.confirm_delete_title')}
          confirmContent={translate('positions.confirm_delete', { name: record.position_title })}
          successMessage={translate('positions.deleted')}
          failureMessage={translate('positions.delete_failed')}
        />
      )}
    </Stack>
  );
};

const ListActions = () => {
  const translate = useTranslate();
  const { canCreate } = useManageRights('positions');
  return <TopToolbar>{canCreate && <CreateButton label={translate('positions.add')} icon={<AddIcon />} variant="contained" />}</TopToolbar>;
};

/** /hr/positions (hr.md 2 Positions): code, title, department, level badge, salary range, actions. */
export default function PositionList() {
  const translate = useTranslate();
  const { canCreate, canEdit, canDelete, canView } = useManageRights('positions');
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('positions.search')} />,
    ...(canView('departments')
      ? [
          referenceFilter('department_id', translate('positions.columns.department')),
        ]
      : []),
  ];
  return (
    <>
      <PageHeader title={translate('positions.title')} subtitle={translate('positions.subtitle')} />
      <List
        resource="hr/positions"
        title={translate('positions.title')}
        filters={filters}
        actions={<ListActions />}
        sort={{ field: 'position_title', order: 'ASC' }}
        perPage={25}
        exporter={false}
        empty={
          <ListEmptyState
            resource="hr/positions"
            icon={<WorkIcon />}
            messages={{ title: 'positions.empty', hint: 'positions.empty_hint', create: 'positions.add' }}
            canCreate={canCreate}
          />
        }
      >
        <Datagrid rowClick={canEdit ? 'edit' : false} bulkActionButtons={false}>
          <TextField source="position_code" label={translate('positions.columns.code')} />
          <FunctionField
            source="position_title"
            label={translate('positions.columns.title')}
            render={(record: RaRecord) => (
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {record.position_title}
                </Typography>
              </Box>
            )}
          />
          <TextField source="department_name" sortBy="department_name" label={translate('positions.columns.department')} emptyText="—" />
          <FunctionField source="level" label={translate('positions.columns.level')} render={(record: RaRecord) => <LevelBadge level={record.level} />} />
          <FunctionField
            source="min_salary"
            label={translate('positions.columns.salary_range')}
            render={(record: RaRecord) => <SalaryRange record={record} />}
          />
          {(canEdit || canDelete) && (
            <FunctionField
              label={translate('positions.columns.actions')}
              sortable={false}
              render={(record: RaRecord) => <RowActions record={record} />}
            />
          )}
        </Datagrid>
      </List>
    </>
  );
}
