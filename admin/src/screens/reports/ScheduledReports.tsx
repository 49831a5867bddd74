import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { LoadError } from '../../layout/LoadError';
import { errorMessage } from '../../providers/httpClient';
import { useFormat } from '../../schema/format';
import type { ReportInfo } from './report';
import { ScheduledReportDialog } from './ScheduledReportDialog';
import { deleteSubscription, SUBSCRIPTIONS_KEY, useSubscriptions, type Subscription } from './subscriptions';

/** The company's scheduled reports (company admins): what goes to whom how often, added, changed and deleted here. */
export default function ScheduledReports({ reports }: { reports: ReportInfo[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const { data, error, isPending, refetch } = useSubscriptions();
  const [editing, setEditing] = useState<Subscription | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Subscription | null>(null);
  const [busy, setBusy] = useState(false);
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const t = (key: string, options?: object) => translate(`reports.scheduled.${key}`, options);
  const titleOf = (id: string) => reports.find((r) => r.id === id)?.title ?? data?.find((s) => s.report_id === id)?.report_title ?? id;
  const reload = () => queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY });

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      notify((await deleteSubscription(deleting.id)) || t('deleted'), { type: 'success' });
      setDeleting(null);
      await reload();
    } catch (e) {
      notify(errorMessage(e, t('delete_failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const actions = (s: Subscription) => (
    <Box sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
      <IconButton aria-label={t('edit_of', { report: titleOf(s.report_id) })} onClick={() => setEditing(s)}>
        <EditIcon />
      </IconButton>
      <IconButton aria-label={t('delete_of', { report: titleOf(s.report_id) })} onClick={() => setDeleting(s)}>
        <DeleteIcon />
      </IconButton>
    </Box>
  );

  return (
    <Card variant="outlined" sx={{ contain: 'inline-size' }} data-testid="scheduled-reports">
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between', alignItems: 'flex-start', mb: 2 }}>
          <Box sx={{ minWidth: 0, flex: '1 1 240px' }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
              {t('title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('subtitle')}
            </Typography>
          </Box>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            {t('add')}
          </Button>
        </Box>
        {error ? (
          <LoadError onRetry={refetch}>{errorMessage(error, t('load_failed'))}</LoadError>
        ) : isPending ? (
          <Skeleton variant="rounded" height={120} />
        ) : !data.length ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {t('empty')}
          </Typography>
        ) : phone ? (
          <Box component="ul" aria-label={t('title')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {data.map((s) => (
              <Box component="li" key={s.id} data-testid="scheduled-report" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', display: 'flex', gap: 1 }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>
                    {titleOf(s.report_id)}
                    {!s.is_active && <Chip size="small" label={t('paused')} sx={{ ml: 1 }} />}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(s.frequency)} · {s.format.toUpperCase()}
                    {s.is_active && s.next_run_at ? ` · ${t('next_run')}: ${fmt.dateTime(s.next_run_at)}` : ''}
                  </Typography>
                  <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                    {s.recipients.join(', ')}
                  </Typography>
                  {s.last_error && (
                    <Typography variant="caption" color="error" component="div">
                      {t('last_error', { error: s.last_error })}
                    </Typography>
                  )}
                </Box>
                {actions(s)}
              </Box>
            ))}
          </Box>
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('title')}>
              <TableHead>
                <TableRow>
                  {['report', 'frequency', 'format', 'recipients', 'next_run'].map((key) => (
                    <TableCell key={key} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      {t(key)}
                    </TableCell>
                  ))}
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((s) => (
                  <TableRow key={s.id} data-testid="scheduled-report" hover>
                    <TableCell sx={{ minWidth: 140 }}>
                      {titleOf(s.report_id)}
                      {!s.is_active && <Chip size="small" label={t('paused')} sx={{ ml: 1 }} />}
                      {s.last_error && (
                        <Typography variant="caption" color="error" component="div">
                          {t('last_error', { error: s.last_error })}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{t(s.frequency)}</TableCell>
                    <TableCell>{s.format.toUpperCase()}</TableCell>
                    <TableCell sx={{ minWidth: 200 }}>
                      {s.recipients.map((email) => (
                        <Box key={email} sx={{ wordBreak: 'break-all' }}>
                          {email}
                        </Box>
                      ))}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{s.is_active && s.next_run_at ? fmt.dateTime(s.next_run_at) : '—'}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {actions(s)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
      {editing && (
        <ScheduledReportDialog
          reports={reports}
          subscription={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void reload();
          }}
        />
      )}
      <Confirm
        isOpen={!!deleting}
        loading={busy}
        title={t('delete_title')}
        content={t('delete_intro', { report: deleting ? titleOf(deleting.report_id) : '' })}
        confirm={t('delete')}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}
