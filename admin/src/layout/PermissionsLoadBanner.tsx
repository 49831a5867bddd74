import { Alert, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useSession } from '../auth/useSession';
import { apiData, client } from '../providers/apiClient';
import { errorMessage } from '../providers/httpClient';
import { isImpersonating, setPermissions } from '../providers/session';

/**
 * Spec 8 "Permissions load failure: the server message is stored": a user of a company whose
 * session holds no module rights (the load after sign-in failed, or answered nothing) has them
 * asked again here; a failure is kept (this query's error, until Retry succeeds) and shown with the
 * server's words, instead of a console that silently shows only the dashboard. A list that loads
 * is stored in the session, so the menu and the routes open at once.
 */
export const PermissionsLoadBanner = () => {
  const translate = useTranslate();
  const session = useSession();
  const hasCompany = !!session.user?.company_id || isImpersonating(session);
  const check = !!session.token && hasCompany && session.permissions.length === 0;
  const { error, refetch, isFetching } = useQuery({
    queryKey: ['permissions', 'session-check', session.token],
    queryFn: async () => {
      const answer = await apiData(client.GET('/api/permissions/user/permissions'));
      const list = Array.isArray(answer) ? answer : [];
      if (list.length) setPermissions(list);
      return list;
    },
    enabled: check,
    staleTime: Infinity,
  });
  if (!check || !error) return null;
  const reason = errorMessage(error, '');
  return (
    <Alert
      severity="error"
      role="alert"
      data-testid="permissions-load-failed"
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" variant="outlined" onClick={() => refetch()} disabled={isFetching}>
          {translate('app.retry')}
        </Button>
      }
    >
      {reason
        ? translate('shell.banner.permissions_failed', { message: reason.replace(/\.$/, '') })
        : translate('shell.banner.permissions_failed_unknown')}
    </Alert>
  );
};
