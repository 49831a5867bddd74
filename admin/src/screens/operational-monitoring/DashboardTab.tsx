import './messages.en';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Box, Card, CardContent, CircularProgress, Grid, Skeleton, TextField, Typography } from '@mui/material';
import AssignmentIcon from '@mui/icons-material/Assignment';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ScheduleIcon from '@mui/icons-material/Schedule';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useTranslate } from 'react-admin';
import { errorMessage } from '../../providers/httpClient';
import type { components } from '../../../../openapi/schema';
import { apiData, client } from '../../providers/apiClient';
import { LoadError } from '../../layout/LoadError';

type TaskMetrics = components['schemas']['TaskMetricsDto'];

// recharts is large: it loads with the dashboard's charts, not with the Tasks tab
const MetricsCharts = lazy(() => import('./MetricsCharts'));

const StatCard = ({ label, value, icon, testId }: { label: string; value: ReactNode; icon: ReactNode; testId: string }) => (
  <Card variant="outlined" sx={{ height: '100%' }}>
    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>
      <Box>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
          {value}
        </Typography>
      </Box>
    </CardContent>
  </Card>
);

export const DashboardTab = () => {
  const translate = useTranslate();
  const [range, setRange] = useState({ start_date: '', end_date: '' });
  const [metrics, setMetrics] = useState<TaskMetrics | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    setFailed(null);
    try {
      setMetrics(
        await apiData<TaskMetrics>(
          client.GET('/api/monitoring/tasks/metrics', {
            params: { query: { start_date: range.start_date || undefined, end_date: range.end_date || undefined } },
          }),
        ),
      );
    } catch (error) {
      console.error('Failed to load task metrics', error);
      setFailed(errorMessage(error, translate('monitoring.load_failed')));
    } finally {
      setLoading(false);
    }
  }, [range.start_date, range.end_date, translate]);

  useEffect(() => {
    void load();
  }, [load]);

  const hours = metrics?.avg_completion_time_hours;
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 3 }}>
        <TextField
          fullWidth={false}
          type="date"
          size="small"
          label={translate('monitoring.dashboard.from')}
          value={range.start_date}
          onChange={(e) => setRange((r) => ({ ...r, start_date: e.target.value }))}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          fullWidth={false}
          type="date"
          size="small"
          label={translate('monitoring.dashboard.to')}
          value={range.end_date}
          onChange={(e) => setRange((r) => ({ ...r, end_date: e.target.value }))}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {loading && metrics && <CircularProgress size={24} sx={{ alignSelf: 'center' }} />}
      </Box>

      {failed && (
        <LoadError onRetry={load} sx={{ mb: 3 }}>
          {failed}
        </LoadError>
      )}

      {!metrics && loading ? (
        <Grid container spacing={2}>
          {[0, 1, 2, 3, 4].map((i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, md: 2.4 }}>
              <Skeleton variant="rounded" height={96} />
            </Grid>
          ))}
        </Grid>
      ) : metrics ? (
        <>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Grid size={{ xs: 12, sm: 6, md: 2.4 }}>
              <StatCard
                label={translate('monitoring.dashboard.total')}
                value={metrics.total_created}
                icon={<AssignmentIcon />}
                testId="metric-total"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 2.4 }}>
              <StatCard
                label={translate('monitoring.dashboard.completed')}
                value={metrics.total_completed}
                icon={<CheckCircleIcon />}
                testId="metric-completed"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 2.4 }}>
              <StatCard
                label={translate('monitoring.dashboard.completion_rate')}
                value={`${Math.round(metrics.completion_rate)}%`}
                icon={<TrendingUpIcon />}
                testId="metric-completion-rate"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 2.4 }}>
              <StatCard
                label={translate('monitoring.dashboard.avg_completion')}
                value={
                  hours === null || hours === undefined
                    ? translate('monitoring.not_available')
                    : translate('monitoring.dashboard.hours', { hours: hours.toFixed(1) })
                }
                icon={<ScheduleIcon />}
                testId="metric-avg-completion"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 2.4 }}>
              <StatCard
                label={translate('monitoring.dashboard.overdue')}
                value={metrics.overdue_tasks}
                icon={<WarningAmberIcon />}
                testId="metric-overdue"
              />
            </Grid>
          </Grid>
          <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
            <MetricsCharts metrics={metrics} />
          </Suspense>
        </>
      ) : null}
    </Box>
  );
};
