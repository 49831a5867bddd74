import './messages.en';
import { useState } from 'react';
import { Box, Button, Typography } from '@mui/material';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import { BooleanInput, useInput, useTranslate, type RaRecord } from 'react-admin';
import { PageHeader } from '../../layout/PageHeader';
import { invoices } from '../../resources/billing';
import { RecordPicker } from '../../schema/RecordPicker';
import type { ResourceConfig } from '../../schema/config';
import { SchemaResource } from '../../schema/SchemaResource';
import { InvoiceActionsContext, InvoiceRowActions, PayDialog, VoidDialog } from './InvoiceActions';
import { CompanyCell, dateCell, moneyCell, NumberCell, PeriodCell, ReasonCell, StatusCell } from './InvoiceCells';
import { InvoiceDialog } from './InvoiceDialog';
import type { Invoice } from './money';
import { RevenueCard } from './RevenueCard';
import { SettingsDialog } from './SettingsDialog';

const config: ResourceConfig = {
  ...invoices,
  cells: {
    invoice_number: NumberCell,
    company_name: CompanyCell,
    reason: ReasonCell,
    period_start: PeriodCell,
    issue_date: dateCell('issue_date'),
    due_date: dateCell('due_date'), total: moneyCell('total'), amount_due: moneyCell('amount_due'), status: StatusCell },
  rowActions: InvoiceRowActions,
};

/**
 * The company filter: what the operator types is searched on the server (GET /api/auth/companies
 * with q, 25 at a time), so any of the platform's companies is found, however many there are.
 */
const CompanyFilter = ({ source, label }: { source: string; label: string; alwaysOn?: boolean }) => {
  const { field } = useInput({ source });
  const value = field.value === '' || field.value === null || field.value === undefined ? undefined : Number(field.value);
  return (
    <RecordPicker reference="auth/companies" label={label} value={value} onChange={(id) => field.onChange(id ?? '')} minWidth={240} size="small" />
  );
};

type Open = { kind: 'detail' | 'pay' | 'void'; invoice: Invoice } | { kind: 'settings' } | null;

/**
 * The superadmin's /billing: revenue by month with what is outstanding and overdue, every
 * company's invoices (the PDF, Record payment, Void, the details with lines and payments) and the
 * platform's billing settings.
 */
export default function BillingScreen() {
  const translate = useTranslate();
  const [open, setOpen] = useState<Open>(null);
  // a payment or a void opened from the details comes back to them
  const [detail, setDetail] = useState<Invoice | null>(null);
  const close = () => setOpen(detail ? { kind: 'detail', invoice: detail } : null);
  const filters = [
    <CompanyFilter key="company_id" source="company_id" label={translate('billing.invoices.company')} alwaysOn />,
    <BooleanInput key="payment_reported" source="payment_reported" label={translate('billing.invoices.reported_only')} />,
  ];

  return (
    <InvoiceActionsContext.Provider
      value={{ onPay: (invoice) => setOpen({ kind: 'pay', invoice }), onVoid: (invoice) => setOpen({ kind: 'void', invoice }) }}
    >
      <PageHeader
        title={translate('screens.billing')}
        subtitle={translate('billing.subtitle')}
        actions={
          <Button variant="outlined" startIcon={<SettingsIcon />} onClick={() => setOpen({ kind: 'settings' })}>
            {translate('billing.settings')}
          </Button>
        }
      />
      <RevenueCard />
      <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
        {translate('billing.invoices.title')}
      </Typography>
      {/* nine columns and the actions within a laptop's width beside the menu; narrower, the list scrolls inside the screen rather than widening the page */}
      <Box sx={{ contain: 'inline-size', '& .RaDatagrid-headerCell, & .RaDatagrid-rowCell': { px: 0.75 } }}>
        <SchemaResource
          config={config}
          filters={filters}
          onOpen={(record: RaRecord) => {
            setDetail(record as unknown as Invoice);
            setOpen({ kind: 'detail', invoice: record as unknown as Invoice });
          }}
        />
      </Box>
      {open?.kind === 'detail' && (
        <InvoiceDialog
          row={open.invoice}
          onClose={() => {
            setDetail(null);
            setOpen(null);
          }}
          onPay={(invoice) => setOpen({ kind: 'pay', invoice })}
          onVoid={(invoice) => setOpen({ kind: 'void', invoice })}
        />
      )}
      {open?.kind === 'pay' && <PayDialog invoice={open.invoice} onClose={close} />}
      {open?.kind === 'void' && <VoidDialog invoice={open.invoice} onClose={close} />}
      {open?.kind === 'settings' && <SettingsDialog onClose={() => setOpen(null)} />}
    </InvoiceActionsContext.Provider>
  );
}
