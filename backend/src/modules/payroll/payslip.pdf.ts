import PDFDocument from 'pdfkit';
import type { PayrollLineResponseDto, PayrollRecordDetailDto } from './dto/payroll.dto';

const STATUS_LABELS: Record<string, string> = { pending: 'Pending', processing: 'Processing', paid: 'Paid' };
const FREQUENCY_WORDS: Record<string, string> = { monthly: 'monthly', semi_monthly: 'twice a month', biweekly: 'every two weeks', weekly: 'weekly' };

/** "1234567.5" → "1,234,567.50" without going through a float. */
export function formatAmount(value: string): string {
  const negative = value.startsWith('-');
  const [whole, fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

const DAY_CATEGORIES = new Set(['basic', 'unpaid_leave', 'absence']);
const lineDetail = (l: PayrollLineResponseDto) =>
  l.quantity !== null && DAY_CATEGORIES.has(l.category) ? `${Number(l.quantity)} day(s)` : '';

/**
 * The payslip of one payroll record as a PDF (pdfkit's bundled Helvetica, no network, no files):
 * company, employee, period, the earnings and deductions lines, totals and net pay.
 */
export function renderPayslip(record: PayrollRecordDetailDto, companyName: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Payslip ${record.pay_period_start}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const currency = record.salary_currency;
    const left = 50;
    const right = doc.page.width - 50;
    const width = right - left;

    doc.font('Helvetica-Bold').fontSize(18).text(companyName || 'Payslip', left, 50);
    doc.font('Helvetica').fontSize(11).fillColor('#555').text('Payslip', left, doc.y + 2);
    doc.fillColor('#000').moveDown();

    const info: Array<[string, string]> = [
      ['Employee', `${record.employee_name} (${record.employee_code})`],
      ['Department', record.department_name ?? '-'],
      ['Position', record.position_title ?? '-'],
      ['Pay period', `${record.pay_period_start} to ${record.pay_period_end}`],
      // the yearly amount the basic is a share of, so a monthly amount typed as the annual one shows
      ...(record.annual_salary !== null
        ? [['Annual salary', `${currency} ${formatAmount(record.annual_salary)}, paid ${FREQUENCY_WORDS[record.payment_frequency] ?? record.payment_frequency}`] as [string, string]]
        : []),
      ['Days employed', `${record.employed_days} of ${record.working_days} working days; absences and unpaid leave are deducted below`],
      ['Payment status', STATUS_LABELS[record.payment_status] ?? record.payment_status],
      ['Payment date', record.payment_date ?? '-'],
    ];
    doc.fontSize(10);
    for (const [label, value] of info) {
      const y = doc.y;
      doc.font('Helvetica-Bold').text(label, left, y, { width: 120 });
      doc.font('Helvetica').text(value, left + 130, y, { width: width - 130 });
    }
    doc.moveDown();

    const section = (title: string, lines: PayrollLineResponseDto[], total: string) => {
      doc.font('Helvetica-Bold').fontSize(12).text(title, left, doc.y);
      doc.moveTo(left, doc.y + 2).lineTo(right, doc.y + 2).strokeColor('#999').stroke();
      doc.moveDown(0.5).fontSize(10);
      for (const l of lines) {
        const y = doc.y;
        doc.font('Helvetica').text(l.name, left, y, { width: width * 0.5 });
        doc.text(lineDetail(l), left + width * 0.5, y, { width: width * 0.2 });
        doc.text(formatAmount(l.amount), left + width * 0.7, y, { width: width * 0.3, align: 'right' });
      }
      if (!lines.length) doc.font('Helvetica').fillColor('#777').text('None', left).fillColor('#000');
      const y = doc.y + 4;
      doc.font('Helvetica-Bold').text(`Total ${title.toLowerCase()}`, left, y, { width: width * 0.7 });
      doc.text(formatAmount(total), left + width * 0.7, y, { width: width * 0.3, align: 'right' });
      doc.moveDown();
    };

    section(
      'Earnings',
      record.lines.filter((l) => l.line_type === 'earning'),
      record.gross_salary,
    );
    section(
      'Deductions',
      record.lines.filter((l) => l.line_type === 'deduction'),
      record.total_deductions,
    );

    const y = doc.y + 6;
    doc.rect(left, y - 6, width, 28).fillColor('#eef3fb').fill().fillColor('#000');
    doc.font('Helvetica-Bold').fontSize(13).text('Net pay', left + 8, y, { width: width * 0.6 });
    doc.text(`${currency} ${formatAmount(record.net_salary)}`, left + width * 0.4, y, { width: width * 0.6 - 8, align: 'right' });
    doc.moveDown(2);
    doc.font('Helvetica').fontSize(8).fillColor('#777')
      .text(`Taxable income ${currency} ${formatAmount(record.taxable_income)}. Amounts are rounded half-up to the cent per line.`, left);
    doc.end();
  });
}
