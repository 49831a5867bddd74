import { lazy, Suspense, useState } from 'react';
import { Alert, Button } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useSession } from '../auth/useSession';
import { loadPermissions } from '../providers/authProvider';
import { apiData, client } from '../providers/apiClient';
import { isImpersonating } from '../providers/session';

const ChoosePackageDialog = lazy(() => import('../screens/packages/ChoosePackageDialog'));


export const SUBSCRIPTION_QUERY = 'subscription';

/**
 * Says why a company cannot write (trial ended, suspended, cancelled: the server answers 402) and,
 * to its admin, how long the trial lasts; the admin can choose a package from here.
 */
export const SubscriptionBanner = () => {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const session = useSession();
  const [choosing, setChoosing] = useState(false);
  const companyId = session.user?.company_id ?? null;
  const { data } = useQuery({
    queryKey: [SUBSCRIPTION_QUERY, companyId, session.user?.id],
    queryFn: () => apiData(client.GET('/api/packages/subscription')),
    enabled: !!session.token && !!companyId,
    staleTime: 60_000,
    retry: false,
  });

  if (!data || !companyId) return null;
  const role = session.user?.role;
  const mayChoose = (role === 'company_admin' || (role === 'superadmin' && isImpersonating(session))) && data.state !== 'suspended';
  const chooseButton = mayChoose ? (
    <Button color="inherit" size="small" variant="outlined" onClick={() => setChoosing(true)}>
      {translate('packages.banner.choose')}
    </Button>
  ) : undefined;

  const pending = data.pending_request ? (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="plan-request-banner">
      {translate('packages.banner.pending', { package: data.pending_request.package_name })}
    </Alert>
  ) : null;

  let banner = null;
  if (data.write_blocked_reason) {
    banner = (
      <Alert severity={data.state === 'trial_ended' ? 'warning' : 'error'} sx={{ mb: 2, alignItems: 'center' }} action={chooseButton} data-testid="subscription-banner">
        {data.write_blocked_reason}
      </Alert>
    );
  } else if (data.state === 'trial' && role === 'company_admin') {
    banner = (
      <Alert severity="info" sx={{ mb: 2, alignItems: 'center' }} action={chooseButton} data-testid="subscription-banner">
        {translate('packages.banner.trial', { package: data.package.package_name, smart_count: data.trial_days_left ?? 0 })}
      </Alert>
    );
  }

  return (
    <>
      {banner}
      {pending}
      {choosing && (
        <Suspense fallback={null}>
          <ChoosePackageDialog
            open
            currentPackageId={data.package.id}
            pendingPackageName={data.pending_request?.package_name ?? null}
            onClose={() => setChoosing(false)}
            onChosen={() => {
              setChoosing(false);
              // a free package may grant other modules at once; a request shows as pending
              void loadPermissions().then(() => queryClient.invalidateQueries());
            }}
          />
        </Suspense>
      )}
    </>
  );
};
