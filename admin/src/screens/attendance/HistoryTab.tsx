import './messages.en';
import { useState } from 'react';
import { Box, Button, Card, LinearProgress, MenuItem, TextField } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslate } from 'react-admin';
import { LoadError } from '../../layout/LoadError';
import { fieldSize, filterRow, touchTarget, usePhone } from '../../pwa/phone';
import { attendanceApi, isoDate, shiftDate, STATUSES, type RecordFilters } from './api';
import { downloadCsv } from './csv';
import { RecordsView } from './RecordsView';
import { useLoad } from './useAttendanceData';

/** The caller's records with start date, end date and status filters, and CSV export (hr.md 2). */
export const HistoryTab = () => {
  const translate = useTranslate();
  const size = fieldSize(usePhone());
  const [draft, setDraft] = useState<RecordFilters>({
    start_date: shiftDate(isoDate(new Date()), 29),
    end_date: isoDate(new Date()),
    status: '',
  });
  const [filters, setFilters] = useState<RecordFilters>(draft);
  const { data, loading, error, reload } = useLoad(() => attendanceApi.list({ ...filters, mine: true }), [filters]);
  const t = (key: string) => translate(`attendance.history.${key}`);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          setFilters(draft);
        }}
        sx={filterRow}
      >
        <TextField
          type="date"
          size={size}
          label={t('start_date')}
          value={draft.start_date ?? ''}
          onChange={(e) => setDraft({ ...draft, start_date: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size={size}
          label={t('end_date')}
          value={draft.end_date ?? ''}
          onChange={(e) => setDraft({ ...draft, end_date: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField select size={size} label={t('status')} value={draft.status ?? ''} onChange={(e) => setDraft({ ...draft, status: e.target.value })} sx={{ minWidth: 140 }}>
          <MenuItem value="">{t('all')}</MenuItem>
          {STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`attendance.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="outlined" sx={touchTarget}>
          {t('apply')}
        </Button>
        <Button
          sx={touchTarget}
          startIcon={<DownloadIcon />}
          disabled={!data?.records.length}
          onClick={() => data && downloadCsv(data.records, isoDate(new Date()))}
        >
          {t('export')}
        </Button>
      </Box>
      {loading && <LinearProgress />}
      {error ? (
        <LoadError onRetry={reload}>{translate('attendance.messages.history_failed')}</LoadError>
      ) : (
        data && (
          <Card variant="outlined">
            <RecordsView records={data.records} empty={t('empty')} />
          </Card>
        )
      )}
    </Box>
  );
};
