import '../screen.messages.en';
import { useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import BackupIcon from '@mui/icons-material/Backup';
import CleaningServicesIcon from '@mui/icons-material/CleaningServices';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import type { components } from '../../../../../openapi/schema';
import { useSession } from '../../../auth/useSession';
import { apiData, client, downloadFile } from '../../../providers/apiClient';
import { errorMessage } from '../../../providers/httpClient';
import { isImpersonating } from '../../../providers/session';
import { formatMinutes, useFormat } from '../../../schema/format';

type Health = components['schemas']['SystemHealthDto'];
type CleanResult = components['schemas']['CleanOldRecordsDto'];
type AuditRow = components['schemas']['AuditLogResponseDto'];
type Company = components['schemas']['CompanyResponseDto'];

const megabytes = (bytes: number | null | undefined) => (bytes == null ? '—' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
/** `[first, last]` of a page, as the list parameters take it */
const range = (first: number, last: number) => JSON.stringify([first, last]);

const ToolCard = ({ icon, title, help, children }: { icon: ReactNode; title: string; help: string; children: ReactNode }) => (
  <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
    <CardContent sx={{ flex: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, color: 'primary.main' }}>
        {icon}
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, color: 'text.primary' }}>
          {title}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {help}
      </Typography>
    </CardContent>
    <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>{children}</CardActions>
  </Card>
);

/** Company data export as a file (GET /api/system/companies/{id}/export). */
const BackupCard = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [companies, setCompanies] = useState<Company[]>([]);
  const [companyId, setCompanyId] = useState<string>('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    apiData(client.GET('/api/auth/companies', { params: { query: { range: range(0, 999) } } }))
      .then((list) => setCompanies(list ?? []))
      .catch(() => setCompanies([]));
  }, []);

  const download = async () => {
    if (!companyId) return;
    setBusy(true);
    try {
      await downloadFile(
        client.GET('/api/system/companies/{id}/export', { params: { path: { id: Number(companyId) } }, parseAs: 'blob' }),
        `company-${companyId}-export.json`,
      );
      notify('settings.system.backup_done', { type: 'success' });
    } catch (e) {
      notify(errorMessage(e, translate('settings.system.backup_failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ToolCard icon={<BackupIcon />} title={translate('settings.system.backup')} help={translate('settings.system.backup_help')}>
      <TextField
        select
        size="small"
        label={translate('settings.system.backup_company')}
        value={companyId}
        onChange={(e) => setCompanyId(e.target.value)}
        sx={{ minWidth: 200 }}
      >
        {companies.map((c) => (
          <MenuItem key={c.id} value={String(c.id)}>
            {c.company_name}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="contained" onClick={download} disabled={!companyId || busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
        {translate('settings.system.backup')}
      </Button>
    </ToolCard>
  );
};

const CleanCard = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<CleanResult | null>(null);

  const clean = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      const done = await apiData(client.POST('/api/system/clean-old-records'));
      setResult(done);
      notify('settings.system.clean_done', { type: 'success', messageArgs: { count: done.total_affected } });
    } catch (e) {
      notify(errorMessage(e, translate('settings.system.clean_failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ToolCard icon={<CleaningServicesIcon />} title={translate('settings.system.clean')} help={translate('settings.system.clean_help')}>
      <Stack spacing={1} sx={{ width: '100%' }}>
        <Box>
          <Button variant="outlined" color="warning" onClick={() => setConfirming(true)} disabled={busy}>
            {translate('settings.system.clean')}
          </Button>
        </Box>
        {result && (
          <Alert severity={result.results.some((r) => r.error) ? 'warning' : 'success'} data-testid="clean-result">
            {result.results.map((r) => (
              <Typography key={r.name} variant="body2">
                {translate('settings.system.clean_result', { name: r.name, count: r.affected })}
                {r.error ? ` (${r.error})` : ''}
              </Typography>
            ))}
          </Alert>
        )}
      </Stack>
      <Confirm
        isOpen={confirming}
        title={translate('settings.system.clean_confirm_title')}
        content={translate('settings.system.clean_confirm')}
        confirm={translate('settings.system.confirm')}
        cancel={translate('settings.system.cancel')}
        onConfirm={clean}
        onClose={() => setConfirming(false)}
      />
    </ToolCard>
  );
};

const PAGE_SIZE = 10;
const LOG_COLUMNS = ['when', 'who', 'company', 'action', 'path', 'status'] as const;

const LogsDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const format = useFormat();
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState<AuditRow[] | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setRows(null);
    setError(null);
    client
      .GET('/api/audit/logs', { params: { query: { range: range(page * PAGE_SIZE, page * PAGE_SIZE + PAGE_SIZE - 1) } } })
      .then(({ data, response }) => {
        if (cancelled) return;
        const found = data?.data ?? [];
        setRows(found);
        setTotal(Number(/\/(\d+)$/.exec(response.headers.get('Content-Range') ?? '')?.[1] ?? found.length));
      })
      .catch((e) => {
        if (!cancelled) setError(errorMessage(e, translate('settings.system.logs_failed')));
      });
    return () => {
      cancelled = true;
    };
  }, [open, page, translate]);

  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>{translate('settings.system.logs')}</DialogTitle>
      <DialogContent dividers>
        {error ? (
          <Alert severity="error">{error}</Alert>
        ) : rows === null ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress size={28} />
          </Box>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary">{translate('settings.system.logs_empty')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  {LOG_COLUMNS.map((c) => (
                    <TableCell key={c}>{translate(`settings.system.logs_columns.${c}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.dateTime(row.created_at)}</TableCell>
                    <TableCell>{row.user_email}</TableCell>
                    <TableCell>{row.company_name ?? '—'}</TableCell>
                    <TableCell>
                      <Chip size="small" label={row.action} />
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>
                      {[row.method, row.path].filter(Boolean).join(' ') || '—'}
                    </TableCell>
                    <TableCell>{row.status_code ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <TablePagination
          component="div"
          count={total}
          page={page}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_, next) => setPage(next)}
        />
        <Button onClick={onClose}>{translate('settings.system.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};

const HealthView = ({ health }: { health: Health }) => {
  const translate = useTranslate();
  const format = useFormat();
  const t = (key: string, args?: Record<string, unknown>) => translate(`settings.system.${key}`, args);
  const rows: Array<[string, ReactNode]> = [
    [t('database'), health.database.ok ? `OK · ${t('round_trip')} ${health.database.round_trip_ms} ms` : health.database.error],
    [t('server_version'), health.database.server_version ?? '—'],
    [t('db_size'), megabytes(health.database.size_bytes)],
    [t('migrations'), `${t('applied')} ${health.migrations.applied} · ${t('pending')} ${health.migrations.pending.length}`],
    [t('uptime'), formatMinutes(health.process.uptime_seconds / 60)],
    [t('memory'), megabytes(health.process.memory_rss_bytes)],
    [t('heap'), megabytes(health.process.memory_heap_used_bytes)],
    [t('node'), health.process.node_version],
  ];
  return (
    <Box data-testid="health-result" sx={{ width: '100%' }}>
      <Chip
        color={health.status === 'ok' ? 'success' : 'warning'}
        label={t('health_status', { status: health.status })}
        size="small"
        sx={{ mb: 1 }}
      />
      <Table size="small">
        <TableBody>
          {rows.map(([name, value]) => (
            <TableRow key={name}>
              <TableCell sx={{ fontWeight: 600, width: '40%' }}>{name}</TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="subtitle2" sx={{ mt: 1.5 }}>
        {t('jobs')}
      </Typography>
      {health.jobs.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('no_jobs')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {health.jobs.map((job) => (
            <ListItem key={job.name} disableGutters>
              <ListItemText
                primary={`${job.name} (${job.type})`}
                secondary={job.next_run_at ? t('next_run', { date: format.dateTime(job.next_run_at) }) : undefined}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
};

const HealthCard = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [health, setHealth] = useState<Health | null>(null);

  const check = async () => {
    setBusy(true);
    try {
      setHealth(await apiData(client.GET('/api/system/health')));
    } catch (e) {
      notify(errorMessage(e, translate('settings.system.health_failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ToolCard icon={<MonitorHeartIcon />} title={translate('settings.system.health')} help={translate('settings.system.health_help')}>
      <Stack spacing={1} sx={{ width: '100%' }}>
        <Box>
          <Button variant="outlined" onClick={check} disabled={busy} startIcon={busy ? <CircularProgress size={16} /> : undefined}>
            {translate('settings.system.health')}
          </Button>
        </Box>
        {health && <HealthView health={health} />}
      </Stack>
    </ToolCard>
  );
};

/** Settings → System (superadmin): backup, clean old records, the audit log, health check. */
export default function SystemTab() {
  const translate = useTranslate();
  const session = useSession();
  const [logsOpen, setLogsOpen] = useState(false);
  if (isImpersonating(session)) return <Alert severity="info">{translate('settings.system.exit_impersonation')}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
      <BackupCard />
      <CleanCard />
      <ToolCard icon={<ReceiptLongIcon />} title={translate('settings.system.logs')} help={translate('settings.system.logs_help')}>
        <Button variant="outlined" onClick={() => setLogsOpen(true)}>
          {translate('settings.system.logs')}
        </Button>
      </ToolCard>
      <HealthCard />
      <LogsDialog open={logsOpen} onClose={() => setLogsOpen(false)} />
    </Box>
  );
}
