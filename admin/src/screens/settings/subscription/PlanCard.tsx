import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { apiAnswer, client } from '../../../providers/apiClient';
import { errorMessage } from '../../../providers/httpClient';
import { useFormat, formatMoney } from '../../../schema/format';
import { TabCard } from '../tabs/TabCard';
import { periodText } from '../../billing/money';
import { useBillingRefresh, type Subscription } from './billing';
import { InvoicePdfButton } from './InvoicesCard';
import { HowToPay } from './HowToPay';

const ChangePlanDialog = lazy(() => import('./ChangePlanDialog'));

const STATUS_COLOURS: Record<Subscription['billing_status'], 'info' | 'success' | 'warning' | 'error' | 'default'> = {
  trialing: 'info',
  active: 'success',
  past_due: 'warning',
  suspended: 'error',
  cancelled: 'default',
};

export const BillingStatusChip = ({ status }: { status: Subscription['billing_status'] }) => {
  const translate = useTranslate();
  const tone = STATUS_COLOURS[status] ?? 'default';
  return (
    <Chip
      size="small"
      color={tone}
      variant={tone === 'default' ? 'outlined' : 'filled'}
      label={translate(`subscription.billing_status.${status}`, { _: status })}
      data-testid="billing-status"
    />
  );
};

/** the Alert's text takes the whole width, so its buttons sit under it (a phone has no room beside it) */
const ALERT_SX = { '& .MuiAlert-message': { flex: 1, minWidth: 0 } } as const;

type Action = 'cancel' | 'resume' | 'withdraw';

/** Cancel, resume or withdraw a change: the server's sentence as a notification, then the subscription again. */
const useSubscriptionAction = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useBillingRefresh();
  const [busy, setBusy] = useState<Action | null>(null);
  const run = async (action: Action) => {
    setBusy(action);
    try {
      const call =
        action === 'withdraw'
          ? client.DELETE('/api/packages/subscription/scheduled-change')
          : action === 'cancel'
            ? client.POST('/api/packages/subscription/cancel')
            : client.POST('/api/packages/subscription/resume');
      const { message } = await apiAnswer(call);
      if (message) notify(message, { type: 'success' });
      await refresh();
    } catch (error) {
      notify(errorMessage(error, translate('subscription.action_failed')), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
};

const Fact = ({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) => (
  <Box sx={{ minWidth: 0, gridColumn: wide ? 'span 2' : undefined }}>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Box sx={{ fontWeight: 600 }}>{children}</Box>
  </Box>
);

/** The package and cycle, billing status, period and renewal, what is due, and the actions on the subscription. */
export const PlanCard = ({ subscription: s }: { subscription: Subscription }) => {
  const translate = useTranslate();
  const format = useFormat();
  const { busy, run } = useSubscriptionAction();
  const [changing, setChanging] = useState(false);
  const [confirming, setConfirming] = useState<Action | null>(null);
  const price = s.billing_cycle === 'annual' ? s.package.annual_price : s.package.monthly_price;
  const renewal = format.date(s.current_period_end);
  const mayCancel = (s.billing_status === 'active' || s.billing_status === 'past_due') && !s.cancel_at_period_end;
  const spinner = (action: Action) => (busy === action ? <CircularProgress size={16} color="inherit" /> : undefined);

  const change = s.pending_invoice ?? null;
  const scheduled = s.scheduled_change;

  return (
    <>
      <TabCard
        title={translate('subscription.title')}
        subtitle={translate('subscription.subtitle')}
        actions={
          <>
            {s.cancel_at_period_end ? (
              <Button variant="outlined" onClick={() => run('resume')} disabled={!!busy} startIcon={spinner('resume')}>
                {translate('subscription.resume')}
              </Button>
            ) : (
              mayCancel && (
                <Button color="error" onClick={() => setConfirming('cancel')} disabled={!!busy} startIcon={spinner('cancel')}>
                  {translate('subscription.cancel')}
                </Button>
              )
            )}
            <Button variant="contained" onClick={() => setChanging(true)} disabled={!!busy}>
              {translate('subscription.change_plan')}
            </Button>
          </>
        }
      >
        <Box
          data-testid="subscription-plan"
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } }}
        >
          <Fact label={translate('subscription.package')}>
            <Typography sx={{ fontWeight: 600 }} data-testid="subscription-package">
              {s.package.package_name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatMoney(price, s.currency)}
              {translate(`subscription.per.${s.billing_cycle}`)}
            </Typography>
          </Fact>
          <Fact label={translate('subscription.cycle')}>{translate(`subscription.cycles.${s.billing_cycle}`)}</Fact>
          <Fact label={translate('subscription.status')}>
            <BillingStatusChip status={s.billing_status} />
          </Fact>
          {s.billing_status === 'trialing' && s.trial_ends_at ? (
            <Fact label={translate('subscription.trial_ends')}>
              {format.date(format.dayOf(s.trial_ends_at))}
              {s.trial_days_left !== null && (
                <Typography variant="body2" color="text.secondary">
                  {translate('subscription.trial_left', { smart_count: s.trial_days_left })}
                </Typography>
              )}
            </Fact>
          ) : (
            s.current_period_end && (
              <Fact label={translate(s.cancel_at_period_end ? 'subscription.ends_on' : 'subscription.renews_on')}>{renewal}</Fact>
            )
          )}
          {s.current_period_start && s.current_period_end && (
            <Fact label={translate('subscription.current_period')} wide>
              {periodText(s.current_period_start, s.current_period_end)}
            </Fact>
          )}
          {Number(s.amount_due) > 0 && (
            <Fact label={translate('subscription.amount_due')}>
              {formatMoney(s.amount_due, s.currency)}
              {s.overdue_since && (
                <Typography variant="body2" color="error.main">
                  {translate('subscription.overdue_since', { date: format.date(s.overdue_since) })}
                </Typography>
              )}
            </Fact>
          )}
        </Box>

        <Stack spacing={1.5} sx={{ mt: 2 }}>
          {/* the server's billing notice says it when it has one */}
          {s.cancel_at_period_end && s.current_period_end && !s.billing_notice && (
            <Alert severity="warning" data-testid="subscription-cancelling">
              {translate('subscription.cancelling', { date: renewal })}
            </Alert>
          )}
          {change && (
            <Alert severity="info" data-testid="pending-invoice" sx={ALERT_SX}>
              <Typography sx={{ fontWeight: 600 }}>{translate('subscription.pending.title')}</Typography>
              <Typography variant="body2">
                {translate('subscription.pending.text', {
                  package: change.package_name,
                  cycle: translate(`subscription.cycles.${change.billing_cycle}`).toLowerCase(),
                  number: change.invoice_number,
                })}
              </Typography>
              <Typography variant="body2" data-testid="pending-invoice-total">
                {translate('subscription.pending.due', { total: formatMoney(change.total, change.currency), date: format.date(change.due_date) })}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
                <InvoicePdfButton invoice={change} />
                <Button variant="outlined" color="inherit" size="small" onClick={() => setConfirming('withdraw')} disabled={!!busy} startIcon={spinner('withdraw')}>
                  {translate('subscription.withdraw')}
                </Button>
              </Stack>
            </Alert>
          )}
          <HowToPay subscription={s} />
          {scheduled && (
            <Alert severity="info" data-testid="scheduled-change" sx={ALERT_SX}>
              <Typography sx={{ fontWeight: 600 }}>{translate('subscription.scheduled.title')}</Typography>
              <Typography variant="body2">
                {translate('subscription.scheduled.text', {
                  package: scheduled.package_name,
                  cycle: translate(`subscription.cycles.${scheduled.billing_cycle}`).toLowerCase(),
                  date: format.date(scheduled.effective_date),
                })}
              </Typography>
              <Button
                variant="outlined"
                color="inherit"
                size="small"
                onClick={() => setConfirming('withdraw')}
                disabled={!!busy}
                startIcon={spinner('withdraw')}
                sx={{ mt: 1 }}
              >
                {translate('subscription.withdraw')}
              </Button>
            </Alert>
          )}
        </Stack>
      </TabCard>

      <Confirm
        isOpen={confirming === 'cancel'}
        title="subscription.cancel_confirm.title"
        content={translate('subscription.cancel_confirm.content', { package: s.package.package_name, date: renewal })}
        confirm="subscription.cancel_confirm.confirm"
        cancel="subscription.cancel_confirm.keep"
        confirmColor="warning"
        onConfirm={() => {
          setConfirming(null);
          void run('cancel');
        }}
        onClose={() => setConfirming(null)}
      />
      <Confirm
        isOpen={confirming === 'withdraw'}
        title="subscription.withdraw_confirm.title"
        content={
          change
            ? translate('subscription.withdraw_confirm.pending', { number: change.invoice_number })
            : translate('subscription.withdraw_confirm.scheduled', {
                package: s.package.package_name,
                date: format.date(scheduled?.effective_date),
              })
        }
        confirm="subscription.withdraw"
        onConfirm={() => {
          setConfirming(null);
          void run('withdraw');
        }}
        onClose={() => setConfirming(null)}
      />

      {changing && (
        <Suspense fallback={null}>
          <ChangePlanDialog
            currentPackageId={s.package.id}
            currentCycle={s.billing_cycle}
            currency={s.currency}
            onClose={() => setChanging(false)}
          />
        </Suspense>
      )}
    </>
  );
};
