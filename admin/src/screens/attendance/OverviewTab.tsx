import './messages.en';
import { Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useFormat } from '../../schema/format';
import { useTranslate } from 'react-admin';
import { LoadError } from '../../layout/LoadError';
import { attendanceApi, formatHours, shiftDate } from './api';
import { RecordsView, StatusChip } from './RecordsView';
import { useLoad } from './useAttendanceData';
import { punchTime, useQueuedPunches } from './useQueuedPunches';

const Stat = ({ label, value }: { label: string; value: string | number }) => (
  <Card variant="outlined">
    <CardContent sx={{ '&:last-child': { pb: 2 } }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
    </CardContent>
  </Card>
);

/** Today's record, statistic cards for the last 30 days and the last 7 days (hr.md 2, 9). */
export const OverviewTab = () => {
  const translate = useTranslate();
  const format = useFormat();
  const { data, loading, error, reload } = useLoad(async () => {
    const today = await attendanceApi.today();
    const weekStart = shiftDate(today.date, 6);
    const [summary, week] = await Promise.all([
      attendanceApi.summary(),
      attendanceApi.list({ mine: true, start_date: weekStart, end_date: today.date }),
    ]);
    return { today, summary, week: week.records };
  });
  const t = (key: string, args?: Record<string, unknown>) => translate(`attendance.overview.${key}`, args);
  const queued = useQueuedPunches(data?.today ?? null);

  if (loading && !data) return <LinearProgress />;
  if (error || !data) return <LoadError onRetry={reload}>{translate('attendance.messages.load_failed')}</LoadError>;
  const { today, summary, week } = data;
  const record = today.record;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" sx={{ mb: 1 }}>
            {t('today')} · {format.longDate(today.date)}
          </Typography>
          {record ? (
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
            </Box>
          ) : (
            !queued.checkIn && <Typography color="text.secondary">{t('not_checked_in')}</Typography>
          )}
          {[queued.checkIn && ['waiting_in', queued.checkIn] as const, queued.checkOut && ['waiting_out', queued.checkOut] as const].map(
            (entry) =>
              entry && (
                <Typography key={entry[0]} color="warning.dark" sx={{ mt: 1 }} data-testid="queued-punch">
                  {translate(`attendance.check.${entry[0]}`, { time: format.time(punchTime(entry[1])) })}
                </Typography>
              ),
          )}
        </CardContent>
      </Card>

      <Box>
        <Typography variant="h6" sx={{ mb: 1 }}>
          {t('stats_title')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          <Stat label={t('present_days')} value={summary.present_days} />
          <Stat label={t('late_days')} value={summary.late_days} />
          <Stat label={t('absent_days')} value={summary.absent_days} />
          <Stat label={t('leave_days')} value={summary.leave_days} />
          <Stat label={t('total_hours')} value={t('hours', { hours: summary.total_work_hours.toFixed(2) })} />
          <Stat label={t('average_hours')} value={t('hours', { hours: summary.average_work_hours.toFixed(2) })} />
          <Stat label={t('rate')} value={`${summary.attendance_rate}%`} />
        </Box>
      </Box>

      <Box>
        <Typography variant="h6" sx={{ mb: 1 }}>
          {t('last7')}
        </Typography>
        <Card variant="outlined">
          <RecordsView records={week} empty={translate('attendance.history.empty')} />
        </Card>
      </Box>
    </Box>
  );
};
