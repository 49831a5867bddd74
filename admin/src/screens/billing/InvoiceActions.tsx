import { createContext, useContext, useState } from 'react';
import { Alert, Box, IconButton, Tooltip } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import PaymentsIcon from '@mui/icons-material/PaymentsOutlined';
import BlockIcon from '@mui/icons-material/Block';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { apiAnswer, client, downloadFile } from '../../providers/apiClient';
import { errorMessage } from '../../providers/httpClient';
import { PAYMENT_BODY, payments, VOID_BODY, voids } from '../../resources/billing';
import type { components } from '../../../../openapi/schema';
import type { ResourceConfig } from '../../schema/config';
import { useFormat, formatMoney } from '../../schema/format';
import { SchemaInput } from '../../schema/inputs';
import { SchemaActionForm } from '../../schema/SchemaActionForm';
import { FormDialog } from '../../schema/SchemaResource';
import { actionSchema } from '../../schema/schema';
import { type Invoice } from './money';

/** What a row asks the screen for: the dialogs live outside the list's rows (a row's record would fill their forms). */
export const InvoiceActionsContext = createContext<{ onPay: (invoice: Invoice) => void; onVoid: (invoice: Invoice) => void }>({
  onPay: () => undefined,
  onVoid: () => undefined,
});

export const canPay = (invoice: Invoice) => invoice.status === 'open';
/** the server voids an open invoice without payments only */
export const canVoid = (invoice: Invoice) => invoice.status === 'open' && Number(invoice.amount_paid) === 0;

export function usePdf() {
  const notify = useNotify();
  const translate = useTranslate();
  return async (invoice: Pick<Invoice, 'id' | 'invoice_number'>) => {
    try {
      await downloadFile(client.GET('/api/billing/invoices/{id}/pdf', { params: { path: { id: invoice.id } }, parseAs: 'blob' }), `${invoice.invoice_number}.pdf`);
    } catch (error) {
      notify(errorMessage(error, translate('billing.invoices.pdf_failed')), { type: 'error' });
    }
  };
}

/** A row's actions: the PDF, Record payment and Void (each while the invoice allows it). */
export const InvoiceRowActions = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const { onPay, onVoid } = useContext(InvoiceActionsContext);
  const pdf = usePdf();
  const invoice = record as unknown as Invoice;
  const number = { number: invoice.invoice_number };
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      <Tooltip title={translate('billing.invoices.pdf')}>
        <IconButton size="small" aria-label={translate('billing.invoices.pdf_of', number)} onClick={() => void pdf(invoice)}>
          <PictureAsPdfIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {canPay(invoice) && (
        <Tooltip title={translate('billing.invoices.pay')}>
          <IconButton size="small" color="primary" aria-label={translate('billing.invoices.pay_of', number)} onClick={() => onPay(invoice)}>
            <PaymentsIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canVoid(invoice) && (
        <Tooltip title={translate('billing.invoices.void')}>
          <IconButton size="small" color="error" aria-label={translate('billing.invoices.void_of', number)} onClick={() => onVoid(invoice)}>
            <BlockIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
};

/** After an action: the list, the revenue, an open invoice's details and the platform dashboard's MRR read again. */
export function useBillingChanged() {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['billing'] });
    void queryClient.invalidateQueries({ queryKey: ['platform-dashboard'] });
    refresh();
  };
}

type PaymentBody = components['schemas']['RecordPaymentDto'];

/** The payment's form: the amount typed as written ("79.00", the server's pattern checks it), the day with a date picker. */
const paymentForm: ResourceConfig = {
  ...payments,
  inputs: {
    amount: (field) => <SchemaInput resource={payments.name} field={{ ...field, kind: 'text' }} />,
    paid_on: (field) => <SchemaInput resource={payments.name} field={{ ...field, kind: 'date' }} />,
  },
};

/** Record payment: the generated form of the payment body, the amount due and today filled in. */
export function PayDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormat();
  const changed = useBillingChanged();
  const [body] = useState(() => actionSchema(PAYMENT_BODY));
  const submit = async (data: Record<string, unknown>) => {
    const { message } = await apiAnswer(
      client.POST('/api/billing/invoices/{id}/payments', {
        params: { path: { id: invoice.id } },
        body: data as PaymentBody,
      }),
    );
    notify(message ?? translate('billing.invoices.pay'), { type: 'success' });
    changed();
    onClose();
  };
  return (
    <FormDialog title={translate('billing.invoices.pay_title', { number: invoice.invoice_number })} onClose={onClose}>
      <Alert severity="info" sx={{ m: 2, mb: 0 }}>
        {translate('billing.invoices.pay_intro', {
          company: invoice.company_name,
          due: formatMoney(invoice.amount_due, invoice.currency),
          total: formatMoney(invoice.total, invoice.currency),
        })}
      </Alert>
      <SchemaActionForm
        config={paymentForm}
        body={body}
        values={{ amount: invoice.amount_due, paid_on: format.dayOf(new Date()), method: 'bank_transfer' }}
        onSubmit={submit}
        onCancel={onClose}
        failed={translate('billing.invoices.pay_failed')}
      />
    </FormDialog>
  );
}

/** Void: a reason (required by the body's rules) and the consequence said before the button. */
export function VoidDialog({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const changed = useBillingChanged();
  const [body] = useState(() => actionSchema(VOID_BODY));
  const submit = async (data: Record<string, unknown>) => {
    const { message } = await apiAnswer(
      client.POST('/api/billing/invoices/{id}/void', { params: { path: { id: invoice.id } }, body: data as { reason: string } }),
    );
    notify(message ?? translate('billing.invoices.void'), { type: 'success' });
    changed();
    onClose();
  };
  return (
    <FormDialog title={translate('billing.invoices.void_title', { number: invoice.invoice_number })} onClose={onClose}>
      <Alert severity="warning" sx={{ m: 2, mb: 0 }}>
        {translate('billing.invoices.void_intro', { company: invoice.company_name, total: formatMoney(invoice.total, invoice.currency) })}
      </Alert>
      <SchemaActionForm config={voids} body={body} onSubmit={submit} onCancel={onClose} failed={translate('billing.invoices.void_failed')} />
    </FormDialog>
  );
}
