import type { ResourceConfig } from '../schema/config';

/** The platform's invoices (superadmin): newest first, the period in one column, the status with "overdue". */
export const invoices: ResourceConfig = {
  name: 'billing/invoices',
  list: {
    include: ['invoice_number', 'company_name', 'reason', 'period_start', 'issue_date', 'due_date', 'total', 'amount_due', 'status'],
    primary: 'invoice_number',
    secondary: 'company_name',
    status: 'status',
  },
};

/** The bodies of the invoice's actions and of the billing settings: forms generated from them, labelled here. */
export const PAYMENT_BODY = 'POST billing/invoices/{id}/payments';
export const VOID_BODY = 'POST billing/invoices/{id}/void';
export const SETTINGS_BODY = 'PUT billing/settings';

export const payments: ResourceConfig = {
  name: 'billing/payments',
  form: { order: ['amount', 'paid_on', 'method', 'reference'] },
};

export const voids: ResourceConfig = { name: 'billing/void', form: { wide: ['reason'] } };

export const billingSettings: ResourceConfig = {
  name: 'billing/settings',
  form: {
    order: [
      'currency',
      'due_days',
      'grace_days',
      'reminder_days',
      'seller_name',
      'seller_email',
      'seller_tax_id',
      'seller_address',
      'payment_instructions',
    ],
    wide: ['seller_address', 'payment_instructions'],
  },
};

// labels the field's own words give (reason, total, status…) and enum values in words (new_subscription,
// bank_transfer) are left to the schema layer: the admin's initial bundle carries these texts
export const billingResourceMessages = {
  'billing/invoices': {
    empty: 'No invoices yet. They are issued when a company chooses a paid plan and at each renewal.',
    columns: {
      invoice_number: 'Number',
      company_name: 'Company',
      period_start: 'Period',
      issue_date: 'Issued',
      due_date: 'Due',
      amount_due: 'Amount due',
    },
    fields: {
      company_name: 'Company',
      company_id: 'Company',
      package_name: 'Package',
      amount_paid: 'Paid',
      amount_due: 'Amount due',
      overdue: 'Overdue',
      issue_date: 'Issued',
      due_date: 'Due',
      paid_at: 'Paid on',
      voided_at: 'Voided on',
      void_reason: 'Void reason',
      payment_reported: 'Payment reported',
      payment_reported_at: 'Payment reported on',
    },
  },
  'billing/payments': {
    save: 'Record payment',
    fields: { paid_on: 'Received on' },
    help: { amount: 'At most what is still due', reference: "The bank's or the payer's reference" },
  },
  'billing/void': {
    save: 'Void invoice',
    help: { reason: 'Kept with the invoice' },
  },
  'billing/settings': {
    save: 'Save settings',
    fields: {
      due_days: 'Days until due',
      grace_days: 'Grace period (days)',
      reminder_days: 'Reminder (days before due)',
      seller_email: 'Seller e-mail',
      payment_instructions: 'Payment instructions',
    },
    help: {
      currency: 'Three-letter code of new invoices, such as USD',
      due_days: 'From the issue date',
      grace_days: 'After the due date, before a past-due subscription is suspended',
      reminder_days: 'Before the due date',
      payment_instructions:
        'How companies pay: bank name, account holder, IBAN/account number, BIC. Shown on every open invoice, its PDF and e-mail, with the invoice number as the reference to quote',
    },
  },
};
