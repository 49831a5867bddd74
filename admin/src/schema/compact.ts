/**
 * The console's view of the OpenAPI document: for every collection of the API, the record it
 * answers, the bodies it accepts, its list parameters and who may call each operation, with every
 * `$ref` resolved. Built from openapi/openapi.json when the console is built (vite-plugin.ts), so a
 * property added to a DTO reaches the screens through `npm run openapi` and a build.
 */

export interface PropertySchema {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  format?: string;
  enum?: Array<string | number>;
  nullable?: boolean;
  description?: string;
  default?: unknown;
  example?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  readOnly?: boolean;
  /** the server's own message for a rule (`x-messages`): maxLength, minLength, minimum, maximum, pattern, email, integer, required… */
  messages?: Record<string, string>;
  items?: PropertySchema;
  properties?: Record<string, PropertySchema>;
  required?: string[];
}

export interface ObjectSchema {
  properties: Record<string, PropertySchema>;
  required: string[];
}

/** Who may call an operation (the server's guard reads the same rules). */
export interface OperationRule {
  module?: string;
  action?: 'view' | 'create' | 'edit' | 'delete';
  roles?: string[];
  feature?: string;
}

export interface ListSchema {
  sortable: string[];
  defaultSort?: { field: string; order: 'ASC' | 'DESC' };
  filters: string[];
  /** the list answers pages (range parameter) rather than every row at once */
  paged: boolean;
}

export interface ResourceSchema {
  /** API path without /api/, e.g. `hr/shifts`; also the react-admin resource name */
  name: string;
  record?: ObjectSchema;
  create?: ObjectSchema;
  update?: ObjectSchema;
  /** the body of a PUT on the collection itself, which replaces the whole set (`{ brackets: [...] }`) */
  replace?: ObjectSchema;
  list?: ListSchema;
  operations: Partial<Record<'list' | 'get' | 'create' | 'update' | 'delete' | 'replace', OperationRule>>;
}

export interface ConsoleSchema {
  resources: Record<string, ResourceSchema>;
  /**
   * The bodies of the operations that are not a collection's create or update (a feature added to
   * a page, a reason to reject, a sign-up, a password change), by method and path without /api/:
   * `POST cms/admin/landing-pages/{id}/features`, `POST auth/register`.
   */
  actions: Record<string, ObjectSchema>;
}

type Json = Record<string, any>;

const API_PREFIX = '/api/';

/** Resolves `$ref` and `allOf` into one plain schema (cycles stop at an empty object). */
function resolve(doc: Json, schema: Json | undefined, seen: string[] = []): PropertySchema | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  if (typeof schema.$ref === 'string') {
    if (seen.includes(schema.$ref)) return { type: 'object' };
    const target = schema.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((node: Json | undefined, key: string) => node?.[key], doc);
    const { $ref: _ref, ...rest } = schema;
    const resolved = resolve(doc, target, [...seen, schema.$ref]);
    return resolved ? { ...resolved, ...pickKnown(rest) } : undefined;
  }
  if (Array.isArray(schema.allOf)) {
    const { allOf, ...rest } = schema;
    const merged: PropertySchema = {};
    for (const part of allOf as Json[]) Object.assign(merged, resolve(doc, part, seen));
    return { ...merged, ...pickKnown(rest) };
  }
  const out: PropertySchema = pickKnown(schema);
  if (schema['x-messages'] && typeof schema['x-messages'] === 'object') out.messages = schema['x-messages'];
  if (schema.items) out.items = resolve(doc, schema.items, seen);
  if (schema.properties) {
    out.type ??= 'object';
    out.properties = Object.fromEntries(
      Object.entries(schema.properties as Record<string, Json>).map(([key, value]) => [key, resolve(doc, value, seen) ?? {}]),
    );
    out.required = Array.isArray(schema.required) ? schema.required : [];
  }
  return out;
}

const KNOWN = [
  'type', 'format', 'enum', 'nullable', 'description', 'default', 'example', 'minimum', 'maximum', 'exclusiveMinimum',
  'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems', 'readOnly',
] as const;

function pickKnown(schema: Json): PropertySchema {
  const out: Json = {};
  for (const key of KNOWN) if (schema[key] !== undefined) out[key] = schema[key];
  return out as PropertySchema;
}

const asObject = (schema: PropertySchema | undefined): ObjectSchema | undefined =>
  schema?.properties ? { properties: schema.properties, required: schema.required ?? [] } : undefined;

/** The `data` of an envelope answer (or the answer itself). */
function answerOf(doc: Json, operation: Json | undefined): PropertySchema | undefined {
  const ok = operation?.responses?.['200'] ?? operation?.responses?.['201'];
  const body = resolve(doc, ok?.content?.['application/json']?.schema);
  return body?.properties?.data ?? body;
}

const bodyOf = (doc: Json, operation: Json | undefined) =>
  asObject(resolve(doc, operation?.requestBody?.content?.['application/json']?.schema));

function ruleOf(operation: Json | undefined): OperationRule | undefined {
  if (!operation) return undefined;
  const permission = operation['x-permission'] as { module?: string; action?: OperationRule['action'] } | undefined;
  return {
    ...(permission?.module ? { module: permission.module, action: permission.action } : {}),
    ...(Array.isArray(operation['x-roles']) ? { roles: operation['x-roles'] } : {}),
    ...(typeof operation['x-feature'] === 'string' ? { feature: operation['x-feature'] } : {}),
  };
}

const SORTABLE = /sortable fields: ([^(]*?)\s*(?:\(default \["([^"]+)","(ASC|DESC)"\]\))?$/;
const FILTERS = /filters: (.*)$/;

function listOf(operation: Json): ListSchema {
  const parameters = (operation.parameters ?? []) as Json[];
  const sort = parameters.find((p) => p.name === 'sort');
  const filter = parameters.find((p) => p.name === 'filter');
  const sortText = SORTABLE.exec(String(sort?.description ?? ''));
  const filterSchema = filter?.content?.['application/json']?.schema;
  const filters = filterSchema?.properties
    ? Object.keys(filterSchema.properties)
    : (FILTERS.exec(String(filter?.description ?? ''))?.[1] ?? '').split(/,\s*/).filter(Boolean);
  return {
    sortable: sortText ? sortText[1].split(/,\s*/).filter(Boolean) : [],
    defaultSort: sortText?.[2] ? { field: sortText[2], order: sortText[3] as 'ASC' | 'DESC' } : undefined,
    // company_id is the tenant, sent only under impersonation; never a filter a person picks
    filters: filters.filter((name) => name !== 'company_id'),
    paged: parameters.some((p) => p.name === 'range'),
  };
}

/** Every collection of the document: a path whose GET answers a list or that accepts a POST, with its `/{id}` companion. */
export function compactDocument(doc: Json): ConsoleSchema {
  const resources: Record<string, ResourceSchema> = {};
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  for (const [path, item] of Object.entries(paths)) {
    if (!path.startsWith(API_PREFIX) || path.includes('{')) continue;
    const listAnswer = item.get ? answerOf(doc, item.get) : undefined;
    const isList = listAnswer?.type === 'array';
    const one = paths[`${path}/{id}`];
    if (!isList && !(item.post && one)) continue;
    const name = path.slice(API_PREFIX.length);
    const record = asObject(isList ? listAnswer?.items : undefined) ?? asObject(answerOf(doc, one?.get)) ?? asObject(answerOf(doc, item.post));
    const update = one?.put ?? one?.patch;
    resources[name] = {
      name,
      record,
      create: item.post ? bodyOf(doc, item.post) : undefined,
      update: update ? bodyOf(doc, update) : undefined,
      ...(item.put ? { replace: bodyOf(doc, item.put) } : {}),
      list: isList ? listOf(item.get) : undefined,
      operations: {
        ...(isList ? { list: ruleOf(item.get) } : {}),
        ...(one?.get ? { get: ruleOf(one.get) } : {}),
        ...(item.post ? { create: ruleOf(item.post) } : {}),
        ...(update ? { update: ruleOf(update) } : {}),
        ...(one?.delete ? { delete: ruleOf(one.delete) } : {}),
        ...(item.put ? { replace: ruleOf(item.put) } : {}),
      },
    };
  }
  return { resources, actions: actionsOf(doc, paths, resources) };
}

const METHODS = ['post', 'put', 'patch'] as const;

function actionsOf(doc: Json, paths: Record<string, Json>, resources: Record<string, ResourceSchema>): Record<string, ObjectSchema> {
  const actions: Record<string, ObjectSchema> = {};
  for (const [path, item] of Object.entries(paths)) {
    if (!path.startsWith(API_PREFIX)) continue;
    const name = path.slice(API_PREFIX.length);
    for (const method of METHODS) {
      // a collection's create, replace and update are its resource's bodies already
      const isUpdate = method !== 'post' && name.endsWith('/{id}') && !!resources[name.slice(0, -'/{id}'.length)]?.update;
      const isCollection = !!resources[name] && (method === 'post' || method === 'put');
      const body = item[method] && !isUpdate && !isCollection ? bodyOf(doc, item[method]) : undefined;
      if (body) actions[`${method.toUpperCase()} ${name}`] = body;
    }
  }
  return actions;
}
