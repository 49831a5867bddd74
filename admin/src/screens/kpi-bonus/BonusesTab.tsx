import { useEffect, useState, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Grid, InputAdornment, MenuItem, Skeleton, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import PaidIcon from '@mui/icons-material/Paid';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { useGetList, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../openapi/schema';
import { apiAnswer, apiData, client } from '../../providers/apiClient';
import { errorMessage, fieldErrors } from '../../providers/httpClient';
import { formatPercent, useFormat } from '../../schema/format';
import { StatusChip } from '../../schema/StatusChip';
import { CalculateBonusesButton } from './CalculateButtons';
import { ListCard } from './ListCard';
import { MarkPaidDialog } from './MarkPaidDialog';
import type { Period } from './period';
import { PeriodInputs } from './PeriodInputs';
import { OrNA } from './OrNA';
import { ReasonDialog } from './ReasonDialog';

type Payment = components['schemas']['BonusPaymentResponseDto'];
type PaymentAction = 'approve' | 'mark-paid' | 'reject' | 'cancel';

/** hr.md 4: every status the Bonuses tab can show (the server writes all but pending). */
const PAYMENT_STATUSES = ['pending', 'calculated', 'approved', 'paid', 'rejected', 'cancelled'] as const;

/**
 * What may happen to a payment next (the server's transitions): calculated → approved → paid;
 * calculated or approved → rejected or cancelled. Paid, rejected and cancelled ones are final.
 */
const PAYMENT_ACTIONS: Record<string, readonly PaymentAction[]> = {
  pending: ['approve', 'reject', 'cancel'],
  calculated: ['approve', 'reject', 'cancel'],
  approved: ['mark-paid', 'reject', 'cancel'],
};

/** hr.md 4: a page of payments for the filters and the totals (all, paid, pending) of the same filters. */
const useBonusPayments = (filter: Record<string, string>) => {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const key = JSON.stringify(filter);
  const [shownKey, setShownKey] = useState(key);
  // new filters start again from the first page
  if (shownKey !== key) {
    setShownKey(key);
    setPage(0);
  }
  const list = useGetList<Payment & RaRecord>('kpi/bonus-payments', { pagination: { page: page + 1, perPage }, filter });
  const totals = useQuery({
    queryKey: ['kpi/bonus-payments', 'totals', filter],
    queryFn: () => apiData(client.GET('/api/kpi/bonus-payments/totals', { params: { query: { filter: key } } })),
  });
  return {
    rows: list.data ?? [],
    total: list.total ?? 0,
    loaded: !!list.data,
    loading: list.isFetching,
    failed: list.error ? errorMessage(list.error, translate('kpi_bonus.load_failed')) : null,
    reload: () => {
      void list.refetch();
      void totals.refetch();
    },
    totals: totals.data ?? null,
    page,
    setPage,
    perPage,
    setPerPage: (size: number) => {
      setPerPage(size);
      setPage(0);
    },
  };
};

const TotalCard = ({ label, amount, count, icon, testId }: { label: string; amount: string | null; count: number | null; icon: ReactNode; testId: string }) => {
  const translate = useTranslate();
  const format = useFormat();
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
                {format.money(amount)}
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
export const BonusesTab = ({ period, onPeriod }: { period: Period; onPeriod: (period: Period) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const format = useFormat();
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const filter = Object.fromEntries(
    Object.entries({ q, status, period_start: period.start, period_end: period.end }).filter(([, value]) => value !== ''),
  );
  const list = useBonusPayments(filter);

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
      refresh();
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
    const allowed = PAYMENT_ACTIONS[p.status] ?? [];
    const disabled = busy === p.id;
    return (
      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
        {allowed.includes('approve') && (
          <Button size="small" color="primary" variant="outlined" disabled={disabled} onClick={() => void act(p, 'approve', () => apiAnswer(client.PUT('/api/kpi/bonus-payments/{id}/approve', { params: { path: { id: p.id } }, body: {} })))}>
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
          <CalculateBonusesButton period={period} />
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
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.date(p.payment_period_start)} – {format.date(p.payment_period_end)}</TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="payment-amount">
              {format.money(p.bonus_amount)}
            </TableCell>
            <TableCell align="right" data-testid="payment-achievement">
              <OrNA value={p.achievement_percentage === null ? null : formatPercent(p.achievement_percentage)} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <OrNA value={p.bonus_type ? translate(`kpi_bonus.bonus_type.${p.bonus_type}`) : null} />
            </TableCell>
            <TableCell>
              <Box component="span" data-testid="payment-status" data-status={p.status}>
                <StatusChip value={p.status} label={translate(`kpi_bonus.status.${p.status}`, { _: p.status })} />
              </Box>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="payment-paid-date">
              {p.paid_date ? (
                format.date(p.paid_date)
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
          onConfirm={(paidDate) => act(paying, 'mark-paid', () => apiAnswer(client.PUT('/api/kpi/bonus-payments/{id}/mark-paid', { params: { path: { id: paying.id } }, body: { paid_date: paidDate } })))}
        />
      )}
      {ending && (
        <ReasonDialog
          payment={ending.payment}
          action={ending.action}
          onClose={() => setEnding(null)}
          onConfirm={(reason) =>
            act(ending.payment, ending.action, () =>
              apiAnswer(
                ending.action === 'reject'
                  ? client.PUT('/api/kpi/bonus-payments/{id}/reject', { params: { path: { id: ending.payment.id } }, body: { reason } })
                  : client.PUT('/api/kpi/bonus-payments/{id}/cancel', { params: { path: { id: ending.payment.id } }, body: { reason } }),
              ),
            )
          }
        />
      )}
    </Box>
  );
};
