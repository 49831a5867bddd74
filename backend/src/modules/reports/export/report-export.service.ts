import { Injectable } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { ExportFormat } from '../dto/report.dto';
import { ReportsService, currencyOf, type ReportScan } from '../reports.service';
import type { ReportRow } from '../report-totals';
import { writerFor } from './writers';

export interface ReportFile {
  name: string;
  /** the file's content, read from disk as it is sent; the file is removed once it is read or abandoned */
  stream(): Readable;
  /** the whole file (for an e-mail attachment); the file is removed */
  buffer(): Promise<Buffer>;
}

/**
 * Writes a report to a temporary file batch by batch while the rows are read (inside the
 * request's transaction), then hands it out as a stream: a report of any size never sits in
 * memory whole, and the database work is over before the first byte is sent.
 */
@Injectable()
export class ReportExportService {
  constructor(private readonly reports: ReportsService) {}

  async write(scan: ReportScan, format: ExportFormat): Promise<ReportFile> {
    const dir = await mkdtemp(join(tmpdir(), 'hr-report-'));
    const path = join(dir, `report.${format}`);
    const remove = () => rm(dir, { recursive: true, force: true });
    try {
      // the currency is known from the first rows; the heading needs it before them
      const firstRows: ReportRow[] = [];
      let writer: ReturnType<typeof writerFor> | null = null;
      const heading = () => ({
        title: scan.def.title,
        subtitle: scan.subtitle,
        generated: this.reports.generatedAt(scan.params.zone),
        currency: currencyOf(scan.columns, firstRows),
      });
      const { totals } = await this.reports.scan(scan, async (row) => {
        if (!writer) {
          firstRows.push(row);
          writer = writerFor(format, path, scan.columns, heading());
        }
        await writer.row(row);
      });
      writer ??= writerFor(format, path, scan.columns, heading());
      await (writer as ReturnType<typeof writerFor>).finish(totals);
    } catch (e) {
      await remove();
      throw e;
    }
    return {
      name: fileName(scan, format),
      stream: () => {
        const stream = createReadStream(path);
        stream.on('close', () => void remove());
        return stream;
      },
      buffer: async () => {
        try {
          return await readFile(path);
        } finally {
          await remove();
        }
      },
    };
  }
}

/** e.g. payroll-cost_2026-01-01_2026-11-30.xlsx, headcount-breakdown_2026-11-26.csv */
export function fileName(scan: ReportScan, format: ExportFormat): string {
  const f = new Set(scan.def.filters);
  const p = scan.params;
  const when = f.has('from') ? `${p.from}_${p.to}` : f.has('to') ? p.to.slice(0, 7) : f.has('at') ? p.at : p.today;
  return `${scan.def.id}_${when}.${format}`;
}
