import './messages.en';
import { Card, CardContent, Grid, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis, Legend } from 'recharts';
import type { components } from '../../../../openapi/schema';
import { tasks } from '../../resources/monitoring';
import { useLabels } from '../../schema/schema';

type TaskMetrics = components['schemas']['TaskMetricsDto'];
type Breakdown = Record<string, number | undefined>;

const STATUSES = ['pending', 'in_progress', 'completed', 'cancelled', 'on_hold', 'overdue'] as const;
const PRIORITIES = ['low', 'medium', 'high', 'urgent', 'critical'] as const;

const ChartCard = ({ title, children, empty }: { title: string; children: React.ReactElement; empty: string | null }) => (
  <Card variant="outlined" sx={{ height: '100%' }}>
    <CardContent>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      {empty ? (
        <Typography color="text.secondary" sx={{ py: 8, textAlign: 'center' }}>
          {empty}
        </Typography>
      ) : (
        <ResponsiveContainer width="100%" height={280}>
          {children}
        </ResponsiveContainer>
      )}
    </CardContent>
  </Card>
);

/** Status breakdown (pie) and priority distribution (bars) of the dashboard. */
export default function MetricsCharts({ metrics }: { metrics: TaskMetrics }) {
  const translate = useTranslate();
  const labels = useLabels(tasks.name);
  const { palette } = useTheme();
  const statusColor: Record<string, string> = {
    pending: palette.grey[500],
    in_progress: palette.primary.main,
    completed: palette.success.main,
    cancelled: palette.grey[300],
    on_hold: palette.warning.main,
    overdue: palette.error.main,
  };
  const priorityColor: Record<string, string> = {
    low: palette.grey[400],
    medium: palette.info.main,
    high: palette.warning.main,
    urgent: palette.error.light,
    critical: palette.error.dark,
  };
  const statuses = STATUSES.map((s) => ({
    key: s,
    name: labels.choice('status', s),
    value: (metrics.status_breakdown as Breakdown)[s] ?? 0,
  })).filter((d) => d.value > 0);
  const priorities = PRIORITIES.map((p) => ({
    key: p,
    name: labels.choice('priority', p),
    value: (metrics.priority_breakdown as Breakdown)[p] ?? 0,
  }));
  const empty = metrics.total_created ? null : translate('monitoring.dashboard.no_tasks');

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartCard title={translate('monitoring.dashboard.status_breakdown')} empty={empty}>
          <PieChart>
            <Pie data={statuses} dataKey="value" nameKey="name" innerRadius={60} outerRadius={100} paddingAngle={statuses.length > 1 ? 2 : 0} label>
              {statuses.map((d) => (
                <Cell key={d.key} fill={statusColor[d.key]} />
              ))}
            </Pie>
            <Tooltip />
            <Legend />
          </PieChart>
        </ChartCard>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <ChartCard title={translate('monitoring.dashboard.priority_distribution')} empty={empty}>
          <BarChart data={priorities}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar dataKey="value" name={translate('monitoring.dashboard.tasks')} radius={[6, 6, 0, 0]}>
              {priorities.map((d) => (
                <Cell key={d.key} fill={priorityColor[d.key]} />
              ))}
            </Bar>
          </BarChart>
        </ChartCard>
      </Grid>
    </Grid>
  );
}
