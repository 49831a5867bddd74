import { useCallback, useEffect, useState } from 'react';
import {
  Box,
  Button,
  Card,
  InputAdornment,
  LinearProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';
import { errorMessage } from '../../providers/httpClient';
import { CATEGORIES, FILTER_STATUSES, monitoringApi, PRIORITIES, type Task, type TaskFilters } from './api';
import { formatDate, PriorityChip, StatusChip } from './chips';
import { NewTaskDialog } from './NewTaskDialog';
import { TaskDetailDialog } from './TaskDetailDialog';
import { LoadError } from '../../layout/LoadError';

type SortField = 'title' | 'priority' | 'status' | 'due_date' | 'progress_percentage' | 'created_at';

const SelectFilter = ({
  label,
  value,
  options,
  prefix,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly string[];
  prefix: string;
  onChange: (value: string) => void;
}) => {
  const translate = useTranslate();
  return (
    <TextField select fullWidth={false} size="small" label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 160 }}>
      <MenuItem value="">{translate('monitoring.filters.all')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {translate(`${prefix}.${o}`)}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** The Tasks tab: filters, a paged table, the New Task form and each task's detail. */
export const TasksTab = () => {
  const translate = useTranslate();
  const [filters, setFilters] = useState<TaskFilters>({ q: '', status: '', priority: '', category: '' });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const [sort, setSort] = useState<[SortField, 'ASC' | 'DESC']>(['created_at', 'DESC']);
  const [data, setData] = useState<{ tasks: Task[]; total: number } | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);

  // the search box applies after a short pause in typing
  useEffect(() => {
    const timer = setTimeout(() => {
      setFilters((f) => (f.q === search.trim() ? f : { ...f, q: search.trim() }));
      setPage(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);

  const load = useCallback(async () => {
    setLoading(true);
    setFailed(null);
    try {
      setData(await monitoringApi.list(filters, page, perPage, sort));
    } catch (error) {
      // hr.md 8: loading errors of tasks are logged; the table offers a retry
      console.error('Failed to load tasks', error);
      setFailed(errorMessage(error, translate('monitoring.load_failed')));
    } finally {
      setLoading(false);
    }
  }, [filters, page, perPage, sort, translate]);

  useEffect(() => {
    void load();
  }, [load]);

  const setFilter = (key: keyof TaskFilters) => (value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(0);
  };

  const sortBy = (field: SortField) =>
    setSort(([current, order]) => [field, current === field && order === 'ASC' ? 'DESC' : 'ASC']);

  const header = (field: SortField | null, label: string) => (
    <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
      {field ? (
        <TableSortLabel
          active={sort[0] === field}
          direction={sort[0] === field ? (sort[1] === 'ASC' ? 'asc' : 'desc') : 'asc'}
          onClick={() => sortBy(field)}
        >
          {label}
        </TableSortLabel>
      ) : (
        label
      )}
    </TableCell>
  );

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <TextField
          fullWidth={false}
          size="small"
          label={translate('monitoring.filters.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ minWidth: 220, flex: '1 1 220px', maxWidth: 360 }}
        />
        <SelectFilter
          label={translate('monitoring.filters.status')}
          value={filters.status ?? ''}
          options={FILTER_STATUSES}
          prefix="monitoring.status"
          onChange={setFilter('status')}
        />
        <SelectFilter
          label={translate('monitoring.filters.priority')}
          value={filters.priority ?? ''}
          options={PRIORITIES}
          prefix="monitoring.priority"
          onChange={setFilter('priority')}
        />
        <SelectFilter
          label={translate('monitoring.filters.category')}
          value={filters.category ?? ''}
          options={CATEGORIES}
          prefix="monitoring.category"
          onChange={setFilter('category')}
        />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ ml: 'auto' }}>
          {translate('monitoring.new_task')}
        </Button>
      </Box>

      {failed && (
        <LoadError onRetry={load} sx={{ mb: 2 }}>
          {failed}
        </LoadError>
      )}

      <Card variant="outlined">
        {loading && <LinearProgress />}
        <TableContainer>
          <Table size="small" aria-label={translate('monitoring.tabs.tasks')}>
            <TableHead>
              <TableRow>
                {header('title', translate('monitoring.columns.title'))}
                {header(null, translate('monitoring.columns.category'))}
                {header('priority', translate('monitoring.columns.priority'))}
                {header('status', translate('monitoring.columns.status'))}
                {header(null, translate('monitoring.columns.assignee'))}
                {header(null, translate('monitoring.columns.department'))}
                {header('due_date', translate('monitoring.columns.due_date'))}
                {header('progress_percentage', translate('monitoring.columns.progress'))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.tasks.map((task) => (
                <TableRow
                  key={task.id}
                  hover
                  onClick={() => setOpenId(task.id)}
                  sx={{ cursor: 'pointer' }}
                  data-testid="task-row"
                >
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {task.title}
                    </Typography>
                  </TableCell>
                  <TableCell>{translate(`monitoring.category.${task.category}`)}</TableCell>
                  <TableCell>
                    <PriorityChip priority={task.priority} />
                  </TableCell>
                  <TableCell>
                    <StatusChip status={task.status} />
                  </TableCell>
                  <TableCell>{task.assigned_to_name ?? '—'}</TableCell>
                  <TableCell>{task.department_name ?? '—'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', color: task.is_overdue ? 'error.main' : undefined }}>
                    {formatDate(task.due_date)}
                  </TableCell>
                  <TableCell sx={{ minWidth: 120 }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <LinearProgress
                        variant="determinate"
                        value={task.progress_percentage}
                        color={task.progress_percentage === 100 ? 'success' : 'primary'}
                        sx={{ flex: 1, height: 6, borderRadius: 3 }}
                      />
                      <Typography variant="caption">{task.progress_percentage}%</Typography>
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
              {data && !data.tasks.length && !loading && (
                <TableRow>
                  <TableCell colSpan={8} sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
                    {translate('monitoring.empty')}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={data?.total ?? 0}
          page={page}
          rowsPerPage={perPage}
          rowsPerPageOptions={[10, 25, 50]}
          onPageChange={(_, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPerPage(Number(e.target.value));
            setPage(0);
          }}
        />
      </Card>

      {creating && (
        <NewTaskDialog
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            void load();
          }}
        />
      )}
      {openId !== null && (
        <TaskDetailDialog taskId={openId} onClose={() => setOpenId(null)} onChanged={() => void load()} />
      )}
    </Box>
  );
};
