import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { apiAnswer, client } from '../../../providers/apiClient';
import { errorMessage } from '../../../providers/httpClient';
import { useFormat, formatMoney } from '../../../schema/format';
import { useBillingRefresh, type Subscription } from './billing';
import { InvoicePdfButton } from './InvoicesCard';

type OpenInvoice = Subscription['open_invoices'][number];

/** "I have paid": an optional note, then the platform is told; the server's sentence as a notification. */
function ReportDialog({ invoice, onClose }: { invoice: OpenInvoice; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useBillingRefresh();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { message } = await apiAnswer(
        client.POST('/api/billing/invoices/{id}/report-payment', { params: { path: { id: invoice.id } }, body: { note: note.trim() || null } }),
      );
      if (message) notify(message, { type: 'success' });
      await refresh();
      onClose();
    } catch (error) {
      setFailure(errorMessage(error, translate('subscription.pay.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="report-title">
      <DialogTitle id="report-title">{translate('subscription.pay.report_title', { number: invoice.invoice_number })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('subscription.pay.report_intro', { amount: formatMoney(invoice.amount_due, invoice.currency) })}
        </Typography>
        <TextField
          label={translate('subscription.pay.note')}
          helperText={translate('subscription.pay.note_help')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void send()} disabled={busy} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {translate('subscription.pay.report')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * How to pay each open invoice: the platform's payment instructions, the invoice number to quote,
 * a provider's checkout link when there is one, and "I have paid" (or that the platform was told).
 */
export function HowToPay({ subscription }: { subscription: Subscription }) {
  const translate = useTranslate();
  const format = useFormat();
  const [reporting, setReporting] = useState<OpenInvoice | null>(null);
  const open = subscription.open_invoices ?? [];
  if (!open.length) return null;
  return (
    <>
      {open.map((invoice) => {
        const pay = invoice.how_to_pay;
        return (
          <Alert
            key={invoice.id}
            severity={invoice.overdue ? 'warning' : 'info'}
            icon={false}
            data-testid="how-to-pay"
            sx={{ '& .MuiAlert-message': { flex: 1, minWidth: 0 } }}
          >
            <Typography sx={{ fontWeight: 600 }}>
              {translate('subscription.pay.title', {
                number: invoice.invoice_number,
                amount: formatMoney(invoice.amount_due, invoice.currency),
                date: format.date(invoice.due_date),
              })}
            </Typography>
            {pay?.instructions ? (
              <Box component="pre" sx={{ fontFamily: 'inherit', whiteSpace: 'pre-wrap', m: 0, mt: 0.5 }} data-testid="payment-instructions">
                {pay.instructions}
              </Box>
            ) : (
              <Typography variant="body2">{translate('subscription.pay.no_instructions')}</Typography>
            )}
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {translate('subscription.pay.reference', { reference: pay?.reference ?? invoice.invoice_number })}
            </Typography>
            {invoice.payment_reported_at ? (
              <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }} data-testid="payment-reported">
                {translate('subscription.pay.reported', { date: format.dateTime(invoice.payment_reported_at) })}
              </Typography>
            ) : null}
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
              {pay?.checkout_url && (
                <Button variant="contained" size="small" href={pay.checkout_url} target="_blank" rel="noopener">
                  {translate('subscription.pay.online')}
                </Button>
              )}
              {!invoice.payment_reported_at && (
                <Button variant="contained" size="small" onClick={() => setReporting(invoice)}>
                  {translate('subscription.pay.report')}
                </Button>
              )}
              <InvoicePdfButton invoice={invoice} />
            </Stack>
          </Alert>
        );
      })}
      {reporting && <ReportDialog invoice={reporting} onClose={() => setReporting(null)} />}
    </>
  );
}
