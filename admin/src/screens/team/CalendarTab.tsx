import './messages.en';
import { useState } from 'react';
import { Box, Card, CircularProgress, IconButton, LinearProgress, Stack, Tooltip, Typography, alpha, type Theme } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { LoadError } from '../../layout/LoadError';
import { errorMessage } from '../../providers/httpClient';
import { touchIcon, usePhone } from '../../pwa/phone';
import { useSyncedReload } from '../../pwa/useSyncedReload';
import { formatDays, formatMonth, useFormat } from '../../schema/format';
import { teamApi, type TeamCalendar, type TeamLeave } from './api';
import { covers, daysBetween, isWeekend, shiftMonth, WEEKDAYS, weeksOf } from './calendar';

/** Approved leave is a filled mark, pending leave a dashed outline: the two read apart without colour too. */
const markSx = (status: TeamLeave['status']) => (theme: Theme) =>
  status === 'approved'
    ? { bgcolor: alpha(theme.palette.success.main, 0.16), border: `1px solid ${alpha(theme.palette.success.main, 0.5)}` }
    : { bgcolor: 'transparent', border: `1px dashed ${theme.palette.warning.main}` };

/** The overlap warning: an icon with its words beside it, or (in a grid cell) in its tooltip. */
const Overlap = ({ withText }: { withText: boolean }) => {
  const translate = useTranslate();
  const text = translate('team.calendar.overlaps');
  return withText ? (
    <Stack direction="row" spacing={0.5} alignItems="center" sx={{ color: 'warning.dark' }}>
      <WarningIcon fontSize="small" aria-hidden />
      <Typography variant="caption">{text}</Typography>
    </Stack>
  ) : (
    <Tooltip title={text}>
      <WarningIcon fontSize="inherit" sx={{ color: 'warning.dark', flex: 'none' }} aria-label={text} role="img" />
    </Tooltip>
  );
};

/** Someone off: name, and on a phone the type, the dates and the status in words. */
const LeaveMark = ({ leave, detailed }: { leave: TeamLeave; detailed: boolean }) => {
  const translate = useTranslate();
  const format = useFormat();
  const status = translate(`team.calendar.${leave.status}`);
  if (!detailed) {
    return (
      <Tooltip title={`${leave.employee_name} · ${leave.leave_type} · ${status}`}>
        <Box
          data-testid="calendar-leave"
          data-status={leave.status}
          sx={[markSx(leave.status), { display: 'flex', alignItems: 'center', gap: 0.25, borderRadius: 1, px: 0.5, fontSize: '0.75rem', minWidth: 0 }]}
        >
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}>
            {leave.employee_name}
          </Box>
          {leave.overlaps && <Overlap withText={false} />}
        </Box>
      </Tooltip>
    );
  }
  return (
    <Box data-testid="calendar-leave" data-status={leave.status} sx={[markSx(leave.status), { borderRadius: 1, px: 1, py: 0.5 }]}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {leave.employee_name} · {status}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {leave.leave_type} · {format.dateRange(leave.start_date, leave.end_date)} · {formatDays(leave.total_days)}
      </Typography>
      {leave.overlaps && <Overlap withText />}
    </Box>
  );
};

/** The legend: what the two marks and the warning mean. */
const Legend = () => {
  const translate = useTranslate();
  const item = (status: TeamLeave['status']) => (
    <Stack direction="row" spacing={0.75} alignItems="center">
      <Box sx={[markSx(status), { width: 18, height: 12, borderRadius: 0.5 }]} />
      <Typography variant="caption">{translate(`team.calendar.${status}`)}</Typography>
    </Stack>
  );
  return (
    <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" alignItems="center">
      {item('approved')}
      {item('pending')}
      <Overlap withText />
    </Stack>
  );
};

/** A phone: the month's days on which someone is off or which are holidays, one after another. */
const DayList = ({ data }: { data: TeamCalendar }) => {
  const translate = useTranslate();
  const format = useFormat();
  const days = daysBetween(data.start_date, data.end_date)
    .map((day) => ({ day, leave: data.leave.filter((l) => covers(l, day)), holidays: data.holidays.filter((h) => h.date === day) }))
    .filter(({ leave, holidays }) => leave.length || holidays.length);
  if (!days.length) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {translate('team.calendar.empty')}
      </Typography>
    );
  }
  return (
    <Stack spacing={1.5} data-testid="calendar-days">
      {days.map(({ day, leave, holidays }) => (
        <Card key={day} variant="outlined" data-testid="calendar-day" data-date={day} sx={{ p: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>{format.longDate(day)}</Typography>
          {holidays.map((h) => (
            <Typography key={h.name} variant="body2" color="info.dark">
              {translate('team.calendar.holiday')}: {h.name}
            </Typography>
          ))}
          <Stack spacing={0.75} sx={{ mt: leave.length ? 1 : 0 }}>
            {leave.map((l) => (
              <LeaveMark key={l.id} leave={l} detailed />
            ))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
};

/** The people a day's cell names; the rest are counted (a department or a company has many off on some days). */
const CELL_MARKS = 3;

/** A desktop: the month as a grid of weeks, each day with its holiday and who is off. */
const MonthGrid = ({ data, today }: { data: TeamCalendar; today: string }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ overflow: 'hidden' }} data-testid="calendar-grid">
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))' }} role="grid" aria-label={formatMonth(data.month)}>
        {WEEKDAYS.map((name) => (
          <Typography key={name} role="columnheader" variant="caption" sx={{ p: 1, fontWeight: 600, color: 'text.secondary', borderBottom: 1, borderColor: 'divider' }}>
            {name}
          </Typography>
        ))}
        {weeksOf(data.start_date, data.end_date)
          .flat()
          .map((day, i) => {
            const leave = day ? data.leave.filter((l) => covers(l, day)) : [];
            const holidays = day ? data.holidays.filter((h) => h.date === day) : [];
            return (
              <Box
                key={day ?? `blank-${i}`}
                role="gridcell"
                data-testid={day ? 'calendar-day' : undefined}
                data-date={day ?? undefined}
                sx={{
                  minHeight: 96,
                  p: 0.5,
                  borderRight: (i + 1) % 7 ? 1 : 0,
                  borderBottom: 1,
                  borderColor: 'divider',
                  bgcolor: !day ? 'action.hover' : holidays.length ? (theme) => alpha(theme.palette.info.main, 0.08) : isWeekend(day) ? 'action.hover' : undefined,
                  minWidth: 0,
                }}
              >
                {day && (
                  <Stack spacing={0.25}>
                    <Typography
                      variant="caption"
                      sx={day === today ? { fontWeight: 700, color: 'primary.contrastText', bgcolor: 'primary.main', borderRadius: 1, px: 0.5, alignSelf: 'flex-start' } : { fontWeight: 600 }}
                    >
                      {Number(day.slice(8))}
                    </Typography>
                    {holidays.map((h) => (
                      <Typography key={h.name} variant="caption" color="info.dark" noWrap title={`${translate('team.calendar.holiday')}: ${h.name}`}>
                        {h.name}
                      </Typography>
                    ))}
                    {leave.slice(0, CELL_MARKS).map((l) => (
                      <LeaveMark key={l.id} leave={l} detailed={false} />
                    ))}
                    {leave.length > CELL_MARKS && (
                      <Tooltip title={leave.slice(CELL_MARKS).map((l) => l.employee_name).join(', ')}>
                        <Typography variant="caption" color="text.secondary">
                          {translate('team.calendar.more', { smart_count: leave.length - CELL_MARKS })}
                        </Typography>
                      </Tooltip>
                    )}
                  </Stack>
                )}
              </Box>
            );
          })}
      </Box>
    </Card>
  );
};

/** Calendar: who of the team is off each day of a month, the holidays, pending and approved apart, overlaps flagged. */
export const CalendarTab = () => {
  const translate = useTranslate();
  const format = useFormat();
  const phone = usePhone();
  const today = format.dayOf(new Date());
  const [month, setMonth] = useState(today.slice(0, 7));
  const query = useQuery({
    queryKey: ['team', 'calendar', month],
    queryFn: () => teamApi.calendar(month),
    retry: false,
    placeholderData: keepPreviousData,
  });
  useSyncedReload(() => query.refetch());
  const data = query.data;

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="team-calendar">
      <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={1}>
        <IconButton sx={touchIcon} aria-label={translate('team.calendar.previous')} onClick={() => setMonth((m) => shiftMonth(m, -1))}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }} aria-live="polite">
          {formatMonth(month)}
        </Typography>
        <IconButton sx={touchIcon} aria-label={translate('team.calendar.next')} onClick={() => setMonth((m) => shiftMonth(m, 1))}>
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      <Legend />
      {query.isFetching && data && <LinearProgress />}
      {query.error && !query.isFetching ? (
        <LoadError onRetry={() => query.refetch()}>{errorMessage(query.error, translate('team.calendar.failed'))}</LoadError>
      ) : !data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="loading" />
        </Box>
      ) : phone ? (
        <DayList data={data} />
      ) : (
        <MonthGrid data={data} today={today} />
      )}
    </Box>
  );
};
