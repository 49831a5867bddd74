import { formatMoney } from '../../schema/format';
import { Box, Card, CardContent, Skeleton, Stack, Typography, useTheme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { LoadError } from '../../layout/LoadError';
import { apiData, client } from '../../providers/apiClient';
import { errorMessage } from '../../providers/httpClient';
import { formatMonth } from '../../schema/format';

export const REVENUE_KEY = ['billing', 'revenue'] as const;

const Figure = ({ label, value, hint, tone, testId }: { label: string; value: string; hint: string; tone?: 'error'; testId: string }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} color={tone === 'error' ? 'error.main' : undefined} data-testid={testId}>
      {value}
    </Typography>
    <Typography variant="caption" color="text.secondary">
      {hint}
    </Typography>
  </Box>
);

/** Invoiced vs collected per month over the last 12 months, with what is outstanding and overdue. */
export function RevenueCard() {
  const translate = useTranslate();
  const { palette } = useTheme();
  const { data, isPending, error, refetch } = useQuery({
    queryKey: REVENUE_KEY,
    queryFn: () => apiData(client.GET('/api/billing/revenue')),
  });
  const t = (key: string) => translate(`billing.revenue.${key}`);
  const months = (data?.months ?? []).map((m) => ({ month: formatMonth(m.month), invoiced: Number(m.invoiced), collected: Number(m.collected) }));
  const empty = !!data && months.every((m) => !m.invoiced && !m.collected);

  return (
    <Card variant="outlined" sx={{ mb: 3, contain: 'inline-size' }} data-testid="billing-revenue">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {t('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('subtitle')}
        </Typography>
        {error ? (
          <LoadError onRetry={refetch}>{errorMessage(error, t('load_failed'))}</LoadError>
        ) : (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'center' } }}>
            <Stack direction={{ xs: 'row', md: 'column' }} spacing={3} sx={{ minWidth: { md: 180 } }}>
              {isPending ? (
                <>
                  <Skeleton width={140} height={64} />
                  <Skeleton width={140} height={64} />
                </>
              ) : (
                <>
                  <Figure label={t('outstanding')} value={formatMoney(data?.outstanding, data?.currency)} hint={t('outstanding_hint')} testId="revenue-outstanding" />
                  <Figure
                    label={t('overdue')}
                    value={formatMoney(data?.overdue, data?.currency)}
                    hint={t('overdue_hint')}
                    tone={Number(data?.overdue) > 0 ? 'error' : undefined}
                    testId="revenue-overdue"
                  />
                </>
              )}
            </Stack>
            <Box sx={{ flexGrow: 1, minWidth: 0, height: 260 }}>
              {isPending ? (
                <Skeleton variant="rounded" height={260} />
              ) : empty ? (
                <Typography color="text.secondary" sx={{ py: 10, textAlign: 'center' }}>
                  {t('empty')}
                </Typography>
              ) : (
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={months} accessibilityLayer title={t('chart')}>
                    <CartesianGrid strokeDasharray="3 3" vertical={false} />
                    <XAxis dataKey="month" tick={{ fontSize: 12 }} />
                    <YAxis tick={{ fontSize: 12 }} width={64} tickFormatter={(v: number) => formatMoney(v, data?.currency).replace(/\.00$/, '')} />
                    <Tooltip formatter={(value) => formatMoney(Number(value), data?.currency)} />
                    <Legend />
                    <Bar dataKey="invoiced" name={t('invoiced')} fill={palette.primary.main} radius={[4, 4, 0, 0]} />
                    <Bar dataKey="collected" name={t('collected')} fill={palette.success.main} radius={[4, 4, 0, 0]} />
                  </BarChart>
                </ResponsiveContainer>
              )}
            </Box>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
