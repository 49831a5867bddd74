import type { INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { byName, type FilterRule, type ListQueryOptions } from '../common/http/list-query';
import { DATE_PATTERN, oneOf } from '../common/http/fields';
import { addQueryRules } from './validation-rules';

type Op = Record<string, any>;
const PRODUCES = 'swagger/apiProduces';
const PARAM = 5; // RouteParamtypes.PARAM
const BODY = 3; // RouteParamtypes.BODY
const QUERY = 4; // RouteParamtypes.QUERY

interface RouteArg {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

function isListOptions(data: unknown): data is ListQueryOptions {
  const o = data as ListQueryOptions | undefined;
  return !!o && Array.isArray(o.sortable) && Array.isArray(o.filterable) && Array.isArray(o.defaultSort);
}

function pipeName(pipe: unknown): string {
  if (typeof pipe === 'function') return pipe.name;
  return (pipe as object | undefined)?.constructor?.name ?? '';
}

const ID = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
const FLAG = { anyOf: [{ type: 'boolean' }, { type: 'string', enum: ['true', 'false'] }] };
const DATE = { type: 'string', format: 'date', pattern: DATE_PATTERN };

/**
 * The digits of the whole numbers from min to max (0 <= min <= max), without leading zeros, as a
 * pattern: 1900..2999 is ^(19\d{2}|2\d{3})$. A year or a month filter takes the number or its
 * digits, and the text's pattern says the same range as the number's bounds.
 */
export function digitsPattern(min: number, max: number): string {
  const alternatives: string[] = [];
  for (let length = String(min).length; length <= String(max).length; length++) {
    const lo = Math.max(min, length === 1 ? 0 : 10 ** (length - 1));
    const hi = Math.min(max, 10 ** length - 1);
    if (lo <= hi) alternatives.push(...sameLength(String(lo), String(hi)));
  }
  return `^(${alternatives.join('|')})$`;
}

/** The alternatives matching every digit string from lo to hi, both of the same length. */
function sameLength(lo: string, hi: string): string[] {
  if (!lo.length) return [''];
  const rest = lo.length - 1;
  const any = (n: number) => (n === 0 ? '' : n === 1 ? '\\d' : `\\d{${n}}`);
  const digits = (a: number, b: number) => (a === b ? String(a) : a === 0 && b === 9 ? '\\d' : `[${a}-${b}]`);
  const [a, b] = [Number(lo[0]), Number(hi[0])];
  if (a === b) return sameLength(lo.slice(1), hi.slice(1)).map((tail) => `${a}${tail}`);
  const fromZero = /^0*$/.test(lo.slice(1));
  const toNine = /^9*$/.test(hi.slice(1));
  const out: string[] = [];
  const first = fromZero ? a : a + 1;
  const last = toNine ? b : b - 1;
  if (!fromZero) out.push(...sameLength(lo.slice(1), '9'.repeat(rest)).map((tail) => `${a}${tail}`));
  if (first <= last) out.push(`${digits(first, last)}${any(rest)}`);
  if (!toNine) out.push(...sameLength('0'.repeat(rest), hi.slice(1)).map((tail) => `${b}${tail}`));
  return out;
}

/** A declared filter rule (list-query.ts) as the schema of the values it takes. */
export function ruleSchema(rule: FilterRule): object {
  const listOf = (one: object, many: boolean | undefined) => (many ? { anyOf: [one, { type: 'array', minItems: 1, maxItems: 1000, items: one }] } : one);
  switch (rule.type) {
    case 'enum': {
      const one = { type: 'string', enum: [...rule.values] };
      const escaped = rule.values.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
      const commas = { type: 'string', pattern: `^(${escaped})(,(${escaped}))*$`, description: `one or more of ${oneOf(rule.values)}, separated by commas` };
      if (rule.commas) return { anyOf: [one, commas, ...(rule.many ? [{ type: 'array', minItems: 1, maxItems: 1000, items: one }] : [])] };
      return listOf(one, rule.many);
    }
    case 'integer':
      return {
        anyOf: [
          { type: 'integer', minimum: rule.minimum, maximum: rule.maximum },
          { type: 'string', pattern: digitsPattern(rule.minimum, rule.maximum) },
        ],
        description: `${rule.noun ?? 'a whole number'} from ${rule.minimum} to ${rule.maximum}, as a number or its digits`,
      };
    case 'date':
      return DATE;
    case 'id': {
      // checked for every list (list-query.ts): 1 to 2^31-1, as a number or its digits; a list may be empty
      const one = { anyOf: [ID, { type: 'string', pattern: digitsPattern(1, ID.maximum) }] };
      return rule.many ? { anyOf: [one, { type: 'array', maxItems: 1000, items: one }] } : one;
    }
    case 'flag':
      return FLAG;
    case 'text':
      return listOf({ type: 'string', maxLength: rule.maxLength }, rule.many);
    case 'pattern':
      return { type: 'string', pattern: rule.pattern, description: rule.words };
  }
}

/**
 * A filter's schema as the lists read it: the list's declared rule, or by its name an id (or a
 * list of ids, react-admin's getMany), a day of the product's range, a flag, a search text.
 */
export function filterSchema(name: string, rule?: FilterRule): object {
  const named = rule ?? byName(name);
  if (named) return ruleSchema(named);
  if (['from', 'to', 'start_date', 'end_date', 'active_on', 'due_from', 'due_to'].includes(name)) return DATE;
  if (/^(is_\w+|mine|overdue)$/.test(name)) return FLAG;
  if (name === 'q' || name === 'search') return { type: 'string', maxLength: 200 };
  return {};
}

const letters = (word: string) => [...word].map((c) => `[${c.toLowerCase()}${c.toUpperCase()}]`).join('');

/** sort, range and filter as JSON-valued query parameters with their schemas. */
function listParameters(opts: ListQueryOptions) {
  const json = (schema: object) => ({ 'application/json': { schema } });
  const fields = opts.sortable.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const rows = opts.maxLimit ?? 1000;
  return {
    sort: {
      name: 'sort',
      in: 'query',
      required: false,
      // (the console reads the sortable fields and the default from the end of this text)
      description:
        'JSON ["field","ASC"|"DESC"], the direction optional (ASC by default, in either case); ' +
        `sortable fields: ${opts.sortable.join(', ')} (default ${JSON.stringify(opts.defaultSort)})`,
      // the pair as the server reads it: a JSON list of the field and, optionally, the direction
      schema: {
        type: 'string',
        pattern: `^\\s*\\[\\s*"(${fields})"\\s*(,\\s*"(${letters('asc')}|${letters('desc')})"\\s*)?\\]\\s*$`,
        example: JSON.stringify(opts.defaultSort),
      },
    },
    range: {
      name: 'range',
      in: 'query',
      required: false,
      description: `JSON [first,last]: 0-based and inclusive, first <= last, at most ${rows} rows (last - first < ${rows})`,
      content: json({ type: 'array', minItems: 2, maxItems: 2, items: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER }, example: [0, 24] }),
    },
    filter: {
      name: 'filter',
      in: 'query',
      required: false,
      description: `JSON object of filters${opts.filterable.length ? `: ${opts.filterable.join(', ')}` : ' (none)'}`,
      content: json({
        type: 'object',
        properties: Object.fromEntries(opts.filterable.map((f) => [f, filterSchema(f, opts.filters?.[f])])),
        additionalProperties: false,
        example: {},
      }),
    },
  } as Record<string, object>;
}

/**
 * What the decorators of the handlers say beyond @nestjs/swagger's reading of them: the list
 * parameters' sortable and filterable fields (@ListParams), path ids parsed as integers
 * (ParseIntPipe; the positive-id pipe also enforces 1..2^31-1), and the file answers of
 * operations that @ApiProduces a file type without a documented success.
 */
export function addRouteMetadata(app: INestApplication, doc: OpenAPIObject): void {
  const byId = new Map<string, Op>();
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item as Record<string, Op>)) if (op?.operationId) byId.set(op.operationId, op);
  }
  const modules = app.get(ModulesContainer);
  const seen = new Set<unknown>();
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const cls = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
      if (!cls || seen.has(cls)) continue;
      seen.add(cls);
      const proto = cls.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(proto)) {
        const handler = proto[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        if (Reflect.getMetadata(METHOD_METADATA, handler) === undefined || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const op = byId.get(`${cls.name.replace(/Controller$/, '')}_${name}`);
        if (!op) continue;
        const args: Record<string, RouteArg> = Reflect.getMetadata(ROUTE_ARGS_METADATA, cls, name) ?? {};
        const types: unknown[] = Reflect.getMetadata('design:paramtypes', cls.prototype, name) ?? [];
        for (const [key, arg] of Object.entries(args)) {
          const type = types[arg.index];
          if (key.startsWith(`${QUERY}:`) && arg.data === undefined && typeof type === 'function' && op.parameters) {
            addQueryRules(op.parameters, type as new (...args: never[]) => unknown);
          }
          if (isListOptions(arg.data)) {
            const params = listParameters(arg.data);
            op.parameters = (op.parameters ?? []).map((p: any) => (p.in === 'query' && params[p.name] ? params[p.name] : p));
          }
          if (key.startsWith(`${PARAM}:`) && typeof arg.data === 'string') {
            const pipes = (arg.pipes ?? []).map(pipeName);
            const param = (op.parameters ?? []).find((p: any) => p.in === 'path' && p.name === arg.data);
            if (!param) continue;
            // a database id (an id beyond it names no record: 404)
            if (pipes.includes('ParseIntPipe')) param.schema = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
            if (pipes.includes('IdPipe')) param.schema = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
          }
        }
        const produces: string[] | undefined = Reflect.getMetadata(PRODUCES, handler);
        const success = Object.entries<any>(op.responses ?? {}).filter(([s]) => s.startsWith('2'));
        const undescribed = !success.length || (success.length === 1 && success[0][0] === '200' && !success[0][1].content);
        if (produces?.length && undescribed) {
          op.responses = {
            ...op.responses,
            '200': {
              description: op.responses?.['200']?.description ?? 'The file, as an attachment',
              headers: {
                'Content-Disposition': {
                  description: 'attachment; filename="…" (and filename*=UTF-8\'\'… for names beyond ASCII)',
                  schema: { type: 'string' },
                },
              },
              content: Object.fromEntries(produces.map((t) => [t, { schema: t === 'application/json' ? {} : { type: 'string', format: 'binary' } }])),
            },
          };
        }
      }
    }
  }
}

/**
 * The classes the handlers take as their body. An update DTO built with PartialType has no
 * class-validator metadata of its own (its rules sit on the mapped class it extends), so the
 * document's schemas are matched to these classes by name as well as to the metadata's targets.
 */
export function bodyClasses(app: INestApplication): Array<new (...args: never[]) => unknown> {
  const out = new Set<new (...args: never[]) => unknown>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const cls = wrapper.metatype as (new (...args: never[]) => unknown) | undefined;
      if (!cls) continue;
      for (const name of Object.getOwnPropertyNames(cls.prototype)) {
        if (name === 'constructor') continue;
        const args: Record<string, RouteArg> = Reflect.getMetadata(ROUTE_ARGS_METADATA, cls, name) ?? {};
        const types: unknown[] = Reflect.getMetadata('design:paramtypes', cls.prototype, name) ?? [];
        for (const [key, arg] of Object.entries(args)) {
          const type = types[arg.index];
          if (key.startsWith(`${BODY}:`) && typeof type === 'function') addWithNested(type as new (...args: never[]) => unknown, out);
        }
      }
    }
  }
  return [...out];
}

const BUILTIN = new Set<unknown>([String, Number, Boolean, Object, Array, Date]);

/**
 * A body class and the classes of its nested objects (the attendance settings' partial sections,
 * built with PartialType like the bodies themselves): their rules are matched by name too.
 */
function addWithNested(cls: new (...args: never[]) => unknown, out: Set<new (...args: never[]) => unknown>): void {
  if (out.has(cls)) return;
  out.add(cls);
  const names: string[] = Reflect.getMetadata('swagger/apiModelPropertiesArray', cls.prototype) ?? [];
  for (const entry of names) {
    const name = entry.replace(/^:/, '');
    const documented = Reflect.getMetadata('swagger/apiModelProperties', cls.prototype, name) as { type?: unknown } | undefined;
    const declared: unknown = Reflect.getMetadata('design:type', cls.prototype, name);
    for (const candidate of [documented?.type, Array.isArray(documented?.type) ? documented?.type[0] : undefined, declared]) {
      let type = candidate;
      // a lazy type: () => SomeDto
      if (typeof type === 'function' && !type.prototype && (type as () => unknown).length === 0) type = (type as () => unknown)();
      if (typeof type === 'function' && type.prototype && !BUILTIN.has(type)) addWithNested(type as new (...args: never[]) => unknown, out);
    }
  }
}
