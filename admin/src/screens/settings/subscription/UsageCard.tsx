import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isUnlimited, type Subscription } from './billing';
import { useFormat, formatMoney } from '../../../schema/format';

const Meter = ({ label, count, limit }: { label: string; count: number; limit: number }) => {
  const translate = useTranslate();
  const unlimited = isUnlimited(limit);
  const share = unlimited || limit === 0 ? 0 : Math.min(100, (count / limit) * 100);
  const full = !unlimited && count >= limit;
  const text = translate('subscription.usage.of', { count, limit: unlimited ? translate('subscription.usage.unlimited') : limit });
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {text}
        </Typography>
      </Box>
      {/* a plain bar (MUI's progress bar would cost the console's first load) */}
      <Box
        role="progressbar"
        aria-label={`${label}: ${text}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share)}
        sx={{ height: 8, borderRadius: 4, bgcolor: 'action.hover', overflow: 'hidden' }}
      >
        <Box sx={{ height: '100%', width: `${share}%`, bgcolor: full ? 'warning.main' : 'primary.main', borderRadius: 4 }} />
      </Box>
    </Box>
  );
};

/** Employees and admins against the package's limits. */
export const UsageCard = ({ subscription }: { subscription: Subscription }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" component="section" aria-labelledby="usage-title" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id="usage-title" variant="h6" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
          {translate('subscription.usage.title')}
        </Typography>
        <Stack spacing={2} data-testid="subscription-usage">
          <Meter label={translate('subscription.usage.employees')} count={subscription.employees_count} limit={subscription.package.max_employees} />
          <Meter label={translate('subscription.usage.admins')} count={subscription.admins_count} limit={subscription.package.max_admins} />
        </Stack>
      </CardContent>
    </Card>
  );
};

/** The renewal invoice as it stands today. */
export const NextInvoiceCard = ({ subscription }: { subscription: Subscription }) => {
  const translate = useTranslate();
  const format = useFormat();
  const next = subscription.next_invoice;
  const row = (label: string, value: string, strong = false) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 700 : undefined }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Card variant="outlined" component="section" aria-labelledby="next-invoice-title" sx={{ height: '100%' }}>
      <CardContent>
        <Typography id="next-invoice-title" variant="h6" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
          {translate('subscription.next_invoice.title')}
        </Typography>
        {next ? (
          <Stack spacing={0.75} data-testid="next-invoice">
            <Typography>
              {translate('subscription.next_invoice.plan', {
                package: next.package_name,
                cycle: translate(`subscription.cycles.${next.billing_cycle}`),
              })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('subscription.next_invoice.on', { date: format.date(next.issue_date) })}
            </Typography>
            {row(translate('subscription.dialog.subtotal'), formatMoney(next.subtotal, next.currency))}
            {row(translate('subscription.dialog.tax', { rate: Number(subscription.tax_rate).toString() }), formatMoney(next.tax, next.currency))}
            {row(translate('subscription.dialog.total'), formatMoney(next.total, next.currency), true)}
          </Stack>
        ) : (
          <Typography color="text.secondary">{translate('subscription.next_invoice.none')}</Typography>
        )}
      </CardContent>
    </Card>
  );
};
