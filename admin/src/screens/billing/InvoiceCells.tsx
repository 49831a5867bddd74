import { Box, Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { invoices } from '../../resources/billing';
import { useFormat, formatMoney } from '../../schema/format';
import { useLabels } from '../../schema/schema';
import { StatusChip } from '../../schema/StatusChip';
import { periodText, type Invoice } from './money';

const text = (content: string) => (
  <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
    {content}
  </Typography>
);

/** open info, paid success, void default, and an open invoice past its due date: overdue, danger. */
export const InvoiceStatus = ({ invoice }: { invoice: Pick<Invoice, 'status' | 'overdue'> }) => {
  const labels = useLabels(invoices.name);
  const value = invoice.overdue && invoice.status === 'open' ? 'overdue' : invoice.status;
  return <StatusChip value={value} label={labels.choice('status', value)} />;
};

/** The company said it has paid (and the platform has not recorded it yet): the operator confirms it with Record payment. */
export const PaymentReportedChip = ({ invoice }: { invoice: Pick<Invoice, 'status' | 'payment_reported_at'> }) => {
  const translate = useTranslate();
  if (invoice.status !== 'open' || !invoice.payment_reported_at) return null;
  return <Chip size="small" color="info" variant="outlined" label={translate('billing.invoices.reported')} data-testid="payment-reported" />;
};

export const StatusCell = ({ record }: { record: RaRecord }) => (
  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
    <InvoiceStatus invoice={record as unknown as Invoice} />
    <PaymentReportedChip invoice={record as unknown as Invoice} />
  </Box>
);

export const PeriodCell = ({ record }: { record: RaRecord }) => text(periodText(record.period_start as string, record.period_end as string));

/** A calendar date in words, on one line: Dec 10, 2026. */
export const dateCell =
  (source: 'issue_date' | 'due_date') =>
  ({ record }: { record: RaRecord }) => {
    const format = useFormat();
    return text(format.date(record[source] as string));
  };

export const NumberCell = ({ record }: { record: RaRecord }) => text(String(record.invoice_number));

export const moneyCell =
  (source: 'total' | 'amount_due') =>
  ({ record }: { record: RaRecord }) =>
    text(formatMoney(record[source] as string, (record as unknown as Invoice).currency));

/** Why the invoice was issued, in words (a plain text: it is no status). */
export const ReasonCell = ({ record }: { record: RaRecord }) => {
  const labels = useLabels(invoices.name);
  return text(labels.choice('reason', record.reason as string));
};

/**
 * The company; on a phone's card (the company is its second line) with what the invoice comes to:
 * its amount due while open, else its total.
 */
export const CompanyCell = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const invoice = record as unknown as Invoice;
  if (!phone) return text(invoice.company_name);
  const open = invoice.status === 'open';
  return (
    <Typography component="span" variant="body2">
      {translate(open ? 'billing.invoices.card_due' : 'billing.invoices.card_total', {
        company: invoice.company_name,
        amount: formatMoney(open ? invoice.amount_due : invoice.total, invoice.currency),
      })}
    </Typography>
  );
};
