import './messages.en';
import '../attendance/messages.en';
import { useEffect, useState } from 'react';
import { Box, Card, LinearProgress, MenuItem, TablePagination, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LoadError } from '../../layout/LoadError';
import { errorMessage } from '../../providers/httpClient';
import { fieldSize, filterRow, usePhone } from '../../pwa/phone';
import { useFormat } from '../../schema/format';
import { paginationSx } from '../../schema/phoneTable';
import { attendanceApi, shiftDate, STATUSES, type RecordFilters } from '../attendance/api';
import { RecordsView } from '../attendance/RecordsView';
import { useLoad } from '../attendance/useAttendanceData';

/** Attendance: the team's records (the server keeps the list to the people the user covers), the last week first. */
export const AttendanceTab = () => {
  const translate = useTranslate();
  const format = useFormat();
  const size = fieldSize(usePhone());
  const today = format.dayOf(new Date());
  const [filters, setFilters] = useState<RecordFilters>({ start_date: shiftDate(today, 6), end_date: today });
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const { data, loading, error, reload } = useLoad(() => attendanceApi.list(filters, [page * perPage, page * perPage + perPage - 1]), [filters, page, perPage]);
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
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="team-attendance">
      <Box sx={filterRow}>
        <TextField
          size={size}
          label={translate('team.attendance.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
        />
        <TextField type="date" size={size} label={t('history.start_date')} value={filters.start_date ?? ''} onChange={(e) => set({ start_date: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField type="date" size={size} label={t('history.end_date')} value={filters.end_date ?? ''} onChange={(e) => set({ end_date: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField select size={size} label={t('history.status')} value={filters.status ?? ''} onChange={(e) => set({ status: e.target.value })} sx={{ minWidth: 130 }}>
          <MenuItem value="">{t('history.all')}</MenuItem>
          {STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`attendance.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {loading && <LinearProgress />}
      {error ? (
        <LoadError onRetry={reload}>{errorMessage(error, translate('team.attendance.failed'))}</LoadError>
      ) : (
        data && (
          <Card variant="outlined">
            <RecordsView records={data.records} showEmployee empty={translate('team.attendance.empty')} />
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
    </Box>
  );
};
