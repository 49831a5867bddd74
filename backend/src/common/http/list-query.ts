import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { findBodyProblem } from './body-guard';
import { badRequest } from './errors';
import { fieldLabel, fieldWords, oneOf } from './fields';

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
    if (value !== undefined && value !== null && value !== '') filter[key] = value;
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
