import { useEffect, useState, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Grid, InputAdornment, MenuItem, Skeleton, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import PaidIcon from '@mui/icons-material/Paid';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage, fieldErrors } from '../../providers/httpClient';
import { kpiApi, PAYMENT_ACTIONS, PAYMENT_STATUSES, type Payment, type PaymentAction, type PaymentStatus, type Period } from './api';
import { CalculateBonusesButton } from './CalculateButtons';
import { OrNA, PaymentStatusChip } from './chips';
import { formatDate, money, percent, periodRange } from './format';
import { ListCard } from './ListCard';
import { MarkPaidDialog } from './MarkPaidDialog';
import { PeriodInputs } from './PeriodInputs';
import { ReasonDialog } from './ReasonDialog';
import { useBonusPayments } from './useBonusPayments';

const TotalCard = ({ label, amount, count, icon, testId }: { label: string; amount: string | null; count: number | null; icon: ReactNode; testId: string }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>
        <Box>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          {count === null ? (
            <Skeleton width={100} height={32} />
          ) : (
            <>
              <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
                {money(amount)}
              </Typography>
              <Typography variant="caption" color="text.secondary" data-testid={`${testId}-count`}>
                {translate('kpi_bonus.bonuses.count', { smart_count: count })}
              </Typography>
            </>
          )}
        </Box>
      </CardContent>
    </Card>
  );
};

const DONE: Record<PaymentAction, string> = {
  approve: 'kpi_bonus.messages.approved',
  'mark-paid': 'kpi_bonus.messages.paid',
  reject: 'kpi_bonus.messages.rejected',
  cancel: 'kpi_bonus.messages.cancelled',
};

/**
 * The Bonuses tab (hr.md 2, 4): totals for all, paid and pending, the payments with their status
 * badge, and Approve, Mark Paid, Reject and Cancel as each status allows.
 */
export const BonusesTab = ({
  period,
  onPeriod,
  version,
  onChanged,
}: {
  period: Period;
  onPeriod: (period: Period) => void;
  version: number;
  /** a payment changed or bonuses were calculated */
  onChanged: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const list = useBonusPayments({ q, status, period_start: period.start, period_end: period.end }, version);

  // the search applies after a short pause in typing
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const [busy, setBusy] = useState<number | null>(null);
  const [paying, setPaying] = useState<Payment | null>(null);
  const [ending, setEnding] = useState<{ payment: Payment; action: 'reject' | 'cancel' } | null>(null);

  /** Runs an action; a field error (e.g. paid_date) is handed back to the dialog that asked. */
  const act = async (payment: Payment, action: PaymentAction, call: () => Promise<{ message?: string }>): Promise<string | null> => {
    setBusy(payment.id);
    try {
      const { message } = await call();
      // the server's message also says when a payroll that includes the payment must be processed again
      notify(message ?? DONE[action], { type: 'success' });
      setPaying(null);
      setEnding(null);
      onChanged();
      return null;
    } catch (error) {
      const message = errorMessage(error, translate('kpi_bonus.messages.action_failed'));
      notify(message, { type: 'error' });
      return fieldErrors(error)[0]?.message ?? message;
    } finally {
      setBusy(null);
    }
  };

  const actions = (p: Payment) => {
    const allowed = PAYMENT_ACTIONS[p.status as PaymentStatus] ?? [];
    const disabled = busy === p.id;
    return (
      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
        {allowed.includes('approve') && (
          <Button size="small" color="primary" variant="outlined" disabled={disabled} onClick={() => void act(p, 'approve', () => kpiApi.approve(p.id))}>
            {translate('kpi_bonus.bonuses.approve')}
          </Button>
        )}
        {allowed.includes('mark-paid') && (
          <Button size="small" color="success" variant="outlined" disabled={disabled} onClick={() => setPaying(p)}>
            {translate('kpi_bonus.bonuses.mark_paid')}
          </Button>
        )}
        {allowed.includes('reject') && (
          <Button size="small" color="error" disabled={disabled} onClick={() => setEnding({ payment: p, action: 'reject' })}>
            {translate('kpi_bonus.bonuses.reject')}
          </Button>
        )}
        {allowed.includes('cancel') && (
          <Button size="small" color="error" disabled={disabled} onClick={() => setEnding({ payment: p, action: 'cancel' })}>
            {translate('kpi_bonus.bonuses.cancel_payment')}
          </Button>
        )}
      </Stack>
    );
  };

  const totals = list.totals;
  return (
    <Box>
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TotalCard
            label={translate('kpi_bonus.bonuses.total')}
            amount={totals?.total_amount ?? null}
            count={totals?.total_count ?? null}
            icon={<AccountBalanceWalletIcon />}
            testId="bonus-total"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TotalCard
            label={translate('kpi_bonus.bonuses.paid')}
            amount={totals?.paid_amount ?? null}
            count={totals?.paid_count ?? null}
            icon={<PaidIcon />}
            testId="bonus-paid"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TotalCard
            label={translate('kpi_bonus.bonuses.pending')}
            amount={totals?.pending_amount ?? null}
            count={totals?.pending_count ?? null}
            icon={<HourglassEmptyIcon />}
            testId="bonus-pending"
          />
        </Grid>
      </Grid>

      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <TextField
          fullWidth={false}
          size="small"
          label={translate('kpi_bonus.bonuses.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ minWidth: 200, flex: '1 1 200px', maxWidth: 300 }}
        />
        <PeriodInputs period={period} onChange={onPeriod} />
        <TextField
          select
          fullWidth={false}
          size="small"
          label={translate('kpi_bonus.bonuses.status')}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">{translate('kpi_bonus.all')}</MenuItem>
          {PAYMENT_STATUSES.filter((s) => s !== 'pending').map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`kpi_bonus.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ ml: 'auto' }}>
          <CalculateBonusesButton period={period} onDone={onChanged} />
        </Box>
      </Box>

      <ListCard
        label={translate('kpi_bonus.tabs.bonuses')}
        minWidth={1000}
        columns={[
          { label: translate('kpi_bonus.bonuses.columns.employee') },
          { label: translate('kpi_bonus.bonuses.columns.period') },
          { label: translate('kpi_bonus.bonuses.columns.amount'), align: 'right' },
          { label: translate('kpi_bonus.bonuses.columns.achievement'), align: 'right' },
          { label: translate('kpi_bonus.bonuses.columns.bonus_type') },
          { label: translate('kpi_bonus.bonuses.columns.status') },
          { label: translate('kpi_bonus.bonuses.columns.paid_date') },
          { label: translate('kpi_bonus.actions'), align: 'right' },
        ]}
        loading={list.loading}
        failed={list.failed}
        onRetry={list.reload}
        empty={translate('kpi_bonus.bonuses.empty')}
        isEmpty={list.loaded && !list.rows.length}
        paging={list}
      >
        {list.rows.map((p) => (
          <TableRow key={p.id} hover data-testid="payment-row">
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {p.employee_name}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {[p.employee_code, p.kpi_name].filter(Boolean).join(' · ')}
              </Typography>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{periodRange(p.payment_period_start, p.payment_period_end)}</TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="payment-amount">
              {money(p.bonus_amount)}
            </TableCell>
            <TableCell align="right" data-testid="payment-achievement">
              <OrNA value={percent(p.achievement_percentage)} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <OrNA value={p.bonus_type ? translate(`kpi_bonus.bonus_type.${p.bonus_type}`) : null} />
            </TableCell>
            <TableCell>
              <PaymentStatusChip status={p.status} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="payment-paid-date">
              {p.paid_date ? (
                formatDate(p.paid_date)
              ) : (
                <Typography component="span" variant="inherit" color="text.secondary">
                  {translate('kpi_bonus.bonuses.not_paid')}
                </Typography>
              )}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {actions(p)}
            </TableCell>
          </TableRow>
        ))}
      </ListCard>

      {paying && (
        <MarkPaidDialog
          payment={paying}
          onClose={() => setPaying(null)}
          onConfirm={(paidDate) => act(paying, 'mark-paid', () => kpiApi.markPaid(paying.id, paidDate))}
        />
      )}
      {ending && (
        <ReasonDialog
          payment={ending.payment}
          action={ending.action}
          onClose={() => setEnding(null)}
          onConfirm={(reason) =>
            act(ending.payment, ending.action, () =>
              ending.action === 'reject' ? kpiApi.reject(ending.payment.id, reason) : kpiApi.cancel(ending.payment.id, reason),
            )
          }
        />
      )}
    </Box>
  );
};
