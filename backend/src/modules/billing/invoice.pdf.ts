import PDFDocument from 'pdfkit';
import { formatAmount } from '../payroll/payslip.pdf';
import type { BillingSettingsDto, InvoiceDetailDto } from './dto/billing.dto';
import type { Buyer } from './invoices.service';
import { inWords } from './subscription-state';

const STATUS: Record<string, string> = { open: 'Open', paid: 'Paid', void: 'Void' };
const METHOD: Record<string, string> = { bank_transfer: 'Bank transfer', card: 'Card', cash: 'Cash', check: 'Check', other: 'Other' };

/**
 * An invoice as a PDF (pdfkit's bundled Helvetica, no network, no files): the platform as seller,
 * the company as buyer, the lines with their periods, subtotal, tax, total, payments and what is due.
 */
export function renderInvoice(invoice: InvoiceDetailDto, seller: BillingSettingsDto, buyer: Buyer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice ${invoice.invoice_number}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const left = 50;
    const right = doc.page.width - 50;
    const width = right - left;
    const money = (v: string) => `${invoice.currency} ${formatAmount(v)}`;

    doc.font('Helvetica-Bold').fontSize(18).text(seller.seller_name, left, 50, { width: width / 2 });
    doc.font('Helvetica').fontSize(9).fillColor('#555');
    for (const line of [seller.seller_address, seller.seller_email, seller.seller_tax_id ? `Tax ID ${seller.seller_tax_id}` : null]) {
      if (line) doc.text(line, { width: width / 2 });
    }
    doc.fillColor('#000').font('Helvetica-Bold').fontSize(22).text('INVOICE', left + width / 2, 50, { width: width / 2, align: 'right' });
    doc.font('Helvetica').fontSize(10).text(invoice.invoice_number, left + width / 2, doc.y, { width: width / 2, align: 'right' });
    doc.moveDown(2);

    const top = Math.max(doc.y, 130);
    doc.font('Helvetica-Bold').fontSize(10).text('Bill to', left, top);
    doc.font('Helvetica').text(buyer.company_name).text(buyer.company_code);
    for (const line of [buyer.address, buyer.email, buyer.phone]) if (line) doc.text(line, { width: width / 2 - 10 });
    const facts: Array<[string, string]> = [
      ['Issue date', inWords(invoice.issue_date)],
      ['Due date', inWords(invoice.due_date)],
      ['Status', STATUS[invoice.status] ?? invoice.status],
      ['Package', `${invoice.package_name} (${invoice.billing_cycle})`],
      ['Period', `${inWords(invoice.period_start)} to ${inWords(invoice.period_end)}`],
    ];
    let y = top;
    for (const [label, value] of facts) {
      doc.font('Helvetica-Bold').text(label, left + width / 2, y, { width: 80 });
      doc.font('Helvetica').text(value, left + width / 2 + 80, y, { width: width / 2 - 80 });
      y = doc.y;
    }
    doc.y = Math.max(doc.y, y) + 20;

    const header = doc.y;
    doc.font('Helvetica-Bold').text('Description', left, header, { width: width * 0.5 });
    doc.text('Period', left + width * 0.5, header, { width: width * 0.3 });
    doc.text('Amount', left + width * 0.8, header, { width: width * 0.2, align: 'right' });
    doc.moveTo(left, doc.y + 2).lineTo(right, doc.y + 2).strokeColor('#999').stroke();
    doc.moveDown(0.5);
    for (const line of invoice.lines) {
      const rowY = doc.y;
      doc.font('Helvetica').text(line.description, left, rowY, { width: width * 0.5 - 8 });
      const afterDescription = doc.y;
      doc.text(`${line.period_start} to ${line.period_end}`, left + width * 0.5, rowY, { width: width * 0.3 });
      doc.text(formatAmount(line.amount), left + width * 0.8, rowY, { width: width * 0.2, align: 'right' });
      doc.y = Math.max(afterDescription, doc.y) + 4;
    }
    doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor('#999').stroke();
    doc.moveDown(0.5);

    const total = (label: string, value: string, bold = false) => {
      const rowY = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(label, left + width * 0.5, rowY, { width: width * 0.3 });
      doc.text(money(value), left + width * 0.7, rowY, { width: width * 0.3, align: 'right' });
    };
    total('Subtotal', invoice.subtotal);
    total(`Tax (${invoice.tax_rate}%)`, invoice.tax);
    total('Total', invoice.total, true);
    total('Paid', invoice.amount_paid);
    total('Amount due', invoice.amount_due, true);
    doc.moveDown();

    if (invoice.how_to_pay) {
      // how to pay it, while it is open: the platform's instructions and the reference to quote
      const pay = invoice.how_to_pay;
      doc.font('Helvetica-Bold').fontSize(11).text('How to pay', left, doc.y, { width });
      doc.font('Helvetica').fontSize(10);
      if (pay.instructions) doc.text(pay.instructions, left, doc.y, { width });
      else doc.text(`Contact ${seller.seller_email ?? seller.seller_name} for the payment details.`, left, doc.y, { width });
      doc.font('Helvetica-Bold').text(`Payment reference: ${pay.reference}`, left, doc.y + 4, { width });
      doc.font('Helvetica').text('Quote it with your payment so it is matched to this invoice.', left, doc.y, { width });
      if (pay.checkout_url) doc.text(`Pay online: ${pay.checkout_url}`, left, doc.y, { width });
      doc.moveDown();
    }

    if (invoice.payments.length) {
      doc.font('Helvetica-Bold').text('Payments', left);
      for (const p of invoice.payments) {
        doc.font('Helvetica').text(
          `${inWords(p.paid_on)}  ${METHOD[p.method] ?? p.method}${p.reference ? ` (${p.reference})` : ''}  ${money(p.amount)}`,
          left,
        );
      }
      doc.moveDown();
    }
    if (invoice.status === 'void') doc.font('Helvetica-Bold').fillColor('#b00').text(`Void: ${invoice.void_reason ?? ''}`, left).fillColor('#000');
    doc.font('Helvetica').fontSize(8).fillColor('#777').text('Amounts are rounded half-up to the cent per line.', left, doc.y + 10);
    doc.end();
  });
}
