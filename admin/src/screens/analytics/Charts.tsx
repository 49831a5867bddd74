import type { ReactElement, ReactNode } from 'react';
import { Box, Card, CardContent, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney } from '../../schema/format';
import { formatMonth, formatMonthDay } from '../../schema/format';
import { movementSeries, type Analytics } from './analytics';

const HEIGHT = 260;
/** The legend in the order the series are drawn (recharts sorts it by name otherwise). */
const inOrder = (...keys: string[]) => (item: { dataKey?: unknown }) => keys.indexOf(String(item.dataKey));
const tick = { fontSize: 12 };

/** A card with a heading, a line under it and a chart (or the empty text). */
export const ChartCard = ({ title, subtitle, children, testId, footer }: { title: string; subtitle: string; children: ReactElement; testId: string; footer?: ReactNode }) => (
  <Card variant="outlined" sx={{ height: '100%', contain: 'inline-size' }} data-testid={testId}>
    <CardContent>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {subtitle}
      </Typography>
      <Box sx={{ height: HEIGHT, minWidth: 0 }}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </Box>
      {footer}
    </CardContent>
  </Card>
);

const money = (currency: string) => (v: number) => formatMoney(v, currency).replace(/\.00$/, '');

export function MrrChart({ data }: { data: Analytics }) {
  const translate = useTranslate();
  const { palette } = useTheme();
  const t = (key: string) => translate(`analytics.mrr.${key}`);
  const series = data.months.map((m) => ({ month: formatMonth(m.month), mrr: Number(m.mrr) }));
  return (
    <ChartCard
      title={t('title')}
      subtitle={t('subtitle')}
      testId="analytics-mrr"
      footer={
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t('rule')}
        </Typography>
      }
    >
      <AreaChart data={series} accessibilityLayer title={t('chart')}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="month" tick={tick} />
        <YAxis tick={tick} width={72} tickFormatter={money(data.currency)} />
        <Tooltip formatter={(value) => formatMoney(Number(value), data.currency)} />
        <Area type="monotone" dataKey="mrr" name={t('title')} stroke={palette.primary.main} fill={palette.primary.light} fillOpacity={0.3} />
      </AreaChart>
    </ChartCard>
  );
}

export function MovementChart({ data }: { data: Analytics }) {
  const translate = useTranslate();
  const { palette } = useTheme();
  const t = (key: string) => translate(`analytics.mrr.${key}`);
  return (
    <ChartCard title={t('movement_title')} subtitle={t('movement_subtitle')} testId="analytics-movement">
      <BarChart data={movementSeries(data.months)} stackOffset="sign" accessibilityLayer title={t('movement_chart')}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="month" tick={tick} />
        <YAxis tick={tick} width={72} tickFormatter={money(data.currency)} />
        <Tooltip formatter={(value) => formatMoney(Math.abs(Number(value)), data.currency)} />
        <Legend itemSorter={inOrder('new', 'expansion', 'contraction', 'churn')} />
        <ReferenceLine y={0} stroke={palette.divider} />
        <Bar dataKey="new" name={t('new')} stackId="m" fill={palette.success.main} />
        <Bar dataKey="expansion" name={t('expansion')} stackId="m" fill={palette.info.main} />
        <Bar dataKey="contraction" name={t('contraction')} stackId="m" fill={palette.warning.main} />
        <Bar dataKey="churn" name={t('churn')} stackId="m" fill={palette.error.main} />
      </BarChart>
    </ChartCard>
  );
}

export function CompaniesChart({ data }: { data: Analytics }) {
  const translate = useTranslate();
  const { palette } = useTheme();
  const t = (key: string) => translate(`analytics.companies.${key}`);
  const series = data.months.map((m) => ({ month: formatMonth(m.month), companies: m.companies, new: m.new_companies, churned: m.churned }));
  return (
    <ChartCard title={t('title')} subtitle={t('subtitle')} testId="analytics-companies">
      <ComposedChart data={series} accessibilityLayer title={t('chart')}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="month" tick={tick} />
        <YAxis yAxisId="total" tick={tick} width={40} allowDecimals={false} />
        <YAxis yAxisId="moves" orientation="right" tick={tick} width={32} allowDecimals={false} />
        <Tooltip />
        <Legend itemSorter={inOrder('companies', 'new', 'churned')} />
        <Bar yAxisId="moves" dataKey="new" name={t('new')} fill={palette.success.main} radius={[4, 4, 0, 0]} />
        <Bar yAxisId="moves" dataKey="churned" name={t('churned')} fill={palette.error.main} radius={[4, 4, 0, 0]} />
        <Line yAxisId="total" type="monotone" dataKey="companies" name={t('total')} stroke={palette.primary.main} strokeWidth={2} dot={false} />
      </ComposedChart>
    </ChartCard>
  );
}

export function TrialsChart({ data }: { data: Analytics }) {
  const translate = useTranslate();
  const { palette } = useTheme();
  const t = (key: string) => translate(`analytics.trials.${key}`);
  const series = data.months.map((m) => ({ month: formatMonth(m.month), started: m.trials_started, converted: m.trials_converted }));
  return (
    <ChartCard title={t('title')} subtitle={t('subtitle')} testId="analytics-trials">
      <BarChart data={series} accessibilityLayer title={t('chart')}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="month" tick={tick} />
        <YAxis tick={tick} width={32} allowDecimals={false} />
        <Tooltip />
        <Legend itemSorter={inOrder('started', 'converted')} />
        <Bar dataKey="started" name={t('started')} fill={palette.info.main} radius={[4, 4, 0, 0]} />
        <Bar dataKey="converted" name={t('converted')} fill={palette.success.main} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ChartCard>
  );
}

export function ActiveUsersCharts({ data }: { data: Analytics }) {
  const translate = useTranslate();
  const { palette } = useTheme();
  const t = (key: string) => translate(`analytics.active.${key}`);
  const daily = data.active_users_daily.map((d) => ({ day: formatMonthDay(d.date), users: d.users }));
  const weekly = data.active_users_weekly.map((w) => ({ week: formatMonthDay(w.week_start), users: w.users }));
  return (
    <>
      <ChartCard title={t('title')} subtitle={t('daily')} testId="analytics-active-daily">
        <LineChart data={daily} accessibilityLayer title={t('daily_chart')}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tick={tick} minTickGap={16} />
          <YAxis tick={tick} width={40} allowDecimals={false} />
          <Tooltip />
          <Line type="monotone" dataKey="users" name={t('users')} stroke={palette.primary.main} strokeWidth={2} dot={false} />
        </LineChart>
      </ChartCard>
      <ChartCard title={t('title')} subtitle={t('weekly')} testId="analytics-active-weekly">
        <BarChart data={weekly} accessibilityLayer title={t('weekly_chart')}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="week" tick={tick} minTickGap={8} />
          <YAxis tick={tick} width={40} allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="users" name={t('users')} fill={palette.primary.main} radius={[4, 4, 0, 0]} />
        </BarChart>
      </ChartCard>
    </>
  );
}
