import './messages.en';
import { useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { LoadError } from '../../layout/LoadError';
import { errorMessage } from '../../providers/httpClient';
import { touchTarget, usePhone } from '../../pwa/phone';
import { formatMoney, useFormat } from '../../schema/format';
import { payrollApi, type PaymentStatus, type PayrollLine } from './api';
import { PaymentStatusChip, usePayslipDownload } from './shared';

const DAY_LINES = new Set(['basic', 'unpaid_leave', 'absence']);

const Lines = ({ title, lines, total, totalLabel }: { title: string; lines: PayrollLine[]; total: string; totalLabel: string }) => {
  const translate = useTranslate();
  const format = useFormat();
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      {lines.map((l) => (
        <Box key={l.id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }} data-testid="payroll-line">
          <Typography variant="body2">
            {l.name}
            {l.quantity !== null && DAY_LINES.has(l.category) && (
              <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
                {translate('payroll.record.days', { days: Number(l.quantity) })}
              </Box>
            )}
          </Typography>
          <Typography variant="body2">{format.money(l.amount)}</Typography>
        </Box>
      ))}
      <Divider sx={{ my: 0.5 }} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {totalLabel}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {format.money(total)}
        </Typography>
      </Box>
    </Box>
  );
};

/** A payroll record with its earnings and deductions, the payslip download and, for payroll staff, its payment status. */
export const RecordDialog = ({ id, canPay, onClose, onChanged }: { id: number; canPay: boolean; onClose: () => void; onChanged?: () => unknown }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const phone = usePhone();
  const format = useFormat();
  const [busy, setBusy] = useState(false);
  const { data, error, isPending, refetch } = useQuery({ queryKey: ['payroll', 'record', id], queryFn: () => payrollApi.get(id) });

  const { downloading, download } = usePayslipDownload();

  const setStatus = async (payment_status: PaymentStatus) => {
    setBusy(true);
    try {
      const res = await payrollApi.setStatus({ ids: [id], payment_status });
      notify(res.message ?? translate('payroll.messages.status_saved'), { type: 'success' });
      await refetch();
      await onChanged?.();
    } catch (e) {
      notify(errorMessage(e, translate('payroll.messages.status_failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle>{data ? translate('payroll.record.title', { name: data.employee_name }) : translate('screens.payroll')}</DialogTitle>
      <DialogContent dividers>
        {error ? (
          <LoadError onRetry={() => refetch()}>{errorMessage(error, translate('payroll.messages.load_failed'))}</LoadError>
        ) : isPending || !data ? (
          <Stack spacing={1}>
            <Skeleton />
            <Skeleton />
            <Skeleton />
          </Stack>
        ) : (
          <>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
              <Box>
                <Typography variant="body2" color="text.secondary">
                  {format.date(data.pay_period_start)} – {format.date(data.pay_period_end)}
                </Typography>
                {data.annual_salary !== null && (
                  <Typography variant="body2" data-testid="payroll-annual">
                    {translate('payroll.record.annual', {
                      amount: formatMoney(data.annual_salary, data.salary_currency),
                      frequency: translate(`payroll.record.frequency.${data.payment_frequency}`, { _: data.payment_frequency }),
                    })}
                  </Typography>
                )}
                <Typography variant="body2" color="text.secondary">
                  {translate('payroll.record.worked', { employed: data.employed_days, working: data.working_days })}
                </Typography>
              </Box>
              <Box sx={{ textAlign: 'right' }}>
                <PaymentStatusChip status={data.payment_status} />
                {data.payment_date && (
                  <Typography variant="caption" display="block" color="text.secondary">
                    {format.date(data.payment_date)}
                  </Typography>
                )}
              </Box>
            </Box>
            <Lines
              title={translate('payroll.record.earnings')}
              lines={data.lines.filter((l) => l.line_type === 'earning')}
              total={data.gross_salary}
              totalLabel={translate('payroll.record.gross')}
            />
            <Lines
              title={translate('payroll.record.deductions')}
              lines={data.lines.filter((l) => l.line_type === 'deduction')}
              total={data.total_deductions}
              totalLabel={translate('payroll.record.total_deductions')}
            />
            <Box sx={{ display: 'flex', justifyContent: 'space-between', bgcolor: 'action.hover', p: 1.5, borderRadius: 1 }}>
              <Typography sx={{ fontWeight: 700 }}>{translate('payroll.record.net')}</Typography>
              <Typography sx={{ fontWeight: 700 }} data-testid="payroll-net">
                {format.money(data.net_salary)}
              </Typography>
            </Box>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
              {translate('payroll.record.taxable', { amount: format.money(data.taxable_income) })}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {canPay && data && data.payment_status === 'pending' && (
          <Button onClick={() => setStatus('processing')} disabled={busy}>
            {translate('payroll.actions.mark_processing')}
          </Button>
        )}
        {canPay && data && data.payment_status === 'processing' && (
          <Button onClick={() => setStatus('pending')} disabled={busy}>
            {translate('payroll.actions.mark_pending')}
          </Button>
        )}
        {canPay && data && data.payment_status !== 'paid' && (
          <Button onClick={() => setStatus('paid')} disabled={busy}>
            {translate('payroll.actions.mark_paid')}
          </Button>
        )}
        <Button startIcon={downloading ? <CircularProgress size={16} /> : <DownloadIcon />} onClick={() => void download(id)} disabled={busy || downloading || !data} sx={touchTarget}>
          {translate('payroll.actions.payslip')}
        </Button>
        <Button onClick={onClose} sx={touchTarget}>
          {translate('payroll.actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
