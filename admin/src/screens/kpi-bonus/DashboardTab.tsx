import type { ReactNode } from 'react';
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Grid,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import InsightsIcon from '@mui/icons-material/Insights';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import TrackChangesIcon from '@mui/icons-material/TrackChanges';
import PaidIcon from '@mui/icons-material/Paid';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../openapi/schema';
import { LoadError } from '../../layout/LoadError';
import { apiData, client } from '../../providers/apiClient';
import { errorMessage } from '../../providers/httpClient';
import { OrNA } from './OrNA';
import { formatDecimal, formatPercent, useFormat } from '../../schema/format';
import { stackOnPhone } from '../../schema/phoneTable';

type Dashboard = components['schemas']['KpiDashboardDto'];

const decimal = (value: string | null | undefined) => (value === null || value === undefined ? null : formatDecimal(value));

const StatCard = ({ label, value, hint, icon, testId }: { label: string; value: ReactNode; hint?: ReactNode; icon: ReactNode; testId: string }) => (
  <Card variant="outlined" sx={{ height: '100%' }}>
    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
          {value}
        </Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary" data-testid={`${testId}-hint`}>
            {hint}
          </Typography>
        )}
      </Box>
    </CardContent>
  </Card>
);

const Empty = ({ text }: { text: string }) => (
  <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
    {text}
  </Typography>
);

const Cards = ({ data }: { data: Dashboard }) => {
  const format = useFormat();
  const translate = useTranslate();
  const total = data.kpi_summary.reduce((sum, c) => sum + c.total_kpis, 0);
  const active = data.kpi_summary.reduce((sum, c) => sum + c.active_kpis, 0);
  const { targets_summary: targets, bonus_summary: bonus } = data;
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard label={translate('kpi_bonus.dashboard.total_kpis')} value={total} icon={<InsightsIcon />} testId="kpi-total" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard label={translate('kpi_bonus.dashboard.active_kpis')} value={active} icon={<ToggleOnIcon />} testId="kpi-active" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard
          label={translate('kpi_bonus.dashboard.targets_achieved')}
          value={`${targets.achieved_targets}/${targets.total_targets}`}
          hint={translate('kpi_bonus.dashboard.achievement_rate', { rate: Math.round(targets.achievement_rate) })}
          icon={<TrackChangesIcon />}
          testId="targets-achieved"
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <StatCard
          label={translate('kpi_bonus.dashboard.total_bonus_paid')}
          value={format.money(bonus.total_bonus_amount)}
          hint={translate('kpi_bonus.dashboard.paid_payments', { smart_count: bonus.paid_payments })}
          icon={<PaidIcon />}
          testId="bonus-paid-total"
        />
      </Grid>
    </Grid>
  );
};

const ByCategory = ({ data }: { data: Dashboard }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title={translate('kpi_bonus.dashboard.by_category')} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        {data.kpi_summary.length ? (
          data.kpi_summary.map((c) => (
            <Box key={c.category} sx={{ mb: 2 }} data-testid="kpi-category">
              <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {translate(`kpi_bonus.category.${c.category}`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate('kpi_bonus.dashboard.active_of_total', { active: c.active_kpis, total: c.total_kpis })}
                </Typography>
              </Box>
              <LinearProgress
                variant="determinate"
                value={c.total_kpis ? (c.active_kpis * 100) / c.total_kpis : 0}
                sx={{ height: 8, borderRadius: 4 }}
              />
            </Box>
          ))
        ) : (
          <Empty text={translate('kpi_bonus.dashboard.no_kpis')} />
        )}
      </CardContent>
    </Card>
  );
};

const TopPerformers = ({ data }: { data: Dashboard }) => {
  const format = useFormat();
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title={translate('kpi_bonus.dashboard.top_performers')} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        {data.top_performers.length ? (
          <List dense disablePadding>
            {data.top_performers.map((p, i) => (
              <ListItem
                key={p.employee_id}
                disableGutters
                divider={i < data.top_performers.length - 1}
                secondaryAction={
                  <Typography sx={{ fontWeight: 600 }} data-testid="performer-total">
                    {format.money(p.total_bonus)}
                  </Typography>
                }
                data-testid="top-performer"
              >
                <ListItemText
                  primary={`${i + 1}. ${p.employee_name}`}
                  secondary={translate('kpi_bonus.dashboard.payments', { smart_count: p.payment_count })}
                />
              </ListItem>
            ))}
          </List>
        ) : (
          <Empty text={translate('kpi_bonus.dashboard.no_performers')} />
        )}
      </CardContent>
    </Card>
  );
};

const RecentValues = ({ data }: { data: Dashboard }) => {
  const format = useFormat();
  const translate = useTranslate();
  const column = (key: string, align?: 'right') => (
    <TableCell align={align} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
      {translate(`kpi_bonus.dashboard.columns.${key}`)}
    </TableCell>
  );
  return (
    <Card variant="outlined">
      <CardHeader title={translate('kpi_bonus.dashboard.recent_values')} slotProps={{ title: { variant: 'h6' } }} />
      {data.recent_values.length ? (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table
            size="small"
            sx={[{ minWidth: 700 }, stackOnPhone(['kpi', 'entity_type', 'actual', 'target', 'variance', 'period_end'].map((key) => translate(`kpi_bonus.dashboard.columns.${key}`)))]}
            aria-label={translate('kpi_bonus.dashboard.recent_values')}
          >
            <TableHead>
              <TableRow>
                {column('kpi')}
                {column('entity_type')}
                {column('actual', 'right')}
                {column('target', 'right')}
                {column('variance', 'right')}
                {column('period_end')}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.recent_values.map((v) => {
                const variance = v.variance_percentage;
                return (
                  <TableRow key={v.id} data-testid="recent-value">
                    <TableCell>{v.kpi_name}</TableCell>
                    <TableCell>
                      {translate(`kpi_bonus.target_type.${v.entity_type}`)}
                      {v.entity_name && (
                        <Typography variant="caption" color="text.secondary" display="block">
                          {v.entity_name}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right">
                      <OrNA value={decimal(v.actual_value)} />
                    </TableCell>
                    <TableCell align="right">
                      <OrNA value={decimal(v.target_value)} />
                    </TableCell>
                    <TableCell
                      align="right"
                      sx={{ fontWeight: 600, color: variance === null || variance === 0 ? undefined : variance > 0 ? 'success.main' : 'error.main' }}
                      data-testid="variance"
                    >
                      <OrNA value={variance === null ? null : `${variance > 0 ? '+' : ''}${formatPercent(variance)}`} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.date(v.period_end_date)}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      ) : (
        <CardContent sx={{ pt: 0 }}>
          <Empty text={translate('kpi_bonus.dashboard.no_values')} />
        </CardContent>
      )}
    </Card>
  );
};

/** The Dashboard tab (hr.md 2): four cards, KPI by Category, Top Performers and Recent KPI Values. */
export const DashboardTab = () => {
  const translate = useTranslate();
  const query = useQuery({ queryKey: ['kpi/kpi-dashboard'], queryFn: () => apiData(client.GET('/api/kpi/kpi-dashboard')) });
  const data = query.data ?? null;
  const loading = query.isFetching;
  const failed = query.error ? errorMessage(query.error, translate('kpi_bonus.load_failed')) : null;
  const reload = () => void query.refetch();

  return (
    <Box>
      {failed && (
        <LoadError onRetry={reload} sx={{ mb: 3 }}>
          {failed}
        </LoadError>
      )}
      {!data && loading && (
        <Grid container spacing={2} aria-label={translate('kpi_bonus.tabs.dashboard')}>
          {[0, 1, 2, 3].map((i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, md: 3 }}>
              <Skeleton variant="rounded" height={104} />
            </Grid>
          ))}
          <Grid size={12}>
            <Skeleton variant="rounded" height={240} />
          </Grid>
        </Grid>
      )}
      {data && (
        <>
          {loading && <LinearProgress sx={{ mb: 1 }} />}
          <Cards data={data} />
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Grid size={{ xs: 12, md: 6 }}>
              <ByCategory data={data} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <TopPerformers data={data} />
            </Grid>
          </Grid>
          <RecentValues data={data} />
        </>
      )}
    </Box>
  );
};
