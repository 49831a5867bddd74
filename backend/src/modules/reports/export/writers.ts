import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import type { ReportColumn } from '../report-definition';
import type { Cell, ReportRow } from '../report-totals';
import type { ExportFormat } from '../dto/report.dto';
import { CsvStream, type CsvColumnKind } from '../../../common/csv/csv-writer';

export interface ReportHeading {
  title: string;
  subtitle: string;
  /** when the file was made, in words in the company's time zone */
  generated: string;
  currency: string | null;
}

/** Writes a report to a file row by row: nothing holds the whole table. */
export interface ReportWriter {
  row(row: ReportRow): Promise<void>;
  finish(totals: ReportRow | null): Promise<void>;
}

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

export function writerFor(format: ExportFormat, file: string, columns: ReportColumn[], heading: ReportHeading): ReportWriter {
  if (format === 'csv') return new CsvWriter(file, columns);
  if (format === 'xlsx') return new XlsxWriter(file, columns, heading);
  return new PdfWriter(file, columns, heading);
}

/** Waits for a stream's buffer to drain when it asks to (backpressure). */
async function written(stream: NodeJS.WritableStream, ok: boolean): Promise<void> {
  if (!ok) await once(stream, 'drain');
}

/** Figures are written as figures, every other cell as guarded text (common/csv/csv-writer.ts). */
const csvKind = (c: ReportColumn): CsvColumnKind => (c.type === 'text' || c.type === 'date' ? 'text' : 'number');

/** A header row of the labels, the rows as the API sends them, then the totals row. */
class CsvWriter implements ReportWriter {
  private readonly csv: CsvStream;
  private readonly out: WriteStream;

  constructor(file: string, private readonly columns: ReportColumn[]) {
    this.out = createWriteStream(file);
    this.csv = new CsvStream(
      columns.map((c) => c.label),
      columns.map(csvKind),
      { bom: true },
    );
    this.csv.stream.pipe(this.out);
  }

  private values(row: ReportRow): Cell[] {
    return this.columns.map((c) => row[c.key] ?? '');
  }

  async row(row: ReportRow): Promise<void> {
    await written(this.csv.stream, this.csv.write(this.values(row)));
  }

  async finish(totals: ReportRow | null): Promise<void> {
    if (totals) this.csv.write(this.values(totals));
    this.csv.end();
    await once(this.out, 'finish');
  }
}

/** One worksheet written as a stream: numbers as numbers, money with 2 decimals, rates as percentages. */
class XlsxWriter implements ReportWriter {
  private readonly book: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;

  constructor(file: string, private readonly columns: ReportColumn[], heading: ReportHeading) {
    this.book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
    this.book.title = heading.title;
    this.book.subject = heading.subtitle;
    this.sheet = this.book.addWorksheet(heading.title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '));
    this.sheet.columns = columns.map((c) => ({
      header: c.label,
      key: c.key,
      width: Math.max(12, Math.min(40, c.label.length + 4)),
      style: { numFmt: c.type === 'money' || c.type === 'number' ? '#,##0.00' : c.type === 'percent' ? '0.00%' : undefined },
    }));
    this.sheet.getRow(1).font = { bold: true };
  }

  private values(row: ReportRow): unknown[] {
    return this.columns.map((c) => {
      const v = row[c.key];
      if (v === null || v === undefined) return null;
      if (c.type === 'money' || c.type === 'number' || c.type === 'integer') return Number(v);
      if (c.type === 'percent') return Number(v) / 100;
      // always a plain string: ExcelJS stores it as text, never as a formula (only { formula } objects are)
      return String(v);
    });
  }

  async row(row: ReportRow): Promise<void> {
    this.sheet.addRow(this.values(row)).commit();
  }

  async finish(totals: ReportRow | null): Promise<void> {
    if (totals) {
      const added = this.sheet.addRow(this.values(totals));
      added.font = { bold: true };
      added.commit();
    }
    this.sheet.commit();
    await this.book.commit();
  }
}

const PAGE = { margin: 36, rowHeight: 16, fontSize: 8 };

/** A landscape A4 table with the title, the period and the totals, repeating the header on each page. */
class PdfWriter implements ReportWriter {
  private readonly doc: PDFKit.PDFDocument;
  private readonly out: WriteStream;
  private readonly widths: number[];
  private y = 0;

  constructor(file: string, private readonly columns: ReportColumn[], private readonly heading: ReportHeading) {
    this.doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: PAGE.margin, info: { Title: heading.title, Subject: heading.subtitle } });
    this.out = createWriteStream(file);
    this.doc.pipe(this.out);
    const width = this.doc.page.width - PAGE.margin * 2;
    // text columns get twice the room of figures
    const weights = columns.map((c) => (c.type === 'text' ? 2 : 1));
    const sum = weights.reduce((a, b) => a + b, 0);
    this.widths = weights.map((w) => (w * width) / sum);
    this.doc.font('Helvetica-Bold').fontSize(16).text(heading.title);
    this.doc.font('Helvetica').fontSize(10).fillColor('#444').text(heading.subtitle);
    this.doc.text(`Generated ${heading.generated}${heading.currency ? ` · amounts in ${heading.currency}` : ''}`);
    this.doc.fillColor('black').moveDown(0.5);
    this.y = this.doc.y;
    this.headerRow();
  }

  private cellText(c: ReportColumn, v: Cell | undefined): string {
    if (v === null || v === undefined) return '';
    if (c.type === 'percent') return `${Number(v).toFixed(2)} %`;
    if (c.type === 'money' || c.type === 'number') return Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    if (c.type === 'integer') return Number(v).toLocaleString('en-US');
    return String(v);
  }

  private line(texts: string[], bold: boolean, header = false): void {
    if (this.y + PAGE.rowHeight > this.doc.page.height - PAGE.margin) {
      this.doc.addPage();
      this.y = PAGE.margin;
      if (!header) this.headerRow();
    }
    this.doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(PAGE.fontSize);
    let x = PAGE.margin;
    texts.forEach((text, i) => {
      const numeric = this.columns[i].type !== 'text' && this.columns[i].type !== 'date';
      this.doc.text(text, x + 2, this.y + 4, { width: this.widths[i] - 4, align: numeric ? 'right' : 'left', lineBreak: false, ellipsis: true });
      x += this.widths[i];
    });
    this.y += PAGE.rowHeight;
    this.doc.moveTo(PAGE.margin, this.y).lineTo(this.doc.page.width - PAGE.margin, this.y).lineWidth(0.3).strokeColor('#ccc').stroke();
  }

  private headerRow(): void {
    this.line(
      this.columns.map((c) => c.label),
      true,
      true,
    );
  }

  async row(row: ReportRow): Promise<void> {
    this.line(
      this.columns.map((c) => this.cellText(c, row[c.key])),
      false,
    );
  }

  async finish(totals: ReportRow | null): Promise<void> {
    if (totals) this.line(this.columns.map((c) => this.cellText(c, totals[c.key])), true);
    this.doc.end();
    await once(this.out, 'finish');
  }
}
