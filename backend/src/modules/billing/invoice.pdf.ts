import type { BillingSettingsDto, InvoiceDetailDto } from './dto/billing.dto';
import type { Buyer } from './invoices.service';

export function renderInvoice(_invoice: InvoiceDetailDto, _seller: BillingSettingsDto, _buyer: Buyer): Promise<Buffer> {
  throw new Error('todo');
}
