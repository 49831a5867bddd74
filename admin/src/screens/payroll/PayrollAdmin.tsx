import './messages.en';
import { lazy, Suspense, useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Grid,
  LinearProgress,
  Paper,
  Skeleton,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DownloadIcon from '@mui/icons-material/Download';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { PageHeader } from '../../layout/PageHeader';
import { LoadError } from '../../layout/LoadError';
import { ScreenTabs } from '../../layout/ScreenTabs';
import { errorMessage } from '../../providers/httpClient';
import { filterRow, usePhone } from '../../pwa/phone';
import { useFormat } from '../../schema/format';
import { payrollApi } from './api';
import { RecordDialog } from './RecordDialog';
import { MonthSelect, PaymentStatusChip, PayrollRecordCard, periodLabel, SummaryCard, YearSelect } from './shared';

const PayrollSettings = lazy(() => import('./PayrollSettings'));

const today = () => new Date().toISOString().slice(0, 10);

const COLUMNS = ['employee', 'basic_salary', 'allowances', 'bonuses', 'deductions', 'net_salary', 'status', 'payment_date'] as const;
const MONEY_COLUMNS = new Set<string>(['basic_salary', 'allowances', 'bonuses', 'deductions', 'net_salary']);
const MONEY_CELL = { whiteSpace: 'nowrap' } as const;

export const PayrollAdmin = ({ canRun, canPay }: { canRun: boolean; canPay: boolean }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const format = useFormat();
  const phone = usePhone();
  const now = new Date();
  const [year, setYear] = useState(now.getFullYear());
  const [month, setMonth] = useState(now.getMonth() + 1);
  const [tab, setTab] = useState<'records' | 'settings'>('records');
  const [confirmRun, setConfirmRun] = useState(false);
  const [running, setRunning] = useState(false);
  const [confirmPaid, setConfirmPaid] = useState(false);
  const [paymentDate, setPaymentDate] = useState(today());
  const [exporting, setExporting] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const period = periodLabel(year, month);

  const summary = useQuery({ queryKey: ['payroll', 'summary', year, month], queryFn: () => payrollApi.summary(year, month) });
  const records = useQuery({ queryKey: ['payroll', 'records', year, month], queryFn: () => payrollApi.list(year, month) });
  const reload = () => queryClient.invalidateQueries({ queryKey: ['payroll'] });

  const run = async () => {
    setRunning(true);
    try {
      const res = await payrollApi.run(year, month);
      notify(res.message ?? translate('payroll.messages.processed', { smart_count: res.data.employee_count }), { type: 'success' });
      await reload();
    } catch (error) {
      notify(errorMessage(error, translate('payroll.messages.process_failed')), { type: 'error' });
    } finally {
      setRunning(false);
      setConfirmRun(false);
    }
  };

  const markPaid = async () => {
    try {
      const res = await payrollApi.setStatus({ year, month, payment_status: 'paid', payment_date: paymentDate });
      notify(res.message ?? translate('payroll.messages.status_saved'), { type: 'success' });
      await reload();
    } catch (error) {
      notify(errorMessage(error, translate('payroll.messages.status_failed')), { type: 'error' });
    } finally {
      setConfirmPaid(false);
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await payrollApi.exportCsv(year, month);
    } catch (error) {
      notify(errorMessage(error, translate('payroll.messages.export_failed')), { type: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const s = summary.data;
  const rows = records.data ?? [];
  const unpaid = rows.some((r) => r.payment_status !== 'paid');

  return (
    <>
      <PageHeader
        title={translate('screens.payroll')}
        subtitle={translate('payroll.subtitle')}
        actions={
          <>
            {canRun && (
              <Button variant="contained" startIcon={<PlayArrowIcon />} onClick={() => setConfirmRun(true)} disabled={running}>
                {translate('payroll.actions.process')}
              </Button>
            )}
            <Button variant="outlined" startIcon={exporting ? <CircularProgress size={16} /> : <DownloadIcon />} onClick={exportCsv} disabled={exporting}>
              {translate('payroll.actions.export')}
            </Button>
          </>
        }
      />
      <Box sx={{ ...filterRow, mb: 3 }}>
        <MonthSelect value={month} onChange={setMonth} />
        <YearSelect value={year} onChange={setYear} />
      </Box>

      {summary.error ? (
        <LoadError onRetry={() => summary.refetch()} sx={{ mb: 3 }}>
          {errorMessage(summary.error, translate('payroll.messages.load_failed'))}
        </LoadError>
      ) : (
        <Grid container spacing={2} sx={{ mb: 3 }}>
          {[
            {
              key: 'total',
              value: s ? format.money(s.total_payroll) : null,
              icon: <AccountBalanceWalletIcon />,
              testId: 'payroll-total',
              hint: s ? (s.last_run_at ? translate('payroll.cards.last_run', { date: format.dateTime(s.last_run_at) }) : translate('payroll.cards.never_run')) : undefined,
            },
            // processed: the records the run computed for the month (paid or not); the paid among them beneath
            {
              key: 'processed',
              value: s?.total_records,
              icon: <CheckCircleIcon />,
              testId: 'payroll-processed',
              hint: s && s.total_records > 0 ? translate('payroll.cards.paid_of', { smart_count: s.processed_count }) : undefined,
            },
            // pending: computed and not paid yet (pending or being paid)
            {
              key: 'pending',
              value: s?.pending_count,
              icon: <ScheduleIcon />,
              testId: 'payroll-pending',
              hint: s && s.processing_count > 0 ? translate('payroll.cards.being_paid', { smart_count: s.processing_count }) : undefined,
            },
          ].map((card) => (
            <Grid key={card.key} size={{ xs: 12, sm: 4 }}>
              <SummaryCard
                label={translate(`payroll.cards.${card.key}`)}
                value={summary.isPending ? <Skeleton width={80} /> : card.value}
                icon={card.icon}
                testId={card.testId}
                hint={card.hint}
              />
            </Grid>
          ))}
        </Grid>
      )}

      {canPay && (
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
          <ScreenTabs value={tab} onChange={(_, v) => setTab(v)}>
            <Tab value="records" label={translate('payroll.tabs.records')} />
            <Tab value="settings" label={translate('payroll.tabs.settings')} />
          </ScreenTabs>
        </Box>
      )}

      {tab === 'settings' ? (
        <Suspense fallback={<LinearProgress />}>
          <PayrollSettings />
        </Suspense>
      ) : records.error ? (
        <LoadError onRetry={() => records.refetch()}>{errorMessage(records.error, translate('payroll.messages.load_failed'))}</LoadError>
      ) : (
        <>
          {canPay && unpaid && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
              <Button size="small" startIcon={<CheckCircleIcon />} onClick={() => setConfirmPaid(true)}>
                {translate('payroll.actions.mark_all_paid')}
              </Button>
            </Box>
          )}
          {phone ? (
            // a phone: one card a record (name, status, net pay, basic and deductions), the rest in its details
            <Box>
              {(records.isFetching || running) && <LinearProgress sx={{ mb: 1 }} />}
              {records.isPending ? (
                <Skeleton variant="rounded" height={140} />
              ) : rows.length === 0 ? (
                <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                  {translate('payroll.empty')}
                </Typography>
              ) : (
                <Stack spacing={1.5}>
                  {rows.map((r) => (
                    <PayrollRecordCard
                      key={r.id}
                      record={r}
                      title={r.employee_name}
                      subtitle={r.employee_code}
                      testId="payroll-card"
                      onOpen={() => setOpenId(r.id)}
                    />
                  ))}
                </Stack>
              )}
            </Box>
          ) : (
            <TableContainer component={Paper} variant="outlined">
              {(records.isFetching || running) && <LinearProgress />}
              {/* the month is chosen above, so its dates are in a record's details: the columns fit a 1280 px screen */}
              <Table size="small" aria-label={translate('screens.payroll')}>
                <TableHead>
                  <TableRow>
                    {COLUMNS.map((c) => (
                      <TableCell key={c} align={MONEY_COLUMNS.has(c) ? 'right' : 'left'}>
                        {translate(`payroll.columns.${c}`)}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {records.isPending ? (
                    <TableRow>
                      <TableCell colSpan={COLUMNS.length}>
                        <Skeleton />
                      </TableCell>
                    </TableRow>
                  ) : rows.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={COLUMNS.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                        {translate('payroll.empty')}
                      </TableCell>
                    </TableRow>
                  ) : (
                    rows.map((r) => (
                      <TableRow key={r.id} hover sx={{ cursor: 'pointer' }} onClick={() => setOpenId(r.id)} data-testid="payroll-row">
                        <TableCell>
                          <Box sx={{ fontWeight: 600 }}>{r.employee_name}</Box>
                          <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.75rem' }}>
                            {r.employee_code}
                          </Box>
                        </TableCell>
                        <TableCell align="right" sx={MONEY_CELL}>
                          {format.money(r.basic_salary)}
                        </TableCell>
                        <TableCell align="right" sx={MONEY_CELL}>
                          {format.money(r.allowances)}
                        </TableCell>
                        <TableCell align="right" sx={MONEY_CELL}>
                          {format.money(r.bonuses)}
                        </TableCell>
                        <TableCell align="right" sx={MONEY_CELL}>
                          {format.money(r.total_deductions)}
                        </TableCell>
                        <TableCell align="right" sx={{ ...MONEY_CELL, fontWeight: 600 }}>
                          {format.money(r.net_salary)}
                        </TableCell>
                        <TableCell>
                          <PaymentStatusChip status={r.payment_status} />
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.date(r.payment_date)}</TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </>
      )}

      <Dialog open={confirmRun} onClose={() => !running && setConfirmRun(false)}>
        <DialogTitle>{translate('payroll.confirm.process_title', { period })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('payroll.confirm.process_content', { period })}</DialogContentText>
          {running && <LinearProgress sx={{ mt: 2 }} aria-label={translate('payroll.actions.processing')} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmRun(false)} disabled={running}>
            {translate('payroll.actions.cancel')}
          </Button>
          <Button variant="contained" onClick={run} disabled={running}>
            {running ? translate('payroll.actions.processing') : translate('payroll.actions.process')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={confirmPaid} onClose={() => setConfirmPaid(false)}>
        <DialogTitle>{translate('payroll.confirm.paid_title', { period })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('payroll.confirm.paid_content')}</DialogContentText>
          <TextField
            type="date"
            size="small"
            label={translate('payroll.confirm.payment_date')}
            value={paymentDate}
            onChange={(e) => setPaymentDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmPaid(false)}>{translate('payroll.actions.cancel')}</Button>
          <Button variant="contained" onClick={markPaid} disabled={!paymentDate}>
            {translate('payroll.actions.mark_paid')}
          </Button>
        </DialogActions>
      </Dialog>

      {openId !== null && <RecordDialog id={openId} canPay={canPay} onClose={() => setOpenId(null)} onChanged={reload} />}
    </>
  );
};
