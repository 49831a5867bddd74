import { Alert, Box, Stack, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormat, formatMoney } from '../../../schema/format';
import { periodText } from '../../billing/money';
import { type InvoiceLine, type Preview } from './billing';

/** "Nov 26 – Dec 25, 2026": a line's or an invoice's period, its last day included (the API's end is the day after), as Billing writes it. */
export const usePeriod = () => (start: string | null | undefined, end: string | null | undefined) =>
  start && end ? periodText(start, end) : '';

/** Invoice lines (credits negative), subtotal, tax and total. */
export const InvoiceLines = ({
  lines,
  subtotal,
  taxRate,
  tax,
  total,
  currency,
}: {
  lines: InvoiceLine[];
  subtotal: string;
  taxRate: string;
  tax: string;
  total: string;
  currency: string;
}) => {
  const translate = useTranslate();
  const period = usePeriod();
  const money = (value: string) => formatMoney(value, currency);
  const sum = (label: string, value: string, strong = false) => (
    <TableRow>
      <TableCell sx={{ fontWeight: strong ? 700 : undefined, color: 'text.primary', fontSize: 'inherit' }}>{label}</TableCell>
      <TableCell align="right" sx={{ fontWeight: strong ? 700 : undefined, color: 'text.primary', fontSize: 'inherit', whiteSpace: 'nowrap' }}>
        {value}
      </TableCell>
    </TableRow>
  );
  return (
    <Table size="small" aria-label={translate('subscription.dialog.total')}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('subscription.dialog.description')}</TableCell>
          <TableCell align="right">{translate('subscription.dialog.amount')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((line, i) => (
          <TableRow key={`${line.kind}-${i}`} data-testid="invoice-line">
            <TableCell>
              <Typography variant="body2">{line.description}</Typography>
              <Typography variant="caption" color="text.secondary">
                {period(line.period_start, line.period_end)}
              </Typography>
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap', color: Number(line.amount) < 0 ? 'success.main' : undefined }}>
              {money(line.amount)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        {sum(translate('subscription.dialog.subtotal'), money(subtotal))}
        {sum(translate('subscription.dialog.tax', { rate: Number(taxRate).toString() }), money(tax))}
        {sum(translate('subscription.dialog.total'), money(total), true)}
      </TableFooter>
    </Table>
  );
};

/** What choosing the package would do, as the server previews it. */
export const PreviewView = ({ preview }: { preview: Preview }) => {
  const translate = useTranslate();
  const format = useFormat();
  const effective = format.date(preview.effective_date);
  return (
    <Stack spacing={1.5}>
      <Alert severity="info" data-testid="plan-preview-message">
        {preview.message}
      </Alert>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Typography color="text.secondary">{translate('subscription.dialog.takes_effect')}:</Typography>
        <Typography sx={{ fontWeight: 600 }} data-testid="plan-preview-effective">
          {preview.change === 'new_subscription' ? translate('subscription.dialog.once_paid') : effective}
        </Typography>
      </Box>
      {preview.lines.length > 0 ? (
        <InvoiceLines
          lines={preview.lines}
          subtotal={preview.subtotal}
          taxRate={preview.tax_rate}
          tax={preview.tax}
          total={preview.total}
          currency={preview.currency}
        />
      ) : (
        <Typography color="text.secondary">{translate('subscription.dialog.no_invoice')}</Typography>
      )}
    </Stack>
  );
};

