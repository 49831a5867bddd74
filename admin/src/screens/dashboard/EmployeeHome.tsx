import '../attendance/messages.en';
import '../leave/messages.en';
import '../team/messages.en';
import { useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Grid,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { HttpError, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { components } from '../../../../openapi/schema';
import { canOpen, type ProtectedPath } from '../../access';
import { useSession } from '../../auth/useSession';
import { PageHeader } from '../../layout/PageHeader';
import { apiData, client } from '../../providers/apiClient';
import { companyName } from '../../providers/session';
import { errorMessage } from '../../providers/httpClient';
import { touchTarget } from '../../pwa/phone';
import { isUnreachable } from '../../pwa/owner';
import { useSyncedReload } from '../../pwa/useSyncedReload';
import { useFormat } from '../../schema/format';
import { StatusChip } from '../../schema/StatusChip';
import { attendanceApi } from '../attendance/api';
import { StatusChip as AttendanceStatusChip } from '../attendance/RecordsView';
import { punchTime, useQueuedPunches } from '../attendance/useQueuedPunches';
import { usePunch } from '../attendance/usePunch';
import { days, leaveApi } from '../leave/api';
import { RequestLeaveDialog } from '../leave/RequestLeaveDialog';
import { StatusChip as LeaveStatusChip } from '../leave/StatusChip';
import { monthName, PaymentStatusChip, usePayslipDownload } from '../payroll/shared';
import { DAY_STATUSES } from '../team/api';
import { DayStatusChip } from '../team/DayStatusChip';
import { useTeamToday } from '../team/useTeamToday';

type Task = components['schemas']['TaskResponseDto'];
type KpiTarget = components['schemas']['KpiTargetResponseDto'];

const OPEN_TASKS = ['pending', 'in_progress', 'on_hold', 'overdue'];

/**
 * A block the caller may not see: the plan lacks its module, or the server refuses it (403); or,
 * offline, one this device has kept nothing of (the offline banner says the data is not live).
 */
const hidden = (error: unknown, hasData: boolean) =>
  (error instanceof HttpError && error.status === 403) || (!hasData && isUnreachable(error));

/**
 * One block of the home: a title, its content, and its loading, empty and error states. It hides
 * itself when the server answers 403 (the plan lacks the module, or the caller has no right to it).
 */
const Block = <T,>({
  title,
  query,
  testId,
  action,
  isEmpty,
  empty,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  testId: string;
  action?: ReactNode;
  isEmpty?: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}) => {
  const translate = useTranslate();
  const data = query.data;
  if (hidden(query.error, data !== undefined)) return null;
  return (
    <Grid size={{ xs: 12, md: 6 }}>
      <Card variant="outlined" sx={{ height: '100%' }} data-testid={testId}>
        <CardContent>
          <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1} sx={{ mb: 1, minHeight: 36 }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            {data !== undefined && action}
          </Stack>
          {query.error && data === undefined ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                  {translate('employee_home.retry')}
                </Button>
              }
            >
              {errorMessage(query.error, translate('employee_home.load_failed'))}
            </Alert>
          ) : data === undefined ? (
            <Stack spacing={1} aria-busy="true">
              <Skeleton variant="rounded" height={28} />
              <Skeleton variant="rounded" height={28} width="70%" />
            </Stack>
          ) : isEmpty?.(data) ? (
            <Typography color="text.secondary">{empty}</Typography>
          ) : (
            children(data)
          )}
        </CardContent>
      </Card>
    </Grid>
  );
};

/** "View all" to a screen, when the caller may open it. */
const ViewAll = ({ to }: { to: ProtectedPath }) => {
  const translate = useTranslate();
  const session = useSession();
  if (!canOpen(to, session)) return null;
  return (
    <Button component={RouterLink} to={to} size="small">
      {translate('employee_home.view_all')}
    </Button>
  );
};

/** A list row whose chip sits under the text on a phone, never over it. */
const Row = ({ primary, secondary, chip }: { primary: ReactNode; secondary?: ReactNode; chip?: ReactNode }) => (
  <ListItem disableGutters sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
    <ListItemText primary={primary} secondary={secondary} sx={{ flex: '1 1 12rem', minWidth: 0, my: 0.5 }} />
    {chip && <Box sx={{ flex: '0 0 auto' }}>{chip}</Box>}
  </ListItem>
);

/** Today: the own record and one button, Check In or Check Out (the attendance screen's rules and offline queue). */
const TodayBlock = () => {
  const translate = useTranslate();
  const format = useFormat();
  const query = useQuery({ queryKey: ['home', 'attendance', 'today'], queryFn: () => attendanceApi.today(), retry: false });
  const today = query.data ?? null;
  const queued = useQueuedPunches(today);
  const { busy, punch } = usePunch(today, () => query.refetch());
  useSyncedReload(() => query.refetch());
  const t = (key: string, args?: Record<string, unknown>) => translate(`employee_home.${key}`, args);

  return (
    <Block title={today ? `${t('today')} · ${format.date(today.date)}` : t('today')} query={query} testId="home-today" empty="" action={<ViewAll to="/hr/attendance" />}>
      {(data) => {
        const record = data.record;
        const canCheckIn = data.can_check_in && !queued.checkIn;
        const canCheckOut = (data.can_check_out || (!!queued.checkIn && !record?.check_out_time)) && !queued.checkOut;
        const noEmployee = !data.can_check_in && !record && !queued.checkIn;
        if (noEmployee) return <Alert severity="info">{t('no_employee')}</Alert>;
        const kind = canCheckIn ? 'check-in' : canCheckOut ? 'check-out' : null;
        const lines = [
          record?.check_in_time
            ? t('checked_in', { time: format.time(record.check_in_time) })
            : queued.checkIn
              ? `${translate('attendance.check.check_in')}: ${t('waiting', { time: format.time(punchTime(queued.checkIn)) })}`
              : t('not_checked_in'),
          record?.check_out_time
            ? t('checked_out', { time: format.time(record.check_out_time) })
            : queued.checkOut
              ? `${translate('attendance.check.check_out')}: ${t('waiting', { time: format.time(punchTime(queued.checkOut)) })}`
              : null,
        ].filter(Boolean);
        return (
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
              {record && <AttendanceStatusChip status={record.status} />}
              <Typography data-testid="home-today-status">{lines.join(' · ')}</Typography>
            </Stack>
            {kind ? (
              <Button
                fullWidth
                size="large"
                variant="contained"
                color={kind === 'check-in' ? 'success' : 'warning'}
                sx={{ minHeight: 56, fontSize: '1.1rem' }}
                disabled={!!busy}
                startIcon={busy ? <CircularProgress size={18} color="inherit" /> : kind === 'check-in' ? <LoginIcon /> : <LogoutIcon />}
                onClick={() => void punch(kind, 'Office')}
              >
                {translate(kind === 'check-in' ? 'attendance.check.check_in' : 'attendance.check.check_out')}
              </Button>
            ) : (
              record?.check_out_time && <Typography color="text.secondary">{t('day_done')}</Typography>
            )}
          </Stack>
        );
      }}
    </Block>
  );
};

/** For whoever manages people: how many of the team are in, late, absent, on leave or not in yet, and the way to My Team. */
const TeamTodayBlock = () => {
  const translate = useTranslate();
  const query = useTeamToday();
  return (
    <Block
      title={translate('team.home.title')}
      query={query}
      testId="home-team-today"
      empty={translate('team.today.empty')}
      isEmpty={(data) => data.total === 0}
      action={
        <Button component={RouterLink} to="/hr/team" size="small" sx={touchTarget}>
          {translate('team.home.open')}
        </Button>
      }
    >
      {(data) => (
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" aria-label={translate('team.home.summary', data.counts)}>
            {DAY_STATUSES.map((status) => (
              <Stack key={status} direction="row" spacing={0.5} alignItems="center">
                <Typography sx={{ fontWeight: 700 }}>{data.counts[status]}</Typography>
                <DayStatusChip status={status} />
              </Stack>
            ))}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {translate('team.today.total', { smart_count: data.total })}
          </Typography>
        </Stack>
      )}
    </Block>
  );
};

/** Leave: the own balance per type with Request Leave, then the own pending requests. */
const LeaveBlocks = () => {
  const translate = useTranslate();
  const format = useFormat();
  const [requesting, setRequesting] = useState(false);
  const year = new Date().getFullYear();
  const balances = useQuery({
    queryKey: ['home', 'leave', 'balances', year],
    queryFn: async () => {
      const [rows, types] = await Promise.all([leaveApi.balances({ mine: true, year }), leaveApi.types()]);
      return { rows, types };
    },
    retry: false,
  });
  const pending = useQuery({
    queryKey: ['home', 'leave', 'pending'],
    queryFn: () => leaveApi.requests({ mine: true, status: 'pending' }),
    retry: false,
  });
  const reload = () => {
    void balances.refetch();
    void pending.refetch();
  };
  useSyncedReload(reload);
  const t = (key: string, args?: Record<string, unknown>) => translate(`employee_home.${key}`, args);

  return (
    <>
      <Block
        title={t('leave_balance')}
        query={balances}
        testId="home-leave-balance"
        empty={t('no_balances')}
        isEmpty={(data) => !data.rows.length && !data.types.some((type) => type.is_active)}
        action={
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setRequesting(true)} sx={touchTarget}>
            {translate('leave.request_leave')}
          </Button>
        }
      >
        {(data) =>
          data.rows.length ? (
            <List dense disablePadding>
              {data.rows.map((b) => (
                <Row
                  key={b.leave_type_id}
                  primary={b.leave_type_name}
                  secondary={b.limited ? t('days_left', { remaining: days(b.remaining), entitlement: days(Number(b.entitlement) + Number(b.carried_over)) }) : t('no_limit')}
                />
              ))}
            </List>
          ) : (
            <Typography color="text.secondary">{t('no_balances')}</Typography>
          )
        }
      </Block>
      <Block
        title={t('pending_requests')}
        query={pending}
        testId="home-pending-requests"
        empty={t('no_pending')}
        isEmpty={(data) => !data.length}
        action={<ViewAll to="/hr/leave" />}
      >
        {(data) => (
          <List dense disablePadding>
            {data.slice(0, 5).map((r) => (
              <Row
                key={r.id}
                primary={r.leave_type_name}
                secondary={`${format.date(r.start_date)} – ${format.date(r.end_date)} · ${t('days', { days: days(r.total_days) })}`}
                chip={<LeaveStatusChip status={r.status} />}
              />
            ))}
          </List>
        )}
      </Block>
      {requesting && balances.data && (
        <RequestLeaveDialog
          types={balances.data.types}
          onClose={() => setRequesting(false)}
          onSubmitted={() => {
            setRequesting(false);
            reload();
          }}
        />
      )}
    </>
  );
};

/** The latest own payslip, with its PDF. */
const PayslipBlock = ({ employeeId }: { employeeId: number }) => {
  const translate = useTranslate();
  const format = useFormat();
  const { downloading: busy, download } = usePayslipDownload();
  const query = useQuery({
    queryKey: ['home', 'payroll', 'latest', employeeId],
    queryFn: async () =>
      (
        await apiData(
          client.GET('/api/hr/payroll', {
            params: {
              query: { range: JSON.stringify([0, 0]), sort: JSON.stringify(['pay_period_start', 'DESC']), filter: JSON.stringify({ employee_id: employeeId }) },
            },
          }),
        )
      )[0] ?? null,
    retry: false,
  });
  return (
    <Block
      title={translate('employee_home.latest_payslip')}
      query={query}
      testId="home-payslip"
      empty={translate('employee_home.no_payslip')}
      isEmpty={(data) => !data}
      action={<ViewAll to="/hr/payroll" />}
    >
      {(record) => {
        if (!record) return null;
        const [year, month] = record.pay_period_start.split('-').map(Number);
        return (
          <Stack spacing={1}>
            <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap" useFlexGap spacing={1}>
              <Typography sx={{ fontWeight: 600 }}>
                {monthName(month)} {year}
              </Typography>
              <PaymentStatusChip status={record.payment_status} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {translate('employee_home.net_pay')}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
              {format.money(record.net_salary)}
            </Typography>
            <Box>
              <Button
                variant="outlined"
                startIcon={busy ? <CircularProgress size={14} /> : <DownloadIcon />}
                disabled={busy}
                onClick={() => void download(record.id)}
                sx={touchTarget}
              >
                {translate('employee_home.download')}
              </Button>
            </Box>
          </Stack>
        );
      }}
    </Block>
  );
};

/** The own open tasks, soonest due first. */
const TasksBlock = ({ employeeId }: { employeeId: number }) => {
  const translate = useTranslate();
  const format = useFormat();
  const query = useQuery({
    queryKey: ['home', 'tasks', employeeId],
    queryFn: () =>
      apiData<Task[]>(
        // the caller's own tasks, whether the matrix or the self-service policy gives them
        client.GET('/api/monitoring/my-tasks', {
          params: {
            query: {
              range: JSON.stringify([0, 4]),
              sort: JSON.stringify(['due_date', 'ASC']),
              filter: JSON.stringify({ status: OPEN_TASKS }),
            },
          },
        }),
      ),
    retry: false,
  });
  return (
    <Block title={translate('employee_home.my_tasks')} query={query} testId="home-tasks" empty={translate('employee_home.no_tasks')} isEmpty={(data) => !data.length}>
      {(data) => (
        <List dense disablePadding>
          {data.map((task) => (
            <Row
              key={task.id}
              primary={task.title}
              secondary={[task.due_date ? translate('employee_home.due', { date: format.date(task.due_date) }) : null, `${task.progress_percentage ?? 0}%`]
                .filter(Boolean)
                .join(' · ')}
              chip={<StatusChip resource="monitoring/tasks" value={task.status} />}
            />
          ))}
        </List>
      )}
    </Block>
  );
};

/** The own KPI targets of the period running today, with their achievement. */
const KpiBlock = ({ employeeId }: { employeeId: number }) => {
  const translate = useTranslate();
  const format = useFormat();
  const today = format.dayOf(new Date());
  const query = useQuery({
    queryKey: ['home', 'kpi', employeeId, today],
    queryFn: async () => {
      const rows = await apiData<KpiTarget[]>(
        client.GET('/api/kpi/kpi-targets', {
          params: {
            query: {
              range: JSON.stringify([0, 49]),
              sort: JSON.stringify(['period_start_date', 'DESC']),
              filter: JSON.stringify({ target_type: 'employee', employee_id: employeeId }),
            },
          },
        }),
      );
      return rows.filter((row) => row.period_start_date.slice(0, 10) <= today && row.period_end_date.slice(0, 10) >= today);
    },
    retry: false,
  });
  return (
    <Block title={translate('employee_home.kpi_progress')} query={query} testId="home-kpi" empty={translate('employee_home.no_kpis')} isEmpty={(data) => !data.length}>
      {(data) => (
        <Stack spacing={1.5}>
          {data.map((target) => {
            const percent = target.achievement_percentage;
            return (
              <Box key={target.id}>
                <Stack direction="row" justifyContent="space-between" spacing={1}>
                  <Typography sx={{ fontWeight: 600, minWidth: 0 }} noWrap>
                    {target.kpi_name}
                  </Typography>
                  <Typography color="text.secondary">{percent == null ? '—' : `${Math.round(percent)}%`}</Typography>
                </Stack>
                <LinearProgress
                  variant="determinate"
                  value={Math.max(0, Math.min(100, percent ?? 0))}
                  color={target.achieved ? 'success' : 'primary'}
                  sx={{ height: 8, borderRadius: 4, my: 0.5 }}
                  aria-label={target.kpi_name}
                />
                <Typography variant="body2" color="text.secondary">
                  {target.actual_value == null
                    ? translate('employee_home.not_measured')
                    : translate('employee_home.kpi_value', { actual: Number(target.actual_value), target: Number(target.target_value) })}
                  {' · '}
                  {format.date(target.period_start_date)} – {format.date(target.period_end_date)}
                </Typography>
              </Box>
            );
          })}
        </Stack>
      )}
    </Block>
  );
};

/**
 * The employee's home (/dashboard for the employee role), phone first: today's attendance with one
 * tap to check in or out, leave balance with Request Leave, pending requests, the latest payslip,
 * open tasks and this period's KPI progress. Only the caller's own data, never company figures;
 * for someone who manages people, also their team's day and the way to My Team.
 */
export default function EmployeeHome() {
  const translate = useTranslate();
  const session = useSession();
  // the person's first name (the username only where the account has none)
  const name = session.user?.first_name || session.user?.username || '';
  const company = companyName(session);
  const employeeId = session.user?.employee_id == null ? null : Number(session.user.employee_id);

  return (
    <>
      <PageHeader
        title={translate('dashboard.title')}
        subtitle={company ? translate('dashboard.employee_greeting', { name, company }) : translate('dashboard.employee_greeting_no_company', { name })}
      />
      <Grid container spacing={2}>
        <TodayBlock />
        {canOpen('/hr/team', session) && <TeamTodayBlock />}
        {employeeId !== null && (
          <>
            <LeaveBlocks />
            <PayslipBlock employeeId={employeeId} />
            <TasksBlock employeeId={employeeId} />
            <KpiBlock employeeId={employeeId} />
          </>
        )}
      </Grid>
    </>
  );
}
