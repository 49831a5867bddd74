import './messages.en';
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, LinearProgress, TextField, Typography } from '@mui/material';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import { useTranslate } from 'react-admin';
import { useFormat } from '../../schema/format';
import { LoadError } from '../../layout/LoadError';
import { attendanceApi, formatHours } from './api';
import { StatusChip } from './RecordsView';
import { useLoad } from './useAttendanceData';
import { punchTime, useQueuedPunches } from './useQueuedPunches';
import { usePunch, type PunchKind as Kind } from './usePunch';

/** Check In/Out (hr.md 2, 7): location text, the browser's position, the two panels and today's summary. */
export const CheckTab = ({ onChanged }: { onChanged?: () => void }) => {
  const translate = useTranslate();
  const format = useFormat();
  const { data: today, loading, error, reload } = useLoad(() => attendanceApi.today());
  const queued = useQueuedPunches(today);
  const [location, setLocation] = useState('Office');
  const { busy, punch: send } = usePunch(today, async () => {
    await reload();
    onChanged?.();
  });
  const punch = (kind: Kind) => send(kind, location);
  const t = (key: string, args?: Record<string, unknown>) => translate(`attendance.check.${key}`, args);

  if (loading && !today) return <LinearProgress />;
  if (error || !today) return <LoadError onRetry={reload}>{translate('attendance.messages.load_failed')}</LoadError>;
  const record = today.record;
  // a check-in or check-out made offline counts as done until the server has it
  const canCheckIn = today.can_check_in && !queued.checkIn;
  const canCheckOut = (today.can_check_out || (!!queued.checkIn && !record?.check_out_time)) && !queued.checkOut;
  const noEmployee = !today.can_check_in && !record && !queued.checkIn;
  // yesterday's record while its shift runs past midnight
  const overnight = !!record && record.attendance_date !== today.date;
  const spinner = (kind: Kind) => (busy === kind || (busy === 'locating' && kind === (canCheckOut ? 'check-out' : 'check-in')) ? <CircularProgress size={16} color="inherit" /> : undefined);
  const waiting = (key: 'waiting_in' | 'waiting_out', item: NonNullable<typeof queued.checkIn>) => (
    <Box component="span" data-testid={`queued-${key === 'waiting_in' ? 'check-in' : 'check-out'}`}>
      {t(key, { time: format.time(punchTime(item)) })}
    </Box>
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
      {noEmployee && <Alert severity="info">{t('no_employee')}</Alert>}
      {record && !overnight && record.corrected_at && !record.check_in_time && (
        <Alert severity="info" data-testid="admin-recorded">
          {t('admin_recorded', { status: translate(`attendance.status.${record.status}`) })}
        </Alert>
      )}
      {today.require_location_check && <Alert severity="info">{t('location_required')}</Alert>}
      {overnight && !record.check_out_time && (
        <Alert severity="info" data-testid="overnight-open">
          {t('overnight_open', { date: format.date(record.attendance_date) })}
        </Alert>
      )}
      {today.shift && (
        <Typography color="text.secondary">
          {t('shift', { name: today.shift.shift_name, start: format.clock(today.shift.start_time), grace: today.shift.grace_period })}
        </Typography>
      )}
      <TextField
        label={t('location')}
        helperText={t('location_hint')}
        value={location}
        onChange={(e) => setLocation(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 255 } }}
        disabled={!!busy}
      />
      {busy === 'locating' && <Typography color="text.secondary">{t('locating')}</Typography>}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6">{t('check_in_title')}</Typography>
            <Typography color="text.secondary" sx={{ my: 1 }}>
              {record?.check_in_time
                ? t(overnight ? 'checked_in_on' : 'checked_in_at', { date: format.date(record.attendance_date), time: format.time(record.check_in_time) })
                : queued.checkIn
                  ? waiting('waiting_in', queued.checkIn)
                  : t('not_yet_in')}
            </Typography>
            <Button
              fullWidth
              size="large"
              sx={{ minHeight: 48 }}
              variant="contained"
              color="success"
              startIcon={spinner('check-in') ?? <LoginIcon />}
              disabled={!canCheckIn || !!busy}
              onClick={() => void punch('check-in')}
            >
              {t('check_in')}
            </Button>
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6">{t('check_out_title')}</Typography>
            <Typography color="text.secondary" sx={{ my: 1 }}>
              {record?.check_out_time
                ? t('checked_out_at', { time: format.time(record.check_out_time) })
                : queued.checkOut
                  ? waiting('waiting_out', queued.checkOut)
                  : canCheckOut
                    ? '\u00a0'
                    : t('out_after_in')}
            </Typography>
            <Button
              fullWidth
              size="large"
              sx={{ minHeight: 48 }}
              variant="contained"
              color="warning"
              startIcon={spinner('check-out') ?? <LogoutIcon />}
              disabled={!canCheckOut || !!busy}
              onClick={() => void punch('check-out')}
            >
              {t('check_out')}
            </Button>
          </CardContent>
        </Card>
      </Box>
      {record && (
        <Card variant="outlined" data-testid="work-summary">
          <CardContent>
            <Typography variant="h6" sx={{ mb: 1 }}>
              {t('summary')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'center' }}>
              <StatusChip status={record.status} />
              <Typography>
                {translate('attendance.fields.check_in')}: {format.time(record.check_in_time)}
              </Typography>
              <Typography>
                {translate('attendance.fields.check_out')}: {format.time(record.check_out_time)}
              </Typography>
              <Typography>
                {translate('attendance.fields.work_hours')}: {formatHours(record.work_hours)}
              </Typography>
              {record.work_location_name && (
                <Typography>
                  {translate('attendance.fields.location')}: {record.work_location_name}
                </Typography>
              )}
            </Box>
            {record.check_out_time && (
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {t('done')}
              </Typography>
            )}
          </CardContent>
        </Card>
      )}
    </Box>
  );
};
