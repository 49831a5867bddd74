import '../subscription/messages.en';
import { Alert, Box, Button, Skeleton, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { errorMessage } from '../../../providers/httpClient';
import { useSubscription } from '../subscription/billing';
import { InvoicesCard } from '../subscription/InvoicesCard';
import { PlanCard } from '../subscription/PlanCard';
import { NextInvoiceCard, UsageCard } from '../subscription/UsageCard';

/**
 * Settings → Subscription (company admin): the package and cycle, billing status, period and
 * renewal, usage against the package's limits, the next invoice, a plan change waiting (for
 * payment or for the period end), cancel or resume, Change plan, and the company's invoices.
 */
export default function SubscriptionTab() {
  const translate = useTranslate();
  const { data, error, isPending, refetch } = useSubscription();

  if (error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            {translate('app.retry')}
          </Button>
        }
      >
        {errorMessage(error, translate('subscription.load_failed'))}
      </Alert>
    );
  if (isPending || !data)
    return (
      <Stack spacing={2} data-testid="subscription-loading">
        <Skeleton variant="rounded" height={180} />
        <Skeleton variant="rounded" height={140} />
      </Stack>
    );

  return (
    <Stack spacing={2}>
      {data.billing_notice && (
        <Alert severity={data.billing_status === 'suspended' ? 'error' : 'warning'} data-testid="billing-notice">
          {data.billing_notice}
        </Alert>
      )}
      <PlanCard subscription={data} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <UsageCard subscription={data} />
        <NextInvoiceCard subscription={data} />
      </Box>
      <InvoicesCard />
    </Stack>
  );
}
