import { badRequest } from '../../common/http/errors';
import { dateMessage, escapeLike, isCalendarDate, fieldWords, oneOf } from '../../common/http/fields';
import { idList, type ListQuery } from '../../common/http/list-query';

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
    // an id past the int4 range names no row
    const ids = idList(value, field).map((id) => (id > MAX_ID ? -1 : id));
    return this.add(`${column} in (select value::int from json_array_elements_text(?::json))`, JSON.stringify(ids));
  }

  oneOf(column: string, value: unknown, allowed: readonly string[], field: string): this {
    if (value === undefined) return this;
    const list = Array.isArray(value) ? value : [value];
    if (!list.every((v) => typeof v === 'string' && allowed.includes(v))) {
      throw badRequest(`The ${fieldWords(field)} filter must be one of ${oneOf(allowed)}`, 'filter');
    }
    return this.add(`${column} in (select value from json_array_elements_text(?::json))`, JSON.stringify(list));
  }

  date(sql: string, value: unknown, field: string): this {
    if (value === undefined) return this;
    if (typeof value !== 'string' || !isCalendarDate(value)) {
      throw badRequest(dateMessage(value, `The ${fieldWords(field)} filter`), 'filter');
    }
    return this.add(sql, value);
  }

  search(columns: string[], value: unknown): this {
    if (value === undefined) return this;
    if (typeof value !== 'string') throw badRequest('The search filter must be text', 'filter');
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

/** A timestamptz column as ISO 8601 in UTC (raw SQL answers timestamps as text). */
export const isoSql = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A date column as YYYY-MM-DD. */
export const daySql = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;
/** An ISO timestamp read back from isoSql, or null. */
export const toDate = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(String(value)));

/** A filter value meant as true or false (react-admin sends booleans, plain query parameters text). */
export function bool(value: unknown, field: string): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw badRequest(`The ${fieldWords(field)} filter must be true or false`, 'filter');
}

/** The greatest id a path or a filter may name: an int4 column holds no larger one. */
export const MAX_ID = 2147483647;
export const inIdRange = (id: number) => Number.isInteger(id) && id > 0 && id <= MAX_ID;

/**
 * One page of a raw-SQL list: `base` is a select whose columns are the response fields (and
 * company_id, id), filtered by `where` (on alias x) and sorted by a whitelisted field.
 */
export async function sqlPage<T>(
  em: { execute: (sql: string, params: unknown[]) => Promise<unknown> },
  base: string,
  where: SqlWhere,
  q: { sort: { field: string; order: 'ASC' | 'DESC' }; offset: number; limit: number },
): Promise<{ rows: T[]; total: number }> {
  const order = q.sort.order === 'DESC' ? 'desc' : 'asc';
  const rows = (await em.execute(
    `select * from (${base}) x where ${where.sql}
      order by x."${q.sort.field}" ${order} nulls last, x.id ${order} limit ? offset ?`,
    [...where.params, q.limit, q.offset],
  )) as T[];
  const total =
    q.offset === 0 && rows.length < q.limit
      ? rows.length
      : ((await em.execute(`select count(*)::int as total from (${base}) x where ${where.sql}`, where.params)) as Array<{ total: number }>)[0]
          .total;
  return { rows, total };
}

/** The spec's plain query parameters, folded into the filter where the filter does not set them. */
export function foldPlain(q: ListQuery, plain: Record<string, string | undefined>): ListQuery {
  for (const [key, value] of Object.entries(plain)) {
    if (value !== undefined && value !== '' && q.filter[key] === undefined) q.filter[key] = value;
  }
  return q;
}
