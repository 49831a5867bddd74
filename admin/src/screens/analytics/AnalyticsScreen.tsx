import './messages.en';
import { useState } from 'react';
import { Box, Card, CardContent, Skeleton, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { LoadError } from '../../layout/LoadError';
import { PageHeader } from '../../layout/PageHeader';
import { apiData, client } from '../../providers/apiClient';
import { errorMessage } from '../../providers/httpClient';
import { formatMoney } from '../../schema/format';
import { isEmpty, PERIODS, totals, type Analytics } from './analytics';
import { ActiveUsersCharts, CompaniesChart, MovementChart, MrrChart, TrialsChart } from './Charts';
import { AtRiskTable, ModuleUsageTable } from './Tables';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, mb: 2 } as const;

const Figure = ({ label, value, hint, testId }: { label: string; value: string; hint: string; testId: string }) => (
  <Card variant="outlined">
    <CardContent>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {hint}
      </Typography>
    </CardContent>
  </Card>
);

function Figures({ data }: { data: Analytics }) {
  const translate = useTranslate();
  const t = (key: string, args?: object) => translate(`analytics.figures.${key}`, args);
  const s = totals(data);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' }, mb: 2 }}>
      <Figure label={t('mrr')} value={formatMoney(s.mrr, data.currency)} hint={t('mrr_hint')} testId="figure-mrr" />
      <Figure label={t('companies')} value={String(s.companies)} hint={t('companies_hint', { count: s.newCompanies })} testId="figure-companies" />
      <Figure
        label={t('conversion')}
        value={data.conversion_rate === null ? '—' : `${data.conversion_rate}%`}
        hint={s.started ? t('conversion_hint', { converted: s.converted, started: s.started }) : t('conversion_none')}
        testId="figure-conversion"
      />
      <Figure label={t('churned')} value={String(s.churned)} hint={t('churned_hint')} testId="figure-churned" />
      <Figure label={t('active')} value={String(s.activeWeek)} hint={t('active_hint', { today: s.activeToday })} testId="figure-active" />
    </Box>
  );
}

const Loading = () => (
  <>
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' }, mb: 2 }}>
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} variant="rounded" height={104} />
      ))}
    </Box>
    <Box sx={grid}>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} variant="rounded" height={340} />
      ))}
    </Box>
  </>
);

/**
 * The superadmin's /analytics: MRR and its movement, companies, trials and their conversion,
 * active users, module usage by package and the companies at risk (GET /api/analytics).
 */
export default function AnalyticsScreen() {
  const translate = useTranslate();
  const [months, setMonths] = useState<number>(12);
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['analytics', months],
    queryFn: () => apiData(client.GET('/api/analytics', { params: { query: { months } } })),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <PageHeader
        title={translate('screens.analytics')}
        subtitle={translate('analytics.subtitle')}
        actions={
          <ToggleButtonGroup
            size="small"
            exclusive
            value={months}
            onChange={(_, value: number | null) => value && setMonths(value)}
            aria-label={translate('analytics.period')}
          >
            {PERIODS.map((n) => (
              <ToggleButton key={n} value={n}>
                {translate('analytics.months', { count: n })}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        }
      />
      {error ? (
        <LoadError onRetry={refetch}>{errorMessage(error, translate('analytics.load_failed'))}</LoadError>
      ) : isPending || !data ? (
        <Loading />
      ) : (
        <>
          {isEmpty(data) && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {translate('analytics.empty')}
            </Typography>
          )}
          <Figures data={data} />
          <Box sx={grid}>
            <MrrChart data={data} />
            <MovementChart data={data} />
            <CompaniesChart data={data} />
            <TrialsChart data={data} />
            <ActiveUsersCharts data={data} />
          </Box>
          <Box sx={{ display: 'grid', gap: 2 }}>
            <AtRiskTable data={data} />
            <ModuleUsageTable data={data} />
          </Box>
        </>
      )}
    </>
  );
}
