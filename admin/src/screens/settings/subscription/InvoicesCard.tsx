import { useState } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  CircularProgress,
  IconButton,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useNotify, useTranslate } from 'react-admin';
import { client, downloadFile } from '../../../providers/apiClient';
import { errorMessage } from '../../../providers/httpClient';
import { StatusChip } from '../../../schema/StatusChip';
import { useFormat, formatMoney } from '../../../schema/format';
import { INVOICES_PAGE, useInvoices, type Invoice } from './billing';
import { usePeriod } from './PreviewView';

/** An invoice's status chip: open, paid, void, or overdue (open and past its due date). */
export const InvoiceStatusChip = ({ invoice }: { invoice: Invoice }) => {
  const translate = useTranslate();
  const value = invoice.status === 'open' && invoice.overdue ? 'overdue' : invoice.status;
  return <StatusChip value={value} label={translate(`subscription.invoices.statuses.${value}`)} />;
};

/** The invoice's PDF, saved under the server's name (INV-2026-000123.pdf). */
export const InvoicePdfButton = ({ invoice }: { invoice: Invoice }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const label = translate('subscription.invoices.download', { number: invoice.invoice_number });
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(
        client.GET('/api/billing/invoices/{id}/pdf', { params: { path: { id: invoice.id } }, parseAs: 'blob' }),
        `${invoice.invoice_number}.pdf`,
      );
    } catch (error) {
      notify(errorMessage(error, translate('subscription.invoices.download_failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <IconButton aria-label={label} title={label} onClick={download} disabled={busy} size="small">
      {busy ? <CircularProgress size={18} /> : <PictureAsPdfIcon fontSize="small" />}
    </IconButton>
  );
};

const COLUMNS = ['number', 'issue_date', 'period', 'total', 'status', 'amount_due', 'pdf'] as const;

/** The company's invoices, newest first: a table on a wide screen, one card per invoice on a phone. */
export const InvoicesCard = () => {
  const translate = useTranslate();
  const format = useFormat();
  const period = usePeriod();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [page, setPage] = useState(0);
  const { data, error, isPending } = useInvoices(page);
  const money = (invoice: Invoice, value: string) => formatMoney(value, invoice.currency);
  // a void invoice is owed by no one
  const due = (invoice: Invoice) => (invoice.status === 'void' ? '—' : money(invoice, invoice.amount_due));

  let body;
  if (error) body = <Alert severity="error">{errorMessage(error, translate('subscription.invoices.load_failed'))}</Alert>;
  else if (isPending)
    body = (
      <Stack spacing={1}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={40} />
        ))}
      </Stack>
    );
  else if (!data.rows.length)
    body = (
      <Box sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }} data-testid="invoices-empty">
        <ReceiptLongIcon sx={{ fontSize: 40, mb: 1 }} />
        <Typography>{translate('subscription.invoices.empty')}</Typography>
      </Box>
    );
  else if (phone)
    body = (
      <Stack spacing={1}>
        {data.rows.map((invoice) => (
          <Box key={invoice.id} data-testid="invoice-row" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600, flex: '1 1 auto' }}>{invoice.invoice_number}</Typography>
              <InvoiceStatusChip invoice={invoice} />
              <InvoicePdfButton invoice={invoice} />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {translate('subscription.invoices.issued', { date: format.date(invoice.issue_date) })} · {period(invoice.period_start, invoice.period_end)}
            </Typography>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5 }}>
              <Typography variant="body2">
                {translate('subscription.invoices.total')}: <strong>{money(invoice, invoice.total)}</strong>
              </Typography>
              <Typography variant="body2">
                {translate('subscription.invoices.amount_due')}: <strong>{due(invoice)}</strong>
              </Typography>
            </Box>
          </Box>
        ))}
      </Stack>
    );
  else
    body = (
      <TableContainer>
        <Table size="small" sx={{ '& th, & td': { px: 1 } }}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c} align={c === 'total' || c === 'amount_due' ? 'right' : undefined}>
                  {translate(`subscription.invoices.${c}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.rows.map((invoice) => (
              <TableRow key={invoice.id} data-testid="invoice-row">
                <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>{invoice.invoice_number}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.date(invoice.issue_date)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{period(invoice.period_start, invoice.period_end)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {money(invoice, invoice.total)}
                </TableCell>
                <TableCell>
                  <InvoiceStatusChip invoice={invoice} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {due(invoice)}
                </TableCell>
                <TableCell>
                  <InvoicePdfButton invoice={invoice} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    );

  return (
    <Card variant="outlined" component="section" aria-labelledby="invoices-title">
      <CardContent>
        <Typography id="invoices-title" variant="h6" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
          {translate('subscription.invoices.title')}
        </Typography>
        {body}
        {!!data && data.total > INVOICES_PAGE && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1, mt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {translate('subscription.invoices.range', {
                from: page * INVOICES_PAGE + 1,
                to: Math.min(data.total, (page + 1) * INVOICES_PAGE),
                total: data.total,
              })}
            </Typography>
            <IconButton aria-label={translate('ra.navigation.previous')} disabled={page === 0} onClick={() => setPage(page - 1)} size="small">
              <ChevronLeftIcon />
            </IconButton>
            <IconButton
              aria-label={translate('ra.navigation.next')}
              disabled={(page + 1) * INVOICES_PAGE >= data.total}
              onClick={() => setPage(page + 1)}
              size="small"
            >
              <ChevronRightIcon />
            </IconButton>
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
