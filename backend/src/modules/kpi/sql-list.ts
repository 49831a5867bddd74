import { badRequest } from '../../common/http/errors';
import { escapeLike } from '../../common/http/fields';
import { idList } from '../../common/http/list-query';

/** The conditions and parameters of a raw-SQL list query, built filter by filter. */
export class SqlWhere {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];

  constructor(companyColumn: string, companyId: number) {
    // raw SQL bypasses the tenant filter: the company is bound explicitly
    this.add(`${companyColumn} = ?`, companyId);
  }

  add(sql: string, ...params: unknown[]): this {
    this.parts.push(sql);
    this.params.push(...params);
    return this;
  }

  ids(column: string, value: unknown, field: string): this {
    if (value === undefined) return this;
    return this.add(`${column} in (select value::int from json_array_elements_text(?::json))`, JSON.stringify(idList(value, field)));
  }

  oneOf(column: string, value: unknown, allowed: readonly string[], field: string): this {
    if (value === undefined) return this;
    const list = Array.isArray(value) ? value : [value];
    if (!list.every((v) => typeof v === 'string' && allowed.includes(v))) {
      throw badRequest(`filter: ${field} must be one of ${allowed.join(', ')}`, 'filter');
    }
    return this.add(`${column} in (select value from json_array_elements_text(?::json))`, JSON.stringify(list));
  }

  date(sql: string, value: unknown, field: string): this {
    if (value === undefined) return this;
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
      throw badRequest(`filter: ${field} must be a date (YYYY-MM-DD)`, 'filter');
    }
    return this.add(sql, value);
  }

  search(columns: string[], value: unknown): this {
    if (value === undefined) return this;
    if (typeof value !== 'string') throw badRequest('filter: q must be text', 'filter');
    const like = `%${escapeLike(value.trim())}%`;
    return this.add(`(${columns.map((c) => `${c} ilike ?`).join(' or ')})`, ...columns.map(() => like));
  }

  get sql(): string {
    return this.parts.join(' and ');
  }
}

/** A numeric column read back as a number (percentages), or null. */
export const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
/** A numeric column read back as a 2-decimal string (money and measured values), or null. */
export function dec(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const [int, frac = ''] = String(value).split('.');
  return `${int}.${frac.padEnd(2, '0').slice(0, 2)}`;
}
