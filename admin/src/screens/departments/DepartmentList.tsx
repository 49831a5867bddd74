import {
  Box,
  Card,
  CardActions,
  CardContent,
  Chip,
  Grid,
  IconButton,
  LinearProgress,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ApartmentIcon from '@mui/icons-material/Apartment';
import EditIcon from '@mui/icons-material/EditOutlined';
import PersonIcon from '@mui/icons-material/PersonOutline';
import {
  CreateButton,
  List,
  Pagination,
  SearchInput,
  TopToolbar,
  useListContext,
  useRedirect,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { PageHeader } from '../../layout/PageHeader';
import { useManageRights } from '../people/access';
import { DeleteRowButton } from '../people/DeleteRowButton';
import { ListEmptyState } from '../people/ListEmptyState';

const DepartmentCard = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const redirect = useRedirect();
  const { canEdit, canDelete } = useManageRights('departments');
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="department-card">
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" justifyContent="space-between" alignItems="flex-start" spacing={1}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
              {record.department_name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('departments.code')}: {record.department_code}
            </Typography>
          </Box>
          <Chip
            size="small"
            color={record.is_active ? 'success' : 'default'}
            label={translate(record.is_active ? 'departments.active' : 'departments.inactive')}
          />
        </Stack>
        {record.description && (
          <Typography variant="body2" sx={{ mt: 1.5 }}>
            {record.description}
          </Typography>
        )}
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mt: 2 }} color="text.secondary">
          <PersonIcon fontSize="small" />
          <Typography variant="body2">
            {translate('departments.manager')}: {record.manager_name ?? translate('departments.no_manager')}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {translate('departments.employees_count', { smart_count: record.employees_count ?? 0 })}
        </Typography>
      </CardContent>
      {(canEdit || canDelete) && (
        <CardActions sx={{ justifyContent: 'flex-end' }}>
          {canEdit && (
            <Tooltip title={translate('departments.edit')}>
              <IconButton
                size="small"
                aria-label={`${translate('departments.edit')} ${record.department_name}`}
                onClick={() => redirect('edit', 'hr/departments', record.id)}
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {canDelete && (
            <DeleteRowButton
              id={record.id}
              label={`${translate('departments.delete')} ${record.department_name}`}
              confirmTitle={translate('departments.confirm_delete_title')}
              confirmContent={translate('departments.confirm_delete', { name: record.department_name })}
              successMessage={translate('departments.deleted')}
              failureMessage={translate('departments.delete_failed')}
            />
          )}
        </CardActions>
      )}
    </Card>
  );
};

const CardGrid = () => {
  const { data, isPending } = useListContext();
  if (isPending) return <LinearProgress sx={{ my: 2 }} />;
  return (
    <Grid container spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      {(data ?? []).map((record) => (
        <Grid key={record.id} size={{ xs: 12, sm: 6, lg: 4 }}>
          <DepartmentCard record={record} />
        </Grid>
      ))}
    </Grid>
  );
};

const ListActions = () => {
  const translate = useTranslate();
  const { canCreate } = useManageRights('departments');
  return <TopToolbar>{canCreate && <CreateButton label={translate('departments.add')} icon={<AddIcon />} variant="contained" />}</TopToolbar>;
};

/** /hr/departments (hr.md 2 Departments): a card grid, empty state 'Create First Department'. */
export default function DepartmentList() {
  const translate = useTranslate();
  const { canCreate } = useManageRights('departments');
  return (
    <>
      <PageHeader title={translate('departments.title')} subtitle={translate('departments.subtitle')} />
      <List
        resource="hr/departments"
        title={translate('departments.title')}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('departments.search')} />]}
        actions={<ListActions />}
        sort={{ field: 'department_name', order: 'ASC' }}
        perPage={24}
        pagination={<Pagination rowsPerPageOptions={[12, 24, 48]} />}
        exporter={false}
        empty={
          <ListEmptyState
            resource="hr/departments"
            icon={<ApartmentIcon />}
            messages={{ title: 'departments.empty', hint: 'departments.empty_hint', create: 'departments.create_first' }}
            canCreate={canCreate}
          />
        }
      >
        <CardGrid />
      </List>
    </>
  );
}
