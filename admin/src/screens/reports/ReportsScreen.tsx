import './messages.en';
import { lazy, Suspense, useMemo } from 'react';
import { Box, Card, CardContent, Chip, LinearProgress, Skeleton, Stack, Tab, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { ROUTE_ACCESS } from '../../access';
import { AccessDenied } from '../../auth/AccessDenied';
import { useSession } from '../../auth/useSession';
import { LoadError } from '../../layout/LoadError';
import { PageHeader } from '../../layout/PageHeader';
import { ScreenTabs } from '../../layout/ScreenTabs';
import { errorMessage, fieldErrors } from '../../providers/httpClient';
import { isImpersonating } from '../../providers/session';
import { formatters, useCompanyZone } from '../../schema/format';
import { ExportButtons } from './ExportButtons';
import { defaultFilters, GROUPS, fromSearch, reportDefaults, toSearch, type FilterKey, type Filters, type ReportInfo } from './report';
import { ReportChart } from './ReportChart';
import { ReportFilters } from './ReportFilters';
import { ReportTable } from './ReportTable';
import { isForbidden, useCatalogue, usePickers, useReport } from './useReport';

const ScheduledReports = lazy(() => import('./ScheduledReports'));

const SCHEDULED = 'scheduled';

/** One report: its filters, export buttons, chart and table, with loading, empty and error states. */
function ReportView({ report, fallback }: { report: ReportInfo; fallback: Filters }) {
  const translate = useTranslate();
  const [search, setSearch] = useSearchParams();
  const defaults = reportDefaults(report, fallback);
  const { filters } = fromSearch(search, defaults);
  const pickers = usePickers({
    department: report.filters.includes('department_id'),
    position: report.filters.includes('position_id'),
    location: report.filters.includes('location_id'),
  });
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useReport(report, filters);
  const errors = Object.fromEntries(fieldErrors(error).map((e) => [e.field, e.message]));
  const result = data && data.id === report.id && !error ? data : undefined;

  const change = (key: FilterKey, value: string) => setSearch(toSearch(report, { ...filters, [key]: value }, defaults), { replace: true });

  return (
    <Card variant="outlined" sx={{ contain: 'inline-size' }} data-testid="report" data-report={report.id}>
      <CardContent>
        <Stack spacing={2}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between', alignItems: 'flex-start' }}>
            <Box sx={{ minWidth: 0, flex: '1 1 240px' }}>
              <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
                {result?.title ?? report.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {report.description}
              </Typography>
              {result?.subtitle && (
                <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 500 }} data-testid="report-subtitle">
                  {result.subtitle}
                </Typography>
              )}
            </Box>
            <ExportButtons report={report} filters={filters} disabled={!!error} />
          </Box>
          <ReportFilters report={report} filters={filters} pickers={pickers} errors={errors} onChange={change} />
          <Box sx={{ height: 4 }}>{isFetching && !isPending && <LinearProgress aria-label={translate('reports.loading')} />}</Box>
          {error ? (
            <LoadError onRetry={refetch}>{errorMessage(error, translate('reports.load_failed'))}</LoadError>
          ) : !result ? (
            <Stack spacing={1} aria-busy="true" aria-label={translate('reports.loading')}>
              <Skeleton variant="rounded" height={240} />
              <Skeleton height={32} />
              <Skeleton height={32} />
              <Skeleton height={32} />
            </Stack>
          ) : (
            <Box sx={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 0.2s' }}>
              <ReportChart result={result} />
              <ReportTable result={result} />
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * /hr/reports: the company's reports by group (headcount, attendance, leave, payroll, KPI & bonus),
 * each with its filters, a chart, the table and its files; the report and its filters live in the
 * link, so a link reopens the same report. Company admins also schedule reports by e-mail.
 */
export default function ReportsScreen() {
  const translate = useTranslate();
  const session = useSession();
  const zone = useCompanyZone();
  const fallback = useMemo(() => defaultFilters(formatters(zone).dayOf(new Date())), [zone]);
  const [search, setSearch] = useSearchParams();
  const { data: catalogue, error, isPending, refetch } = useCatalogue();
  const canSchedule = session.user?.role === 'company_admin' || (session.user?.role === 'superadmin' && isImpersonating(session));

  if (isForbidden(error)) return <AccessDenied rule={ROUTE_ACCESS['/hr/reports']} session={session} pathname="/hr/reports" />;

  const reports = catalogue ?? [];
  const groups = GROUPS.filter((g) => reports.some((r) => r.group === g));
  const parsed = fromSearch(search, fallback);
  const tab = search.get('tab') === SCHEDULED && canSchedule ? SCHEDULED : null;
  const chosen = reports.find((r) => r.id === parsed.report);
  const current = chosen ? fromSearch(search, reportDefaults(chosen, fallback)).filters : parsed.filters;
  const group = chosen?.group ?? groups.find((g) => g === parsed.group) ?? groups[0];
  const report = chosen ?? reports.find((r) => r.group === group);

  const openGroup = (value: string) => {
    if (value === SCHEDULED) setSearch({ tab: SCHEDULED });
    else setSearch({ report: reports.find((r) => r.group === value)?.id ?? '' });
  };
  // another report of the group keeps the filters it shares with this one
  const openReport = (next: ReportInfo) => setSearch(toSearch(next, current, reportDefaults(next, fallback)));

  return (
    // the screen's width is the layout's, never its content's: a wide table or the tabs scroll inside
    <Box sx={{ minWidth: 0, contain: 'inline-size' }}>
      <PageHeader title={translate('screens.reports')} subtitle={translate('reports.subtitle')} />
      {error ? (
        <LoadError onRetry={refetch}>{errorMessage(error, translate('reports.catalogue_failed'))}</LoadError>
      ) : isPending ? (
        <Skeleton variant="rounded" height={320} />
      ) : !report ? (
        <Typography color="text.secondary">{translate('reports.none')}</Typography>
      ) : (
        <>
          <ScreenTabs
            value={tab ?? group}
            onChange={(_, value: string) => openGroup(value)}
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
            aria-label={translate('reports.groups_label')}
          >
            {groups.map((g) => (
              <Tab key={g} value={g} label={translate(`reports.groups.${g}`)} />
            ))}
            {canSchedule && <Tab value={SCHEDULED} label={translate('reports.scheduled.tab')} />}
          </ScreenTabs>
          {tab === SCHEDULED ? (
            <Suspense fallback={<Skeleton variant="rounded" height={240} />}>
              <ScheduledReports reports={reports} />
            </Suspense>
          ) : (
            <Stack spacing={2}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} role="list" aria-label={translate('reports.reports_label')}>
                {reports
                  .filter((r) => r.group === group)
                  .map((r) => (
                    <Chip
                      key={r.id}
                      role="listitem"
                      label={r.title}
                      color={r.id === report.id ? 'primary' : 'default'}
                      variant={r.id === report.id ? 'filled' : 'outlined'}
                      onClick={() => openReport(r)}
                      aria-current={r.id === report.id ? 'true' : undefined}
                      data-report={r.id}
                    />
                  ))}
              </Box>
              <ReportView key={report.id} report={report} fallback={fallback} />
            </Stack>
          )}
        </>
      )}
    </Box>
  );
}
