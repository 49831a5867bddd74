import type { ReactNode } from 'react';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Grid,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import AssessmentIcon from '@mui/icons-material/Assessment';
import EventNoteIcon from '@mui/icons-material/EventNote';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import LockIcon from '@mui/icons-material/LockOutlined';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { canOpen, type ModuleKey, type ProtectedPath } from '../../access';
import { useSession } from '../../auth/useSession';
import { PageHeader } from '../../layout/PageHeader';
import { errorMessage } from '../../providers/httpClient';
import { companyName, isImpersonating } from '../../providers/session';
import { apiData, client } from '../../providers/apiClient';
import { useFormat } from '../../schema/format';
import { StatusChip } from '../../schema/StatusChip';
import { GettingStartedCard, GettingStartedToggle } from './GettingStarted';

/** A list row whose status chip follows the text (wrapping under it on a phone) instead of lying over it. */
const CHIP_ROW = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 } as const;
const CHIP_ROW_TEXT = { flex: '1 1 10rem', minWidth: 0 } as const;

const UpgradeButton = () => {
  const translate = useTranslate();
  return (
    <Button component={RouterLink} to="/settings/subscription" size="small" variant="outlined" startIcon={<WorkspacePremiumIcon />}>
      {translate('company_dashboard.upgrade')}
    </Button>
  );
};

const LockedNote = () => {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} alignItems="center" color="text.secondary" sx={{ my: 1 }}>
      <LockIcon fontSize="small" />
      <Typography variant="body2">{translate('company_dashboard.locked')}</Typography>
    </Stack>
  );
};

/** A long figure ("$179,605.45") takes a smaller size, so it stays in its card beside the others. */
const valueSize = (value: ReactNode) => {
  const length = typeof value === 'string' || typeof value === 'number' ? String(value).length : 0;
  if (length > 12) return { xs: '1.5rem', sm: '1.375rem', lg: '1.25rem' };
  if (length > 7) return { xs: '1.75rem', sm: '1.625rem', lg: '1.5rem' };
  return '2.125rem';
};

/**
 * A statistic card; locked (with Upgrade Plan) when its module is not in the plan. The title and
 * the icon share the first line and the figure has the card's whole width below them, so a long
 * figure never pushes the icon out of the card.
 */
const StatCard = ({
  title,
  value,
  icon,
  locked,
  testId,
}: {
  title: string;
  value: ReactNode;
  icon: ReactNode;
  locked: boolean;
  testId: string;
}) => (
  <Card variant="outlined" sx={{ height: '100%', opacity: locked ? 0.85 : 1 }} data-testid={testId}>
    <CardContent>
      <Stack direction="row" justifyContent="space-between" alignItems="flex-start" spacing={1}>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600, minWidth: 0, pt: 0.5 }}>
          {title}
        </Typography>
        <Avatar sx={{ bgcolor: locked ? 'action.disabledBackground' : 'primary.main', flexShrink: 0 }}>{locked ? <LockIcon /> : icon}</Avatar>
      </Stack>
      {locked ? (
        <LockedNote />
      ) : (
        <Typography
          variant="h4"
          component="p"
          data-testid={`${testId}-value`}
          sx={{
            fontWeight: 700,
            mt: 0.5,
            fontSize: valueSize(value),
            fontVariantNumeric: 'tabular-nums',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
          title={typeof value === 'string' ? value : undefined}
        >
          {value}
        </Typography>
      )}
      {locked && <UpgradeButton />}
    </CardContent>
  </Card>
);

const Panel = ({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) => (
  <Card variant="outlined" sx={{ height: '100%' }}>
    <CardContent>
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </CardContent>
  </Card>
);

const QuickAction = ({ to, icon, label, enabled }: { to: ProtectedPath; icon: ReactNode; label: string; enabled: boolean }) =>
  enabled ? (
    <Button component={RouterLink} to={to} variant="contained" startIcon={icon}>
      {label}
    </Button>
  ) : (
    <Button variant="outlined" startIcon={<LockIcon />} disabled>
      {label}
    </Button>
  );

/**
 * The company view of /dashboard (platform.md 2.12): cards, recent employees and leave requests,
 * quick actions, the subscription card for company_admin, and locked cards with Upgrade Plan
 * for modules outside the company's plan. Data: GET /api/dashboard/company.
 */
export default function CompanyDashboard() {
  const translate = useTranslate();
  const format = useFormat();
  const session = useSession();
  const name = session.user?.first_name || session.user?.username || '';
  const company = companyName(session);
  const hasCompany = !!session.user?.company_id || isImpersonating(session);
  // the getting-started checklist is the company admin's (an impersonating superadmin works as one)
  const companyAdmin = session.user?.role === 'company_admin' || (session.user?.role === 'superadmin' && isImpersonating(session));
  const { data, error, isPending, refetch } = useQuery({
    queryKey: ['dashboard', 'company', session.user?.company_id ?? null, session.token],
    queryFn: () => apiData(client.GET('/api/dashboard/company')),
    enabled: hasCompany,
  });

  // "Welcome" on the first sign-in, "Welcome back" after; nothing until the server has said which
  const firstSignIn = data?.first_sign_in;
  const greeting =
    firstSignIn === undefined
      ? undefined
      : firstSignIn
        ? company
          ? translate('company_dashboard.welcome_first', { name, company })
          : translate('company_dashboard.welcome_first_no_company', { name })
        : company
          ? translate('company_dashboard.welcome_back', { name, company })
          : translate('dashboard.welcome_no_company', { name });
  const header = (
    <PageHeader
      title={translate('dashboard.title')}
      subtitle={hasCompany ? greeting : translate('dashboard.welcome_no_company', { name })}
      actions={companyAdmin && hasCompany ? <GettingStartedToggle /> : undefined}
    />
  );
  if (!hasCompany) return header;

  if (error) {
    return (
      <>
        {header}
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              {translate('company_dashboard.retry')}
            </Button>
          }
        >
          {errorMessage(error, translate('company_dashboard.load_failed'))}
        </Alert>
      </>
    );
  }

  if (isPending || !data) {
    return (
      <>
        {header}
        <Grid container spacing={2}>
          {[0, 1, 2, 3].map((i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, lg: 3 }}>
              <Skeleton variant="rounded" height={112} />
            </Grid>
          ))}
        </Grid>
      </>
    );
  }

  const role = session.user?.role;
  const module = (key: ModuleKey) => data.modules.find((m) => m.module_key === key);
  const inPlan = (key: ModuleKey) => !!module(key)?.in_plan;
  const { cards } = data;
  // a card shows when its module is outside the plan (locked) or the caller may see its figure
  const show = (key: ModuleKey, value: unknown) => !inPlan(key) || value !== null;

  const statCards = [
    show('employees', cards.total_employees) && (
      <StatCard
        key="employees"
        testId="card-total-employees"
        title={translate('company_dashboard.total_employees')}
        value={cards.total_employees}
        icon={<PeopleIcon />}
        locked={!inPlan('employees')}
      />
    ),
    show('attendance', cards.present_today) && (
      <StatCard
        key="attendance"
        testId="card-present-today"
        title={translate('company_dashboard.present_today')}
        value={cards.present_today}
        icon={<HowToRegIcon />}
        locked={!inPlan('attendance')}
      />
    ),
    show('leave', cards.pending_leaves) && (
      <StatCard
        key="leave"
        testId="card-pending-leaves"
        title={translate('company_dashboard.pending_leaves')}
        value={cards.pending_leaves}
        icon={<AccessTimeIcon />}
        locked={!inPlan('leave')}
      />
    ),
    role !== 'client' &&
      show('payroll', cards.monthly_payroll) && (
        <StatCard
          key="payroll"
          testId="card-monthly-payroll"
          title={translate('company_dashboard.monthly_payroll')}
          value={format.money(cards.monthly_payroll)}
          icon={<PaymentsIcon />}
          locked={!inPlan('payroll')}
        />
      ),
  ].filter(Boolean);

  const subscription = role === 'company_admin' ? data.subscription : null;

  // an action the user may take shows; one outside the plan shows locked (with Upgrade Plan) to
  // whoever could take it with a bigger plan; the others are not the user's business and are hidden
  const admin = role === 'company_admin' || role === 'superadmin';
  const quickActions = [
    {
      to: '/hr/employees' as const,
      icon: <PersonAddIcon />,
      label: translate('company_dashboard.add_employee'),
      key: 'employees' as const,
      allowed: !!module('employees')?.can_create && canOpen('/hr/employees', session),
    },
    {
      to: '/hr/payroll' as const,
      icon: <PaymentsIcon />,
      label: translate('company_dashboard.process_payroll'),
      key: 'payroll' as const,
      allowed: !!(module('payroll')?.can_create || module('payroll')?.can_edit) && canOpen('/hr/payroll', session),
    },
    {
      to: '/hr/reports' as const,
      icon: <AssessmentIcon />,
      label: translate('company_dashboard.generate_report'),
      key: 'reports' as const,
      allowed: !!module('reports')?.can_view && canOpen('/hr/reports', session),
    },
  ]
    .filter((action) => action.allowed || (admin && !inPlan(action.key)))
    .map(({ key: _key, allowed, ...action }) => ({ ...action, enabled: allowed }));

  return (
    <>
      {header}
      <Grid container spacing={2}>
        {companyAdmin && <GettingStartedCard />}
        {statCards.map((card, i) => (
          <Grid key={i} size={{ xs: 12, sm: 6, lg: 3 }}>
            {card}
          </Grid>
        ))}

        {show('employees', data.recent_employees) && (
          <Grid size={{ xs: 12, md: 6 }}>
            <Panel
              title={translate('company_dashboard.recent_employees')}
              action={
                inPlan('employees') && canOpen('/hr/employees', session) ? (
                  <Button component={RouterLink} to="/hr/employees" size="small">
                    {translate('company_dashboard.view_all')}
                  </Button>
                ) : undefined
              }
            >
              {!inPlan('employees') ? (
                <>
                  <LockedNote />
                  <UpgradeButton />
                </>
              ) : data.recent_employees?.length ? (
                <List dense disablePadding>
                  {data.recent_employees.map((e) => (
                    <ListItem key={e.id} disableGutters sx={CHIP_ROW}>
                      <ListItemAvatar>
                        <Avatar sx={{ bgcolor: 'primary.main', width: 36, height: 36, fontSize: 14 }}>
                          {`${e.first_name[0] ?? ''}${e.last_name[0] ?? ''}`.toUpperCase()}
                        </Avatar>
                      </ListItemAvatar>
                      <ListItemText
                        primary={`${e.first_name} ${e.last_name}`}
                        secondary={[e.position_title, e.department_name, format.date(e.hire_date)].filter(Boolean).join(' · ')}
                        sx={CHIP_ROW_TEXT}
                      />
                      <StatusChip resource="hr/employees" value={e.employment_status} />
                    </ListItem>
                  ))}
                </List>
              ) : (
                <Typography color="text.secondary">{translate('company_dashboard.no_employees')}</Typography>
              )}
            </Panel>
          </Grid>
        )}

        {show('leave', data.recent_leave_requests) && (
          <Grid size={{ xs: 12, md: 6 }}>
            <Panel
              title={translate('company_dashboard.recent_leave_requests')}
              action={
                inPlan('leave') && canOpen('/hr/leave', session) ? (
                  <Button component={RouterLink} to="/hr/leave" size="small">
                    {translate('company_dashboard.view_all')}
                  </Button>
                ) : undefined
              }
            >
              {!inPlan('leave') ? (
                <>
                  <LockedNote />
                  <UpgradeButton />
                </>
              ) : data.recent_leave_requests?.length ? (
                <List dense disablePadding>
                  {data.recent_leave_requests.map((r) => (
                    <ListItem key={r.id} disableGutters sx={CHIP_ROW}>
                      <ListItemAvatar>
                        <Avatar sx={{ bgcolor: 'secondary.main', width: 36, height: 36 }}>
                          <EventNoteIcon fontSize="small" />
                        </Avatar>
                      </ListItemAvatar>
                      <ListItemText
                        primary={[r.employee_name, r.leave_type_name].filter(Boolean).join(' · ')}
                        secondary={`${format.date(r.start_date)} – ${format.date(r.end_date)} · ${translate('company_dashboard.days', { days: r.total_days })}`}
                        sx={CHIP_ROW_TEXT}
                      />
                      <StatusChip resource="hr/leave-requests" value={r.status} />
                    </ListItem>
                  ))}
                </List>
              ) : (
                <Typography color="text.secondary">{translate('company_dashboard.no_leave_requests')}</Typography>
              )}
            </Panel>
          </Grid>
        )}

        {quickActions.length > 0 && (
          <Grid size={{ xs: 12, md: subscription ? 8 : 12 }}>
            <Panel title={translate('dashboard.quick_actions')}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap flexWrap="wrap">
                {quickActions.map((action) => (
                  <QuickAction key={action.to} {...action} />
                ))}
              </Stack>
              {quickActions.some((action) => !action.enabled) && (
                <Box sx={{ mt: 2 }}>
                  <UpgradeButton />
                </Box>
              )}
            </Panel>
          </Grid>
        )}

        {subscription && (
          <Grid size={{ xs: 12, md: 4 }}>
            <Panel title={translate('company_dashboard.subscription')}>
              <Stack spacing={1} data-testid="subscription-card">
                <Stack direction="row" justifyContent="space-between">
                  <Typography color="text.secondary">{translate('company_dashboard.package')}</Typography>
                  <Typography sx={{ fontWeight: 600 }}>{subscription.package_name}</Typography>
                </Stack>
                <Stack direction="row" justifyContent="space-between" alignItems="center">
                  <Typography color="text.secondary">{translate('company_dashboard.status')}</Typography>
                  <Chip
                    size="small"
                    color={subscription.state === 'active' ? 'success' : subscription.state === 'trial' ? 'info' : 'warning'}
                    label={translate(`company_dashboard.states.${subscription.state}`, { _: subscription.state })}
                  />
                </Stack>
                {subscription.trial_ends_at && (
                  <Stack direction="row" justifyContent="space-between">
                    <Typography color="text.secondary">{translate('company_dashboard.trial_ends')}</Typography>
                    <Typography>{format.date(subscription.trial_ends_at)}</Typography>
                  </Stack>
                )}
                <Stack direction="row" justifyContent="space-between">
                  <Typography color="text.secondary">{translate('company_dashboard.employees_used')}</Typography>
                  <Typography>
                    {subscription.employees_count} /{' '}
                    {subscription.max_employees < 0 ? translate('company_dashboard.unlimited') : subscription.max_employees}
                  </Typography>
                </Stack>
                <Button component={RouterLink} to="/settings/subscription" variant="outlined" sx={{ mt: 1 }}>
                  {translate('company_dashboard.manage_subscription')}
                </Button>
              </Stack>
            </Panel>
          </Grid>
        )}
      </Grid>
    </>
  );
}
