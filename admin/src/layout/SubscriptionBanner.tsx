import { lazy, Suspense, useState } from 'react';
import { Alert, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useSession } from '../auth/useSession';
import { apiData, client } from '../providers/apiClient';
import { isImpersonating } from '../providers/session';
import { SUBSCRIPTION_QUERY } from './subscriptionQuery';

const ChangePlanDialog = lazy(() => import('../screens/settings/subscription/ChangePlanDialog'));

const SUBSCRIPTION_TAB = '/settings/subscription';

/**
 * Says why a company cannot write (trial ended, suspended, cancelled: the server answers 402) and,
 * to its admin, how long the trial lasts (with Change plan) and what is wrong with its billing (past
 * due, suspended) with the way to the Subscription tab.
 */
export const SubscriptionBanner = () => {
  const translate = useTranslate();
  const session = useSession();
  const location = useLocation();
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
  const companyAdmin = role === 'company_admin';
  const onSubscriptionTab = location.pathname.startsWith(SUBSCRIPTION_TAB);
  const mayChoose = (companyAdmin || (role === 'superadmin' && isImpersonating(session))) && data.state !== 'suspended';
  const chooseButton = mayChoose ? (
    <Button color="inherit" size="small" variant="outlined" onClick={() => setChoosing(true)}>
      {translate('packages.banner.choose')}
    </Button>
  ) : undefined;
  const tabLink = (
    <Button color="inherit" size="small" variant="outlined" component={RouterLink} to={SUBSCRIPTION_TAB}>
      {translate('subscription.banner.open')}
    </Button>
  );

  let banner = null;
  if (companyAdmin && data.billing_notice) {
    // the tab says it itself
    if (!onSubscriptionTab)
      banner = (
        <Alert
          severity={data.billing_status === 'suspended' ? 'error' : 'warning'}
          sx={{ mb: 2, alignItems: 'center' }}
          action={tabLink}
          data-testid="subscription-banner"
        >
          {data.billing_notice}
        </Alert>
      );
  } else if (data.write_blocked_reason) {
    banner = (
      <Alert severity={data.state === 'trial_ended' ? 'warning' : 'error'} sx={{ mb: 2, alignItems: 'center' }} action={chooseButton} data-testid="subscription-banner">
        {data.write_blocked_reason}
      </Alert>
    );
  } else if (data.state === 'trial' && companyAdmin) {
    banner = (
      <Alert severity="info" sx={{ mb: 2, alignItems: 'center' }} action={chooseButton} data-testid="subscription-banner">
        {translate('packages.banner.trial', { package: data.package.package_name, smart_count: data.trial_days_left ?? 0 })}
      </Alert>
    );
  }

  return (
    <>
      {banner}
      {choosing && (
        <Suspense fallback={null}>
          <ChangePlanDialog
            currentPackageId={data.package.id}
            currentCycle={data.billing_cycle}
            currency={data.currency}
            onClose={() => setChoosing(false)}
          />
        </Suspense>
      )}
    </>
  );
};
