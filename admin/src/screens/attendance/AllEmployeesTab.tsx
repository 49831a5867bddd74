import './messages.en';
import { useEffect, useState } from 'react';
import { Box, Button, Card, LinearProgress, MenuItem, TablePagination, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import { useTranslate } from 'react-admin';
import { LoadError } from '../../layout/LoadError';
import { filterRow } from '../../pwa/phone';
import { attendanceApi, isoDate, shiftDate, STATUSES, type AttendanceRecord, type RecordFilters } from './api';
import { CorrectionDialog } from './CorrectionDialog';
import { downloadCsv } from './csv';
import { RecordsView } from './RecordsView';
import { RecordPicker } from '../../schema/RecordPicker';
import { paginationSx } from '../../schema/phoneTable';
import { useLoad } from './useAttendanceData';

/** Admins: every employee's records with filters, paging, CSV export and corrections. */
export const AllEmployeesTab = () => {
  const translate = useTranslate();
  const [filters, setFilters] = useState<RecordFilters>({ start_date: shiftDate(isoDate(new Date()), 6), end_date: isoDate(new Date()) });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const [editing, setEditing] = useState<AttendanceRecord | null | undefined>(undefined);
  const { data, loading, error, reload } = useLoad(
    () => attendanceApi.list(filters, [page * perPage, page * perPage + perPage - 1]),
    [filters, page, perPage],
  );
  useEffect(() => {
    const timer = setTimeout(() => setFilters((f) => (f.q === search.trim() ? f : { ...f, q: search.trim() })), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const set = (patch: RecordFilters) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(0);
  };
  const t = (key: string) => translate(`attendance.${key}`);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={filterRow}>
        <TextField
          size="small"
          label={t('all.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            // a new search starts on its first page
            setPage(0);
          }}
        />
        <TextField type="date" size="small" label={t('history.start_date')} value={filters.start_date ?? ''} onChange={(e) => set({ start_date: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField type="date" size="small" label={t('history.end_date')} value={filters.end_date ?? ''} onChange={(e) => set({ end_date: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField select size="small" label={t('history.status')} value={filters.status ?? ''} onChange={(e) => set({ status: e.target.value })} sx={{ minWidth: 130 }}>
          <MenuItem value="">{t('history.all')}</MenuItem>
          {STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`attendance.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <RecordPicker
          reference="hr/departments"
          label={t('all.department')}
          value={filters.department_id}
          onChange={(id) => set({ department_id: id === undefined ? undefined : Number(id) })}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={() => data && downloadCsv(data.records, isoDate(new Date()))} disabled={!data?.records.length}>
          {t('history.export')}
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
          {t('all.add')}
        </Button>
      </Box>
      {loading && <LinearProgress />}
      {error ? (
        <LoadError onRetry={reload}>{t('messages.history_failed')}</LoadError>
      ) : (
        data && (
          <Card variant="outlined">
            <RecordsView
              records={data.records}
              showEmployee
              empty={t('all.empty')}
              action={(r) => (
                <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(r)} aria-label={`${t('all.correct')} ${r.employee_name} ${r.attendance_date}`}>
                  {t('all.correct')}
                </Button>
              )}
            />
            <TablePagination
              component="div"
              count={data.total}
              page={page}
              rowsPerPage={perPage}
              rowsPerPageOptions={[10, 25, 50, 100]}
              sx={paginationSx}
              onPageChange={(_, p) => setPage(p)}
              onRowsPerPageChange={(e) => {
                setPerPage(Number(e.target.value));
                setPage(0);
              }}
            />
          </Card>
        )
      )}
      <CorrectionDialog
        open={editing !== undefined}
        record={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void reload();
        }}
      />
    </Box>
  );
};
