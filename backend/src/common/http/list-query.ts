import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { findBodyProblem } from './body-guard';
import { badRequest } from './errors';
import { dateMessage, fieldLabel, fieldWords, isCalendarDate, oneOf } from './fields';

/** react-admin simple-rest list parameters: sort=["field","ASC"], range=[0,24], filter={...}. */
export interface ListQuery {
  sort: { field: string; order: 'ASC' | 'DESC' };
  offset: number;
  limit: number;
  filter: Record<string, unknown>;
}

export interface ListQueryOptions {
  sortable: readonly string[];
  filterable: readonly string[];
  defaultSort: [string, 'ASC' | 'DESC'];
  maxLimit?: number;
  /**
   * The values a filter takes where its name alone does not say them (an id by `_id`, a day by
   * `from`, `to`, `*_date`, a flag by `is_*`, a search by `q`): checked here for every list before
   * the list reads them, and written as the filter's schema in the API document.
   */
  filters?: Readonly<Record<string, FilterRule>>;
}

/**
 * A filter's accepted values. `many`: a list of them too (react-admin's getMany, a multiple
 * choice); `commas`: also one text of them separated by commas.
 */
export type FilterRule =
  | { type: 'enum'; values: readonly string[]; many?: boolean; commas?: boolean }
  | { type: 'integer'; minimum: number; maximum: number; noun?: string }
  | { type: 'date' }
  | { type: 'id'; many?: boolean }
  | { type: 'flag' }
  | { type: 'text'; maxLength: number; many?: boolean }
  | { type: 'pattern'; pattern: string; words: string };

/** The years a year filter takes: those of the product's range of days (1900-01-01 to 2999-12-31). */
export const FILTER_YEARS = { minimum: 1900, maximum: 2999 } as const;

/** The rules of a list's filters, declared with its sortable and filterable fields. */
export const Filter = {
  /** one of the values (the constant the entity and the forms use, never a copy) */
  oneOf: (values: readonly string[], options: { many?: boolean; commas?: boolean } = {}): FilterRule => ({ type: 'enum', values, ...options }),
  /** a year, as a number or its digits; by default a year of the product's range of days */
  year: (minimum: number = FILTER_YEARS.minimum, maximum: number = FILTER_YEARS.maximum): FilterRule => ({ type: 'integer', minimum, maximum, noun: 'a year' }),
  /** a month, 1 to 12, as a number or its digits */
  month: (): FilterRule => ({ type: 'integer', minimum: 1, maximum: 12, noun: 'a month' }),
  /** a day YYYY-MM-DD of the product's range */
  date: (): FilterRule => ({ type: 'date' }),
  /** an id where the name does not end in _id (one or, with many, a list) */
  id: (options: { many?: boolean } = { many: true }): FilterRule => ({ type: 'id', ...options }),
  /** true or false, as JSON or as text */
  flag: (): FilterRule => ({ type: 'flag' }),
  /** a text (or a list of texts) of at most maxLength characters */
  text: (maxLength: number, options: { many?: boolean } = {}): FilterRule => ({ type: 'text', maxLength, ...options }),
  /** a text matching the pattern, described in words for the message */
  pattern: (pattern: string, words: string): FilterRule => ({ type: 'pattern', pattern, words }),
};

/**
 * The rule a filter's name says where the list declares none: an id (`id`, `*_id`), one or a list,
 * 1 to 2^31-1 (beyond it names no row, and an int4 column cannot be compared with it).
 */
export function byName(name: string): FilterRule | undefined {
  return name === 'id' || name.endsWith('_id') ? Filter.id() : undefined;
}

/** The greatest id a filter may name (an int4 column holds no larger one). */
const MAX_FILTER_ID = 2_147_483_647;

/** A whole number written as digits without leading zeros (a year, a month, an id) or the number itself. */
function wholeNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^(0|[1-9]\d{0,15})$/.test(value)) return Number(value);
  return undefined;
}

/** The values of a filter that takes one or (many) a list of them. */
function valuesOf(value: unknown, many: boolean | undefined): unknown[] | undefined {
  if (!Array.isArray(value)) return [value];
  return many && value.length > 0 && value.length <= 1000 ? value : undefined;
}

/** The message of a filter value outside its rule, or null when the value is accepted. */
export function filterProblem(name: string, rule: FilterRule, value: unknown): string | null {
  const label = `The ${fieldWords(name)} filter`;
  switch (rule.type) {
    case 'enum': {
      const list = rule.commas && typeof value === 'string' ? value.split(',') : valuesOf(value, rule.many);
      const ok = !!list?.every((v) => typeof v === 'string' && rule.values.includes(v));
      return ok ? null : `${label} must be one of ${oneOf(rule.values)}`;
    }
    case 'integer': {
      const n = wholeNumber(value);
      return n !== undefined && n >= rule.minimum && n <= rule.maximum
        ? null
        : `${label} must be ${rule.noun ?? 'a whole number'} from ${rule.minimum} to ${rule.maximum}`;
    }
    case 'date':
      return typeof value === 'string' && isCalendarDate(value) ? null : dateMessage(value, label);
    case 'id': {
      // an empty list of ids selects nothing (react-admin's getMany of no records)
      const list = rule.many && Array.isArray(value) && !value.length ? [] : valuesOf(value, rule.many);
      const ok = !!list?.every((v) => {
        const n = wholeNumber(v);
        return n !== undefined && n >= 1 && n <= MAX_FILTER_ID;
      });
      return ok ? null : `${label} must be ${rule.many ? 'an ID or a list of IDs' : 'an ID'}`;
    }
    case 'flag':
      return value === true || value === false || value === 'true' || value === 'false' ? null : `${label} must be true or false`;
    case 'text': {
      const list = valuesOf(value, rule.many);
      if (!list?.every((v) => typeof v === 'string')) return `${label} must be ${rule.many ? 'text or a list of texts' : 'text'}`;
      return list.every((v) => (v as string).length <= rule.maxLength) ? null : `${label} must be at most ${rule.maxLength} characters`;
    }
    case 'pattern':
      return typeof value === 'string' && new RegExp(rule.pattern).test(value) ? null : `${label} must be ${rule.words}`;
  }
}

/**
 * A list parameter's JSON. Its decoded strings are checked here, once for every list: a JSON escape
 * such as \u0000 passes the check of the raw query string and only becomes a NUL here, which
 * PostgreSQL cannot take as text.
 */
function parseJson(raw: unknown, name: string): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw badRequest(`${fieldLabel(name)} must be a JSON value`, name);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest(`${fieldLabel(name)} must be valid JSON`, name);
  }
  const problem = findBodyProblem(value);
  if (problem) {
    if (/nested too deeply/.test(problem.message)) throw badRequest(`${fieldLabel(name)} is nested too deeply`, name);
    const what = /^(body|\[)/.test(problem.field) ? fieldLabel(name) : `The ${fieldWords(problem.field)} ${name}`;
    throw badRequest(`${what} contains characters that are not allowed`, name);
  }
  return value;
}

export function parseListQuery(query: Record<string, unknown>, opts: ListQueryOptions): ListQuery {
  const maxLimit = opts.maxLimit ?? 1000;
  let sort: ListQuery['sort'] = { field: opts.defaultSort[0], order: opts.defaultSort[1] };
  const rawSort = parseJson(query.sort, 'sort');
  if (rawSort !== undefined) {
    if (!Array.isArray(rawSort) || rawSort.length > 2 || typeof rawSort[0] !== 'string') {
      throw badRequest('Sort must look like ["field","ASC"]', 'sort');
    }
    const order = String(rawSort[1] ?? 'ASC').toUpperCase();
    if (!opts.sortable.includes(rawSort[0])) {
      throw badRequest(`This list cannot be sorted by ${fieldWords(rawSort[0])}; it can be sorted by ${oneOf(opts.sortable.map(fieldWords))}`, 'sort');
    }
    if (order !== 'ASC' && order !== 'DESC') throw badRequest('Sort order must be ASC or DESC', 'sort');
    sort = { field: rawSort[0], order };
  }

  let offset = 0;
  let limit = 25;
  const rawRange = parseJson(query.range, 'range');
  if (rawRange !== undefined) {
    if (
      !Array.isArray(rawRange) ||
      rawRange.length !== 2 ||
      !rawRange.every((n) => Number.isSafeInteger(n) && n >= 0) ||
      rawRange[1] < rawRange[0]
    ) {
      throw badRequest('Range must look like [first,last] with 0 <= first <= last', 'range');
    }
    offset = rawRange[0];
    limit = rawRange[1] - rawRange[0] + 1;
    if (limit > maxLimit) throw badRequest(`A page holds at most ${maxLimit} rows`, 'range');
  }

  const rawFilter = parseJson(query.filter, 'filter') ?? {};
  if (typeof rawFilter !== 'object' || rawFilter === null || Array.isArray(rawFilter)) {
    throw badRequest('Filter must be a JSON object', 'filter');
  }
  const filter: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rawFilter)) {
    if (!opts.filterable.includes(key)) {
      throw badRequest(`There is no ${fieldWords(key)} filter; the filters are ${oneOf(opts.filterable.map(fieldWords))}`, 'filter');
    }
    if (value === undefined || value === null || value === '') continue;
    const rule = opts.filters?.[key] ?? byName(key);
    const problem = rule && filterProblem(key, rule, value);
    if (problem) throw badRequest(problem, 'filter');
    filter[key] = value;
  }
  return { sort, offset, limit, filter };
}

/** Parameter decorator: `@ListParams(OPTIONS) q: ListQuery`. */
export const ListParams = createParamDecorator((opts: ListQueryOptions, ctx: ExecutionContext): ListQuery => {
  const req = ctx.switchToHttp().getRequest();
  return parseListQuery(req.query ?? {}, opts);
});

/** Documents the list parameters in the OpenAPI spec. */
export function ApiListQuery() {
  return applyDecorators(
    ApiQuery({ name: 'sort', required: false, description: 'JSON ["field","ASC"|"DESC"]', example: '["id","ASC"]' }),
    ApiQuery({ name: 'range', required: false, description: 'JSON [first,last] (0-based, inclusive)', example: '[0,24]' }),
    ApiQuery({ name: 'filter', required: false, description: 'JSON object of filters, e.g. {"q":"ann"}', example: '{}' }),
  );
}

/** Filter values arrive as a single value or, from react-admin getMany, a list. */
export function idList(value: unknown, field: string): number[] {
  const list = Array.isArray(value) ? value : [value];
  const ids = list.map((v) => Number(v));
  if (!ids.every((n) => Number.isInteger(n) && n > 0)) throw badRequest(`The ${fieldWords(field)} filter must be IDs`, 'filter');
  return ids;
}
