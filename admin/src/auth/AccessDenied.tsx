import { Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/LockOutlined';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { consoleRole, type AccessRule } from '../access';
import { apiData, client } from '../providers/apiClient';
import { isImpersonating, type Session } from '../providers/session';

export type DenialReason = 'impersonate' | 'impersonating' | 'platform' | 'plan' | 'position' | 'account' | 'pending';

/** The one place a company changes its plan: Settings → Subscription (the dashboard's Upgrade Plan goes there too). */
export const UPGRADE_PATH = '/settings/subscription';

/** The reasons whose words are the console's own (shell.access_denied), not the spec's. */
const SHELL_REASONS: ReadonlySet<DenialReason> = new Set(['impersonating']);

/** The screen's name: the last part of its path in the catalogue's screen names (/hr/kpi-bonus → KPI & Bonus Management). */
const screenName = (pathname: string, translate: (key: string, options?: object) => string) => {
  const key = pathname.split('/').filter(Boolean).pop()?.replace(/-/g, '_') ?? '';
  return translate(`screens.${key}`, { _: key.replace(/_/g, ' ') });
};

/**
 * Why the rule keeps this user out: a role the route is not for, or a module the company's plan
 * lacks (told by the company dashboard's module list) or the user's rights lack.
 */
const useDenialReason = (rule: AccessRule, session: Session): DenialReason => {
  // impersonating, the company admin's rules (consoleRole)
  const role = consoleRole(session) ?? undefined;
  const roleRefused = !!rule.roles && !!role && !rule.roles.includes(role);
  const hasCompany = !!session.user?.company_id || isImpersonating(session);
  const { data, isPending } = useQuery({
    queryKey: ['dashboard', 'company', 'modules', session.user?.company_id ?? null, session.token],
    queryFn: async () => (await apiData(client.GET('/api/dashboard/company'))).modules,
    enabled: !roleRefused && !!rule.module && hasCompany,
    retry: false,
  });
  if (roleRefused) {
    if (role === 'superadmin') return 'impersonate';
    if (isImpersonating(session) && rule.roles!.every((r) => r === 'superadmin')) return 'impersonating';
    if (rule.roles!.every((r) => r === 'superadmin')) return 'platform';
    return role === 'employee' ? 'position' : 'account';
  }
  if (rule.module && hasCompany) {
    if (isPending) return 'pending';
    if (data && !data.find((m) => m.module_key === rule.module)?.in_plan) return 'plan';
  }
  return role === 'employee' ? 'position' : 'account';
};

/**
 * What a user sees on a route they may not open (in place of a silent redirect): the reason in
 * words — the plan, the position's rights, the role — and the way on.
 */
export const AccessDenied = ({ rule, session, pathname }: { rule: AccessRule; session: Session; pathname: string }) => {
  const translate = useTranslate();
  const reason = useDenialReason(rule, session);
  const screen = screenName(pathname, translate);
  if (reason === 'pending') {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress size={28} />
      </Box>
    );
  }
  // the company's admin (and a superadmin working as it) upgrades; anyone else is told to ask them
  const upgrade = reason === 'plan' && consoleRole(session) === 'company_admin';
  const message =
    reason === 'plan' && !upgrade
      ? translate('shell.access_denied.plan_ask_admin', { screen })
      : translate(SHELL_REASONS.has(reason) ? `shell.access_denied.${reason}` : `access_denied.${reason}`, { screen });
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 3, sm: 6 } }}>
      <Card variant="outlined" sx={{ maxWidth: 520, width: '100%' }} data-testid="access-denied" data-reason={reason}>
        <CardContent>
          <Stack spacing={2} alignItems="flex-start">
            <LockIcon color="action" fontSize="large" />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {translate('access_denied.title', { screen })}
            </Typography>
            <Typography>{message}</Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ width: { xs: '100%', sm: 'auto' } }}>
              {upgrade && (
                <Button component={RouterLink} to={UPGRADE_PATH} variant="contained" startIcon={<WorkspacePremiumIcon />}>
                  {translate('company_dashboard.upgrade')}
                </Button>
              )}
              <Button component={RouterLink} to="/dashboard" variant={upgrade ? 'outlined' : 'contained'}>
                {translate('access_denied.back')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
};
