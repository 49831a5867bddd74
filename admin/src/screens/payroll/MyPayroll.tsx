import './messages.en';
import { useState } from 'react';
import { Box, Grid, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { LoadError } from '../../layout/LoadError';
import { errorMessage } from '../../providers/httpClient';
import { payrollApi } from './api';
import { RecordDialog } from './RecordDialog';
import { PayrollRecordCard, periodLabel, YearSelect } from './shared';

const yearMonth = (day: string): [number, number] => {
  const [year, month] = day.split('-').map(Number);
  return [year, month];
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
              <PayrollRecordCard record={r} title={periodLabel(...yearMonth(r.pay_period_start))} testId="payslip-card" onOpen={() => setOpenId(r.id)} />
            </Grid>
          ))}
        </Grid>
      )}
      {openId !== null && <RecordDialog id={openId} canPay={false} onClose={() => setOpenId(null)} />}
    </>
  );
};
