import { Typography } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { invoices } from '../../resources/billing';
import { useFormat } from '../../schema/format';
import { useLabels } from '../../schema/schema';
import { StatusChip } from '../../schema/StatusChip';
import { lastDay, money, type Invoice } from './money';

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

export const StatusCell = ({ record }: { record: RaRecord }) => <InvoiceStatus invoice={record as unknown as Invoice} />;

export const PeriodCell = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const format = useFormat();
  const invoice = record as unknown as Invoice;
  return text(translate('billing.invoices.period', { start: format.date(invoice.period_start), end: format.date(lastDay(invoice.period_end)) }));
};

export const moneyCell =
  (source: 'total' | 'amount_due') =>
  ({ record }: { record: RaRecord }) =>
    text(money(record[source] as string, (record as unknown as Invoice).currency));
