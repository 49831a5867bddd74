import { Injectable } from '@nestjs/common';

/**
 * Who takes a company's money. A provider records its payments through
 * InvoicesService.recordPayment with its own `code` (stored on the payment), so a paid invoice
 * settles the subscription the same way whoever took the money. The one that ships is manual: the
 * superadmin records what arrived by bank transfer, card terminal, cash or check. A card provider
 * would add a checkout link and a webhook controller that verifies the provider's signature with
 * its official SDK before recording; it is registered only when its keys are configured.
 */
export interface PaymentProvider {
  /** Stored on each payment it takes (payments.provider). */
  readonly code: string;
  readonly name: string;
  /** Where the company can pay the invoice itself, or null when payments are only recorded. */
  checkoutUrl(invoiceId: number): Promise<string | null>;
}

export const PAYMENT_PROVIDERS = Symbol('PAYMENT_PROVIDERS');

@Injectable()
export class ManualPaymentProvider implements PaymentProvider {
  readonly code = 'manual';
  readonly name = 'Recorded by the platform';

  checkoutUrl(): Promise<string | null> {
    return Promise.resolve(null);
  }
}
