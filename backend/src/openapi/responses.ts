import type { OpenAPIObject } from '@nestjs/swagger';
import { IDEMPOTENCY_PARAMETER } from '../common/http/idempotency.openapi';

export const ERROR_SCHEMA = 'ErrorResponse';
const ERROR_REF = { $ref: `#/components/schemas/${ERROR_SCHEMA}` };
const READ = new Set(['get', 'head', 'options']);
/** `{ success: true, data: null, message }`: an answer with nothing but its message. */
const EMPTY_ENVELOPE = {
  type: 'object',
  required: ['success', 'data'],
  properties: { success: { type: 'boolean', enum: [true] }, data: { type: 'object', nullable: true }, message: { type: 'string' } },
};

type Op = Record<string, any>;

const DESCRIPTIONS: Record<string, string> = {
  '400': 'A parameter or field is invalid (errors name it), or the body is not valid JSON',
  '401': 'Missing, invalid or expired access token',
  '402': "The company's trial has ended or its subscription is suspended or cancelled: it reads, but does not write",
  '403': 'The caller lacks the role or the module permission this operation needs',
  '404': 'Not found, or not the caller\'s company\'s',
  '409': 'Conflicts with the current data (e.g. a value already in use), or a request with the same Idempotency-Key is still running',
  '413': 'Request body is too large',
  '414': 'The request URI is too long',
  '415': 'Unsupported content type',
  '422': 'The request could not be processed; or the Idempotency-Key was used with another request',
  '503': 'The database is unavailable, please try again shortly',
};

/** The envelope of every error answer (common/http/envelope.ts). */
function errorSchema() {
  return {
    type: 'object',
    required: ['success', 'message'],
    properties: {
      success: { type: 'boolean', enum: [false] },
      message: { type: 'string', minLength: 1 },
      errors: {
        type: 'array',
        items: {
          type: 'object',
          required: ['message'],
          properties: { field: { type: 'string' }, message: { type: 'string' } },
        },
      },
      retry_after: { type: 'integer', minimum: 1, description: 'Seconds to wait (also in the Retry-After header)' },
    },
  };
}

/** The body names rows by id (`*_id`, `*_ids`, nested too): an unknown or foreign one is a 404. */
function refersToRows(doc: OpenAPIObject, value: unknown, seen = new Set<string>()): boolean {
  if (Array.isArray(value)) return value.some((v) => refersToRows(doc, v, seen));
  if (!value || typeof value !== 'object') return false;
  for (const [k, v] of Object.entries(value)) {
    if (k === '$ref' && typeof v === 'string') {
      const name = v.replace('#/components/schemas/', '');
      if (seen.has(name)) continue;
      seen.add(name);
      if (refersToRows(doc, doc.components?.schemas?.[name], seen)) return true;
    } else if (k === 'properties' && v && typeof v === 'object' && Object.keys(v).some((p) => /_ids?$/.test(p))) {
      return true;
    } else if (refersToRows(doc, v, seen)) return true;
  }
  return false;
}

function addStatus(op: Op, status: string): void {
  op.responses ??= {};
  op.responses[status] ??= { description: DESCRIPTIONS[status] };
}

/**
 * Every status the server can answer, derived from what the operation's metadata says (public or
 * not, roles, module permission, parameters, body, method, idempotency), each error with the
 * envelope's schema:
 * - 400 whenever there is a parameter or a body to refuse, and on every write (malformed JSON);
 * - 401 on every secured operation, 403 where roles or module permissions apply;
 * - 402 on the writes of a company (everything secured but the superadmin's own operations);
 * - 404 on operations with a path id, on deletes and where the body names rows by id; 409 on every write (unique values, a
 *   repeat while the first request runs); 422 where an Idempotency-Key is honoured;
 * - 413 and 415 on every write (the body parser refuses a body too large or of another type);
 *   414 everywhere (a URI beyond the server's limit), and 503 (the database does not answer).
 */
export function addErrorResponses(doc: OpenAPIObject): void {
  doc.components ??= {};
  doc.components.schemas = { ...doc.components.schemas, [ERROR_SCHEMA]: errorSchema() as any };
  for (const item of Object.values(doc.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, Op>)) {
      if (!op || typeof op !== 'object' || !op.responses) continue;
      const write = !READ.has(method);
      const params: any[] = op.parameters ?? [];
      const pathParam = params.some((p) => p.in === 'path');
      const honoursIdempotency = params.some((p) => p.$ref === `#/components/parameters/${IDEMPOTENCY_PARAMETER}`);
      const secured = !op['x-public'];
      const roles: string[] | undefined = op['x-roles'];
      if (params.length || op.requestBody || write) addStatus(op, '400');
      if (secured) addStatus(op, '401');
      if (roles || op['x-permission']) addStatus(op, '403');
      if (secured && write && !(roles && roles.every((r) => r === 'superadmin'))) addStatus(op, '402');
      if (pathParam || method === 'delete' || refersToRows(doc, op.requestBody)) addStatus(op, '404');
      if (write) addStatus(op, '409');
      if (honoursIdempotency) addStatus(op, '422');
      // any write may come with a body, and the body parser judges it before the route does
      if (op.requestBody || write) {
        addStatus(op, '413');
        addStatus(op, '415');
      }
      addStatus(op, '414');
      addStatus(op, '503');
      const described = Object.entries<any>(op.responses).find(([s, r]) => s.startsWith('2') && r.content);
      for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
        // a second success (e.g. 200 "already done" beside 201) answers the same envelope
        if (status.startsWith('2') && status !== '204' && !response.content) {
          response.content = described?.[1].content ?? { 'application/json': { schema: EMPTY_ENVELOPE } };
        }
        if (/^[45]/.test(status) && !response.content) {
          response.content = { 'application/json': { schema: ERROR_REF } };
        }
      }
      op.responses = Object.fromEntries(Object.entries(op.responses).sort(([a], [b]) => a.localeCompare(b)));
    }
  }
}
