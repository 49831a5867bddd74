import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ImportEmployeeRowDto } from './dto/employee.dto';
import { PAY_FIELDS, type PayField } from './employee-access';
import { CSV_COLUMNS, INFORMATIONAL_COLUMNS, MAX_IMPORT_ROWS, parseEmployeesCsv } from './employees.csv';

/** A row's error as the import answers it (row 1 is the header, as in a spreadsheet). */
export interface ImportRowError {
  row: number;
  field: string;
  message: string;
}

/**
 * What the check of a file found: a fault of the whole file (`file`), or its rows as checked
 * values with their errors, and the distinct values of the pay columns (whether the caller may
 * send them is decided by the service).
 */
export type ImportCheck =
  | { file: string }
  | { rows: Record<string, unknown>[]; errors: ImportRowError[]; pay: Record<PayField, string[]> };

/** Progress is told every this many rows. */
export const PROGRESS_EVERY = 500;
/** Rows checked between two yields to the event loop (a few tens of milliseconds). */
const YIELD_EVERY = 100;
/**
 * Files from this size are checked in a worker thread; a smaller one (a few hundred rows) is
 * checked on the event loop in chunks, which costs less than starting a worker.
 */
export const WORKER_FROM_BYTES = 64 * 1024;

/**
 * Parses the file and validates every row with the import's DTO. CPU-bound (about a second per
 * 10,000 rows): the service runs it in a worker thread ({@link checkInWorker}), not on the event loop.
 */
export async function checkImportFile(text: string, progress: (total: number, done: number) => void = () => {}): Promise<ImportCheck> {
  let parsed: ReturnType<typeof parseEmployeesCsv>;
  try {
    parsed = parseEmployeesCsv(text);
  } catch (e) {
    return { file: `The file is not valid CSV: ${(e as Error).message}` };
  }
  const known = new Set<string>(CSV_COLUMNS);
  const unknown = parsed.header.filter((h) => !known.has(h));
  if (unknown.length) return { file: `Unknown column ${unknown[0]}; the columns are ${CSV_COLUMNS.join(', ')}` };
  for (const required of ['employee_code', 'first_name', 'last_name', 'email', 'hire_date']) {
    if (!parsed.header.includes(required)) return { file: `The column ${required} is missing` };
  }
  if (!parsed.rows.length) return { file: 'The file has no rows to import' };
  if (parsed.rows.length > MAX_IMPORT_ROWS) return { file: `At most ${MAX_IMPORT_ROWS} rows can be imported at once` };
  const total = parsed.rows.length;
  progress(total, 0);

  const pay = Object.fromEntries(PAY_FIELDS.map((f) => [f, new Set<string>()])) as Record<PayField, Set<string>>;
  const errors: ImportRowError[] = [];
  const rows: Record<string, unknown>[] = [];
  for (const [i, raw] of parsed.rows.entries()) {
    for (const f of PAY_FIELDS) if (raw[f] !== undefined) pay[f].add(raw[f]);
    const values = Object.fromEntries(Object.entries(raw).filter(([k]) => !INFORMATIONAL_COLUMNS.has(k)));
    const dto = plainToInstance(ImportEmployeeRowDto, values);
    const found = await validate(dto, { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true });
    for (const v of found) {
      for (const message of Object.values(v.constraints ?? {})) errors.push({ row: i + 2, field: v.property, message });
    }
    rows.push({ ...dto });
    if ((i + 1) % PROGRESS_EVERY === 0) progress(total, i + 1);
    // on the event loop (a small file), other requests are served between chunks of rows
    if ((i + 1) % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  progress(total, total);
  return { rows, errors, pay: Object.fromEntries(PAY_FIELDS.map((f) => [f, [...pay[f]]])) as Record<PayField, string[]> };
}

/** Messages of the worker: progress, then the result (or a failure). */
export type WorkerMessage = { progress: [total: number, done: number] } | { result: ImportCheck } | { failed: string };

/**
 * {@link checkImportFile} in a worker thread, so a 10,000-row file does not hold the event loop
 * (every company's requests) for seconds. From the TypeScript sources (tests, scripts) the worker
 * compiles them as it loads, as the app's own scripts do.
 */
export function checkInWorker(text: string, progress: (total: number, done: number) => void): Promise<ImportCheck> {
  const ts = extname(__filename) === '.ts';
  const worker = new Worker(join(__dirname, `employees-import.worker${ts ? '.ts' : '.js'}`), {
    workerData: { text },
    execArgv: ts ? ['--require', '@swc-node/register'] : [],
  });
  return new Promise<ImportCheck>((resolve, reject) => {
    let settled = false;
    worker.on('message', (m: WorkerMessage) => {
      if ('progress' in m) progress(...m.progress);
      else if ('result' in m) {
        settled = true;
        resolve(m.result);
      } else {
        settled = true;
        reject(new Error(m.failed));
      }
    });
    worker.on('error', (e) => {
      settled = true;
      reject(e);
    });
    worker.on('exit', (code) => {
      if (!settled) reject(new Error(`The import's check stopped (exit code ${code})`));
    });
  });
}
