import { useState } from 'react';
import { Button, Typography } from '@mui/material';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import { AutocompleteInput, ReferenceInput, useTranslate, type RaRecord } from 'react-admin';
import { PageHeader } from '../../layout/PageHeader';
import { invoices } from '../../resources/billing';
import { companies } from '../../resources/platform';
import type { ResourceConfig } from '../../schema/config';
import { searchFilter } from '../../schema/representation';
import { SchemaResource } from '../../schema/SchemaResource';
import { InvoiceActionsContext, InvoiceRowActions, PayDialog, VoidDialog } from './InvoiceActions';
import { dateCell, moneyCell, NumberCell, PeriodCell, StatusCell } from './InvoiceCells';
import { InvoiceDialog } from './InvoiceDialog';
import type { Invoice } from './money';
import { RevenueCard } from './RevenueCard';
import { SettingsDialog } from './SettingsDialog';

const config: ResourceConfig = {
  ...invoices,
  cells: {
    invoice_number: NumberCell,
    period_start: PeriodCell,
    issue_date: dateCell('issue_date'),
    due_date: dateCell('due_date'), total: moneyCell('total'), amount_due: moneyCell('amount_due'), status: StatusCell },
  rowActions: InvoiceRowActions,
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
  const companyFilter = (
    <ReferenceInput key="company_id" source="company_id" reference={companies.name}>
      <AutocompleteInput label={translate('billing.invoices.company')} optionText="company_name" filterToQuery={searchFilter(companies.name)} />
    </ReferenceInput>
  );

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
      <SchemaResource
        config={config}
        filters={[companyFilter]}
        onOpen={(record: RaRecord) => {
          setDetail(record as unknown as Invoice);
          setOpen({ kind: 'detail', invoice: record as unknown as Invoice });
        }}
      />
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
