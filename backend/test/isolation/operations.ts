import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One operation of openapi/openapi.json. */
export interface Operation {
  key: string;
  method: string;
  path: string;
  queryParams: Array<{ name: string; schema: any }>;
  requestSchema: any | null;
  /** marked @SelfService: an employee without the matrix right may use it on their own records */
  selfService: boolean;
  /** works on employee records within the caller's scope (x-scoped-records): the line-manager policy may let in */
  scopedRecords: boolean;
  /** the route's x-permission (module and action), when it has one */
  permission: { module: string; action: string } | null;
}

const OPENAPI_PATH = join(__dirname, '../../../openapi/openapi.json');

export function loadOpenApi(): any {
  return JSON.parse(readFileSync(OPENAPI_PATH, 'utf8'));
}

const deref = (spec: any, schema: any): any => {
  if (schema?.$ref) return deref(spec, schema.$ref.split('/').slice(1).reduce((node: any, part: string) => node[part], spec));
  return schema;
};

export function listOperations(spec = loadOpenApi()): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries<any>(spec.paths)) {
    for (const [method, op] of Object.entries<any>(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = op.requestBody?.content?.['application/json'];
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        queryParams: (op.parameters ?? [])
          .filter((p: any) => p.in === 'query' && p.required)
          .map((p: any) => ({ name: p.name, schema: deref(spec, p.schema) })),
        requestSchema: content?.schema ? deref(spec, content.schema) : null,
        selfService: op['x-self-service'] === true,
        scopedRecords: op['x-scoped-records'] === true,
        permission: op['x-permission'] ?? null,
      });
    }
  }
  return operations.sort((x, y) => x.key.localeCompare(y.key));
}

/** A plausible value for a schema: its example, its first enum value, or one of its type. */
export function sampleValue(spec: any, raw: any): unknown {
  const schema = deref(spec, raw) ?? {};
  if (schema.example !== undefined) return schema.example;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.allOf?.length) return sampleValue(spec, schema.allOf[0]);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      if (schema.format === 'date') return '2026-11-02';
      if (schema.format === 'date-time') return '2026-11-02T09:00:00.000Z';
      if (schema.format === 'email') return 'probe@test.example.com';
      return 'probe';
  }
}

let sequence = 0;
/** A value no earlier call used, for the properties that must be unique (codes, e-mails, user names). */
const distinct = (name: string, value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  const tag = `${process.pid % 1000}${++sequence}`.padStart(6, '0');
  if (name === 'email') return `probe${tag}@test.example.com`;
  if (name === 'username') return `probe${tag}`;
  if (name === 'name') return `${value} ${tag}`;
  // (not containing "probe", the names the sample gives its owner: the password rule refuses that)
  if (name === 'password' || name === 'new_password') return `Quartz#Horse${tag}`;
  // a right current password would end the sessions every later call relies on
  if (name === 'current_password') return 'Not#TheCurrent1';
  if (name.endsWith('_date') && !/^\d{4}-\d{2}-\d{2}/.test(value)) return '2026-12-01';
  if (name.endsWith('_code')) return `${value.slice(0, 6)}${tag}`.toUpperCase();
  return value;
};

/** Body with every property of the schema filled with a plausible value (unique where it must be). */
export function sampleBody(spec: any, schema: any, method = 'POST'): Record<string, unknown> {
  const resolved = deref(spec, schema);
  const body: Record<string, unknown> = {};
  for (const [name, property] of Object.entries<any>(resolved?.properties ?? {})) {
    // codes are set once, at creation
    if (method !== 'POST' && name.endsWith('_code')) continue;
    body[name] = distinct(name, sampleValue(spec, property));
  }
  // a new employee gets a sign-in with a password (enable_login's sample) or an invitation, not both
  if (body.enable_login === true && body.send_invitation === true) body.send_invitation = false;
  return body;
}

export const fillPath = (path: string, ids: Record<string, number | string>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => String(ids[name] ?? 0));

export const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
