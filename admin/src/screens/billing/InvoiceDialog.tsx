import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { LoadError } from '../../layout/LoadError';
import { apiData, client } from '../../providers/apiClient';
import { errorMessage } from '../../providers/httpClient';
import { invoices, payments } from '../../resources/billing';
import { useFormat, formatMoney } from '../../schema/format';
import { useLabels } from '../../schema/schema';
import { canPay, canVoid, usePdf } from './InvoiceActions';
import { InvoiceStatus, PaymentReportedChip } from './InvoiceCells';
import { periodText, type Invoice } from './money';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" sx={{ mt: 3 }}>
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
      {title}
    </Typography>
    <Box sx={{ overflowX: 'auto' }}>{children}</Box>
  </Box>
);

const Total = ({ label, value, strong }: { label: string; value: string; strong?: boolean }) => (
  <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
    <Typography variant="body2" color={strong ? undefined : 'text.secondary'} sx={{ fontWeight: strong ? 700 : undefined }}>
      {label}
    </Typography>
    <Typography variant="body2" sx={{ minWidth: 96, textAlign: 'right', fontWeight: strong ? 700 : undefined }}>
      {value}
    </Typography>
  </Stack>
);

/** One invoice: who, what period, its lines, totals and payments; the PDF, Record payment and Void from here too. */
export function InvoiceDialog({
  row,
  onClose,
  onPay,
  onVoid,
}: {
  row: Invoice;
  onClose: () => void;
  onPay: (invoice: Invoice) => void;
  onVoid: (invoice: Invoice) => void;
}) {
  const translate = useTranslate();
  const format = useFormat();
  const labels = useLabels(invoices.name);
  const methods = useLabels(payments.name);
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const pdf = usePdf();
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['billing', 'invoice', row.id],
    queryFn: () => apiData(client.GET('/api/billing/invoices/{id}', { params: { path: { id: row.id } } })),
  });
  const t = (key: string, options?: Record<string, unknown>) => translate(`billing.detail.${key}`, options);
  const invoice = data ?? row;
  const cur = invoice.currency;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="invoice-title">
      <DialogTitle id="invoice-title" sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {invoice.invoice_number}
        <InvoiceStatus invoice={invoice} />
        <PaymentReportedChip invoice={invoice} />
      </DialogTitle>
      <DialogContent dividers>
        <Typography variant="h6" component="p">
          {invoice.company_name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {labels.choice('reason', invoice.reason)} · {invoice.package_name} ({labels.choice('billing_cycle', invoice.billing_cycle)}) ·{' '}
          {periodText(invoice.period_start, invoice.period_end)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('issued', { date: format.date(invoice.issue_date), due: format.date(invoice.due_date) })}
        </Typography>
        {invoice.paid_at && <Typography variant="body2">{t('paid_at', { date: format.dateTime(invoice.paid_at) })}</Typography>}
        {invoice.voided_at && (
          <Typography variant="body2" color="text.secondary">
            {t('voided', { date: format.dateTime(invoice.voided_at), reason: invoice.void_reason ?? '' })}
          </Typography>
        )}

        {error ? (
          <LoadError onRetry={refetch} sx={{ mt: 2 }}>
            {errorMessage(error, t('load_failed'))}
          </LoadError>
        ) : isPending || !data ? (
          <Skeleton variant="rounded" height={160} sx={{ mt: 3 }} />
        ) : (
          <>
            {data.status === 'open' && data.payment_reported_at && (
              <Alert severity="info" sx={{ mt: 2 }} data-testid="payment-reported-detail">
                {t('reported', { name: data.payment_reported_by_name ?? data.company_name, date: format.dateTime(data.payment_reported_at) })}
                {data.payment_report_note && <Box sx={{ mt: 0.5 }}>{t('reported_note', { note: data.payment_report_note })}</Box>}
              </Alert>
            )}
            {data.how_to_pay && (
              <Section title={t('how_to_pay')}>
                {data.how_to_pay.instructions ? (
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
                    {data.how_to_pay.instructions}
                  </Typography>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {t('no_instructions')}
                  </Typography>
                )}
                <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }}>
                  {t('payment_reference', { reference: data.how_to_pay.reference })}
                </Typography>
              </Section>
            )}
            <Section title={t('lines')}>
              <Table size="small" aria-label={t('lines')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('description')}</TableCell>
                    <TableCell>{t('period')}</TableCell>
                    <TableCell align="right">{t('amount')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.lines.map((line) => (
                    <TableRow key={line.line_no}>
                      <TableCell>{line.description}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{periodText(line.period_start, line.period_end)}</TableCell>
                      <TableCell align="right">{formatMoney(line.amount, cur)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <Stack spacing={0.5} sx={{ mt: 1.5 }}>
                <Total label={t('subtotal')} value={formatMoney(data.subtotal, cur)} />
                <Total label={t('tax', { rate: Number(data.tax_rate) })} value={formatMoney(data.tax, cur)} />
                <Total label={t('total')} value={formatMoney(data.total, cur)} strong />
                <Total label={t('paid')} value={formatMoney(data.amount_paid, cur)} />
                <Total label={t('due')} value={formatMoney(data.amount_due, cur)} strong />
              </Stack>
            </Section>
            <Section title={t('payments')}>
              {data.payments.length ? (
                <Table size="small" aria-label={t('payments')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('paid_on')}</TableCell>
                      <TableCell>{t('method')}</TableCell>
                      <TableCell>{t('reference')}</TableCell>
                      <TableCell>{t('recorded_by')}</TableCell>
                      <TableCell align="right">{t('amount')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.payments.map((payment) => (
                      <TableRow key={payment.id}>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.date(payment.paid_on)}</TableCell>
                        <TableCell>{methods.choice('method', payment.method)}</TableCell>
                        <TableCell>{payment.reference ?? '—'}</TableCell>
                        <TableCell>{payment.recorded_by_name ?? '—'}</TableCell>
                        <TableCell align="right">{formatMoney(payment.amount, cur)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('no_payments')}
                </Typography>
              )}
            </Section>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<PictureAsPdfIcon />} onClick={() => void pdf(invoice)}>
          {translate('billing.invoices.pdf')}
        </Button>
        {canVoid(invoice) && (
          <Button color="error" onClick={() => onVoid(invoice)}>
            {translate('billing.invoices.void')}
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onClose}>{t('close')}</Button>
        {canPay(invoice) && (
          <Button variant="contained" onClick={() => onPay(invoice)}>
            {translate('billing.invoices.pay')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
