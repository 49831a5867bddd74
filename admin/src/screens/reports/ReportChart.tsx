import { Box, useTheme } from '@mui/material';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell as PieCell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useFormat } from '../../schema/format';
import { chartRows, formatCell, type ReportResult } from './report';

/** The report's chart as `chart` asks for it: bars (side by side or stacked), a line, or a pie. */
export function ReportChart({ result }: { result: ReportResult }) {
  const { palette } = useTheme();
  const fmt = useFormat();
  const chart = result.chart;
  if (!chart || !result.rows.length) return null;
  const data = chartRows(result, fmt.date);
  const colors = [palette.primary.main, palette.success.main, palette.warning.main, palette.error.main, palette.info.main, palette.secondary.main, '#8d6e63', '#78909c'];
  const typeOf = (key: string) => result.columns.find((c) => c.key === key)?.type ?? 'number';
  const value = (v: unknown, key: string) => formatCell(v as number, typeOf(key), result.currency, fmt.date);
  const tooltip = <Tooltip formatter={(v, _name, item) => value(v, String(item?.dataKey ?? ''))} />;
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey={chart.x} tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={8} />
      <YAxis tick={{ fontSize: 12 }} width={56} allowDecimals={typeOf(chart.series[0]?.key ?? '') !== 'integer'} tickFormatter={(v: number) => value(v, chart.series[0]?.key ?? '').replace(/\.00$/, '')} />
      {tooltip}
      <Legend wrapperStyle={{ fontSize: 12 }} />
    </>
  );

  let body;
  if (chart.kind === 'pie') {
    const series = chart.series[0];
    body = (
      <PieChart accessibilityLayer>
        <Pie data={data} dataKey={series?.key ?? ''} nameKey={chart.x} outerRadius="75%" label={false} isAnimationActive={false}>
          {data.map((_, i) => (
            <PieCell key={i} fill={colors[i % colors.length]} />
          ))}
        </Pie>
        {tooltip}
        <Legend wrapperStyle={{ fontSize: 12 }} />
      </PieChart>
    );
  } else if (chart.kind === 'line') {
    body = (
      <LineChart data={data} accessibilityLayer>
        {axes}
        {chart.series.map((s, i) => (
          <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={colors[i % colors.length]} strokeWidth={2} dot={false} isAnimationActive={false} />
        ))}
      </LineChart>
    );
  } else {
    const stacked = chart.kind === 'stacked-bar';
    body = (
      <BarChart data={data} accessibilityLayer>
        {axes}
        {chart.series.map((s, i) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            fill={colors[i % colors.length]}
            stackId={stacked ? 'stack' : undefined}
            radius={stacked ? undefined : [4, 4, 0, 0]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    );
  }

  return (
    <Box sx={{ width: '100%', minWidth: 0, height: { xs: 260, md: 320 } }} data-testid="report-chart" role="img" aria-label={result.title}>
      <ResponsiveContainer width="100%" height="100%">
        {body}
      </ResponsiveContainer>
    </Box>
  );
}
