import { parse } from 'csv-parse/sync';
import type { Employee } from './employee.entity';
import { PAY_FIELDS } from './employee-access';
import { toCsv, unguardCell, type CsvColumnKind } from '../../common/csv/csv-writer';

/** Columns of the export, in order; the import reads the same header (names are the API's). */
export const CSV_COLUMNS = [
  'employee_code',
  'first_name',
  'middle_name',
  'last_name',
  'email',
  'phone',
  'date_of_birth',
  'gender',
  'address',
  'city',
  'state',
  'country',
  'postal_code',
  'department_code',
  'department_name',
  'position_code',
  'position_title',
  'manager_code',
  'employment_type',
  'employment_status',
  'hire_date',
  'salary',
  'salary_currency',
  'payment_frequency',
  'emergency_contact_name',
  'emergency_contact_phone',
  'emergency_contact_relationship',
] as const;

/** Shown in the export for reading; ignored by the import (the codes decide). */
export const INFORMATIONAL_COLUMNS = new Set(['department_name', 'position_title']);

export const MAX_IMPORT_ROWS = 10_000;

/** The export's rows; the pay columns only for a caller who sees pay (employee-access.ts). */
export function employeesToCsv(rows: Employee[], withPay: boolean): string {
  const columns = withPay ? CSV_COLUMNS : CSV_COLUMNS.filter((c) => !(PAY_FIELDS as readonly string[]).includes(c));
  const records = rows.map((e) => {
    const values: Record<(typeof CSV_COLUMNS)[number], string | null | undefined> = {
      employee_code: e.employee_code,
      first_name: e.first_name,
      middle_name: e.middle_name,
      last_name: e.last_name,
      email: e.email,
      phone: e.phone,
      date_of_birth: e.date_of_birth,
      gender: e.gender,
      address: e.address,
      city: e.city,
      state: e.state,
      country: e.country,
      postal_code: e.postal_code,
      department_code: e.department?.department_code,
      department_name: e.department?.department_name,
      position_code: e.position?.position_code,
      position_title: e.position?.position_title,
      manager_code: e.manager?.employee_code,
      employment_type: e.employment_type,
      employment_status: e.employment_status,
      hire_date: e.hire_date,
      salary: e.salary,
      salary_currency: e.salary_currency,
      payment_frequency: e.payment_frequency,
      emergency_contact_name: e.emergency_contact_name,
      emergency_contact_phone: e.emergency_contact_phone,
      emergency_contact_relationship: e.emergency_contact_relationship,
    };
    return columns.map((c) => values[c] ?? '');
  });
  // every cell guarded against formulas by the product's one CSV writer; the salary is a figure
  const kinds = columns.map((c): CsvColumnKind => (c === 'salary' ? 'number' : 'text'));
  return toCsv(columns, records, { kinds });
}

export interface ParsedCsv {
  header: string[];
  /** one object per data row: column → non-empty cell */
  rows: Record<string, string>[];
}

/** Parses the text of a CSV file with a header row; throws a message for a malformed file. */
export function parseEmployeesCsv(text: string): ParsedCsv {
  const records: string[][] = parse(text, {
    bom: true,
    skip_empty_lines: true,
    relax_column_count: false,
    trim: true,
  });
  const [header = [], ...data] = records;
  const names = header.map((h) => h.trim().toLowerCase());
  const rows = data.map((cells) => {
    const row: Record<string, string> = {};
    names.forEach((name, i) => {
      const cell = unguardCell(cells[i] ?? '');
      if (cell !== '') row[name] = cell;
    });
    return row;
  });
  return { header: names, rows };
}
