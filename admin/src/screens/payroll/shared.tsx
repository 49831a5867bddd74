import './messages.en';
import { useState, type ReactNode } from 'react';
import { Box, Card, CardContent, Chip, MenuItem, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../../providers/httpClient';
import { fieldSize, usePhone } from '../../pwa/phone';
import { payrollApi, yearOptions, type PaymentStatus } from './api';

const STATUS_COLORS: Record<PaymentStatus, 'success' | 'warning' | 'info'> = {
  paid: 'success',
  processing: 'info',
  pending: 'warning',
};

export const PaymentStatusChip = ({ status }: { status: string }) => {
  const translate = useTranslate();
  const known = status in STATUS_COLORS;
  return (
    <Chip
      size="small"
      label={known ? translate(`payroll.status.${status}`) : status}
      color={known ? STATUS_COLORS[status as PaymentStatus] : 'info'}
    />
  );
};

const MONTHS = Array.from({ length: 12 }, (_, i) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, i, 1))),
);
export const monthName = (month: number) => MONTHS[month - 1];
export const periodLabel = (year: number, month: number) => `${monthName(month)} ${year}`;

export const MonthSelect = ({ value, onChange }: { value: number; onChange: (month: number) => void }) => {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={translate('payroll.month')}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 150 }}
      slotProps={{ htmlInput: { 'data-testid': 'payroll-month' } }}
    >
      {MONTHS.map((name, i) => (
        <MenuItem key={name} value={i + 1}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
};

export const YearSelect = ({ value, onChange }: { value: number; onChange: (year: number) => void }) => {
  const translate = useTranslate();
  const size = fieldSize(usePhone());
  return (
    <TextField
      select
      size={size}
      label={translate('payroll.year')}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 110 }}
      slotProps={{ htmlInput: { 'data-testid': 'payroll-year' } }}
    >
      {yearOptions().map((y) => (
        <MenuItem key={y} value={y}>
          {y}
        </MenuItem>
      ))}
    </TextField>
  );
};

export const SummaryCard = ({ label, value, icon, testId, hint }: { label: string; value: ReactNode; icon: ReactNode; testId: string; hint?: ReactNode }) => (
  <Card variant="outlined" sx={{ height: '100%' }}>
    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
          {value}
        </Typography>
        {hint && (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        )}
      </Box>
    </CardContent>
  </Card>
);

/** A record's payslip PDF saved under the server's name; a failure is said in a toast. */
export const usePayslipDownload = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [downloading, setDownloading] = useState(false);
  const download = async (id: number) => {
    setDownloading(true);
    try {
      await payrollApi.payslip(id);
    } catch (e) {
      notify(errorMessage(e, translate('payroll.messages.payslip_failed')), { type: 'error' });
    } finally {
      setDownloading(false);
    }
  };
  return { downloading, download };
};
