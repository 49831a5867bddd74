import './messages.en';
import { useState } from 'react';
import { Box, Button, Card, CardActions, CardContent, CircularProgress, Grid, Skeleton, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { LoadError } from '../../layout/LoadError';
import { errorMessage } from '../../providers/httpClient';
import { touchTarget } from '../../pwa/phone';
import { useFormat } from '../../schema/format';
import { payrollApi, type PayrollRecord } from './api';
import { RecordDialog } from './RecordDialog';
import { monthName, PaymentStatusChip, YearSelect } from './shared';

const PayslipCard = ({ record, onOpen }: { record: PayrollRecord; onOpen: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormat();
  const [busy, setBusy] = useState(false);
  const [year, month] = record.pay_period_start.split('-').map(Number);

  const download = async () => {
    setBusy(true);
    try {
      await payrollApi.payslip(record.id);
    } catch (e) {
      notify(errorMessage(e, translate('payroll.messages.payslip_failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card variant="outlined" data-testid="payslip-card">
      <CardContent sx={{ pb: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
            {monthName(month)} {year}
          </Typography>
          <PaymentStatusChip status={record.payment_status} />
        </Box>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, my: 1 }}>
          {format.money(record.net_salary)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('payroll.columns.basic_salary')}: {format.money(record.basic_salary)} · {translate('payroll.columns.deductions')}:{' '}
          {format.money(record.total_deductions)}
        </Typography>
      </CardContent>
      <CardActions>
        <Button size="small" onClick={onOpen} sx={touchTarget}>
          {translate('payroll.actions.view')}
        </Button>
        <Button
          size="small"
          startIcon={busy ? <CircularProgress size={14} /> : <DownloadIcon />}
          onClick={download}
          disabled={busy}
          sx={touchTarget}
        >
          {translate('payroll.actions.payslip')}
        </Button>
      </CardActions>
    </Card>
  );
};

/** My Payroll (hr.md 6): the caller's own payslips as cards, phone first. */
export const MyPayroll = () => {
  const translate = useTranslate();
  const [year, setYear] = useState(new Date().getFullYear());
  const [openId, setOpenId] = useState<number | null>(null);
  const { data, error, isPending, refetch } = useQuery({ queryKey: ['payroll', 'mine', year], queryFn: () => payrollApi.mine(year) });

  return (
    <>
      <Box sx={{ mb: 2 }}>
        <YearSelect value={year} onChange={setYear} />
      </Box>
      {error ? (
        <LoadError onRetry={() => refetch()}>{errorMessage(error, translate('payroll.messages.load_failed'))}</LoadError>
      ) : isPending ? (
        <Grid container spacing={2}>
          {[0, 1].map((i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
              <Skeleton variant="rounded" height={140} />
            </Grid>
          ))}
        </Grid>
      ) : !data?.length ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {translate('payroll.my_empty')}
        </Typography>
      ) : (
        <Grid container spacing={2}>
          {data.map((r) => (
            <Grid key={r.id} size={{ xs: 12, sm: 6, md: 4 }}>
              <PayslipCard record={r} onOpen={() => setOpenId(r.id)} />
            </Grid>
          ))}
        </Grid>
      )}
      {openId !== null && <RecordDialog id={openId} canPay={false} onClose={() => setOpenId(null)} />}
    </>
  );
};
