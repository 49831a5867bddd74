import './messages.en';
import { useState, type ReactNode } from 'react';
import { Box, Button, Card, CardActions, CardContent, Chip, CircularProgress, MenuItem, TextField, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../../providers/httpClient';
import { fieldSize, touchTarget, usePhone } from '../../pwa/phone';
import { useFormat } from '../../schema/format';
import { payrollApi, yearOptions, type PaymentStatus, type PayrollRecord } from './api';

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

/**
 * A payroll record as a card (My Payroll's payslips, the payroll list on a phone): its title, the
 * status, the net pay, basic and deductions, and its actions: the details and the payslip PDF.
 */
export const PayrollRecordCard = ({
  record,
  title,
  subtitle,
  testId,
  onOpen,
}: {
  record: PayrollRecord;
  title: string;
  subtitle?: string;
  testId: string;
  onOpen: () => void;
}) => {
  const translate = useTranslate();
  const format = useFormat();
  const { downloading, download } = usePayslipDownload();
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent sx={{ pb: 1 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="caption" color="text.secondary">
                {subtitle}
              </Typography>
            )}
          </Box>
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
      <CardActions sx={{ flexWrap: 'wrap' }}>
        <Button size="small" onClick={onOpen} sx={touchTarget}>
          {translate('payroll.actions.view')}
        </Button>
        <Button
          size="small"
          startIcon={downloading ? <CircularProgress size={14} /> : <DownloadIcon />}
          onClick={() => void download(record.id)}
          disabled={downloading}
          sx={touchTarget}
        >
          {translate('payroll.actions.payslip')}
        </Button>
      </CardActions>
    </Card>
  );
};
