import { readFileSync } from 'node:fs';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { resolve } from 'node:path';

/**
 * Checks an answer against openapi/openapi.json: its status must be documented for the operation
 * (path template + method) and its body valid against that status's schema for its content type.
 * Answers that are not JSON (CSV, PDF, images) are checked for status and content type only.
 * Paths outside the API document are not checked (`SKIPPED`): the static site, Swagger UI and the
 * tests' own probe controllers (/api/probe, /api/rls-probe, …). Any other /api path the document
 * does not have must answer 404 in the error envelope.
 */
export const SKIPPED: readonly RegExp[] = [
  /^\/(?!api(\/|$))/, // the static site (landing page, console)
  /^\/api\/docs(\/|$)/, // Swagger UI and its copy of the document
  /^\/api\/([a-z]+-)?probe(\/|$)/, // controllers the tests add to the app
];

const OPENAPI_FILE = resolve(__dirname, '../../../openapi/openapi.json');

type Doc = { paths: Record<string, Record<string, any>>; components?: Record<string, any> };

interface Answer {
  method: string;
  url: string;
  status: number;
  contentType?: string;
  body: unknown;
  text?: string;
}

/** OpenAPI 3.0's `nullable` as JSON Schema (Ajv accepts `nullable` only next to `type`). */
function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = k === 'example' || k === 'examples' ? undefined : toJsonSchema(v);
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  if (out.nullable === true) {
    delete out.nullable;
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    const composed = ['$ref', 'allOf', 'anyOf', 'oneOf'].some((k) => k in out);
    if (typeof out.type === 'string' && !composed) return { ...out, type: [out.type, 'null'] };
    return Object.keys(out).length ? { anyOf: [out, { type: 'null' }] } : {};
  }
  return out;
}

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export class OpenApiChecker {
  private readonly ajv: Ajv;
  private readonly templates: Array<{ path: string; re: RegExp; params: number }>;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly doc: Doc) {
    this.ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema(toJsonSchema(doc) as object, 'openapi.json');
    this.templates = Object.keys(doc.paths)
      .map((path) => ({
        path,
        re: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/}]+\}/g, '[^/]+')}$`),
        params: (path.match(/\{/g) ?? []).length,
      }))
      // a literal segment wins over a parameter (/employees/export before /employees/{id})
      .sort((a, b) => a.params - b.params);
  }

  static fromFile(file = OPENAPI_FILE): OpenApiChecker {
    return new OpenApiChecker(JSON.parse(readFileSync(file, 'utf8')) as Doc);
  }

  private validator(pointer: string): ValidateFunction {
    let v = this.validators.get(pointer);
    if (!v) {
      v = this.ajv.compile({ $ref: `openapi.json#${pointer}` });
      this.validators.set(pointer, v);
    }
    return v;
  }

  /** undefined when the answer is what the document says; otherwise why not. */
  check(answer: Answer): string | undefined {
    const raw = new URL(answer.url, 'http://x').pathname;
    let path = raw;
    try {
      path = decodeURI(raw);
    } catch {
      // a malformed URL is matched as sent
    }
    if (SKIPPED.some((re) => re.test(path))) return undefined;
    const method = answer.method.toLowerCase();
    const template = this.templates.find((t) => t.re.test(path) && this.doc.paths[t.path][method]);
    const what = `${answer.method.toUpperCase()} ${template?.path ?? path}`;
    const type = (answer.contentType ?? '').split(';')[0].trim().toLowerCase();
    if (!template) {
      if (answer.status !== 404) return `${what}: no such operation in openapi/openapi.json, yet it answered ${answer.status}`;
      return this.body(what, '/components/schemas/ErrorResponse', answer, type);
    }
    const op = this.doc.paths[template.path][method];
    const label = `${what} (${op.operationId})`;
    const status = String(answer.status);
    const response = op.responses?.[status] ?? op.responses?.default;
    if (!response) {
      return `${label} answered ${status}, which openapi/openapi.json does not document (documented: ${Object.keys(op.responses ?? {}).join(', ')}); body: ${JSON.stringify(answer.body ?? answer.text)?.slice(0, 300)}`;
    }
    const content: Record<string, unknown> | undefined = response.content;
    if (!content) {
      const empty = answer.text === undefined || answer.text === '';
      return empty || answer.method.toUpperCase() === 'HEAD' ? undefined : `${label} answered ${status} with a body, but the document has none for it`;
    }
    if (answer.method.toUpperCase() === 'HEAD') return undefined;
    if (!content[type]) {
      return `${label} answered ${status} as ${type || 'no content type'}, not as documented (${Object.keys(content).join(', ')})`;
    }
    if (type !== 'application/json') return undefined;
    const statusKey = op.responses[status] ? status : 'default';
    return this.body(
      `${label} ${status}`,
      `/paths/${escape(template.path)}/${method}/responses/${statusKey}/content/${escape(type)}/schema`,
      answer,
      type,
    );
  }

  private body(label: string, pointer: string, answer: Answer, type: string): string | undefined {
    if (type !== 'application/json') return `${label}: answered ${type || 'no content type'}, not JSON`;
    const validate = this.validator(pointer);
    if (validate(answer.body)) return undefined;
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`)
      .join('; ');
    return `${label}: the body does not match openapi/openapi.json: ${errors}; body: ${JSON.stringify(answer.body)?.slice(0, 300)}`;
  }
}

let shared: OpenApiChecker | undefined;
/** The checker of the committed document (read once per test file). */
export function openApiChecker(): OpenApiChecker {
  return (shared ??= OpenApiChecker.fromFile());
}

type Supertest = ReturnType<typeof request>;

/**
 * supertest over the server, every answer checked against the document: a mismatch fails the
 * request (and so the test that made it) with a message naming the operation, the status and
 * the schema error.
 */
export function checkedRequest(server: Parameters<typeof request>[0]): Supertest {
  const agent = request(server);
  return new Proxy(agent, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const test = value.apply(target, args);
        if (test && typeof test.end === 'function' && typeof test.method === 'string') watch(test);
        return test;
      };
    },
  }) as Supertest;
}

const allowed = new WeakMap<object, number>();

/**
 * For a test that injects a fault on purpose (a failing dependency): this one request may answer
 * `status`, which no document lists (500). Every other answer of the request is still checked.
 */
export function injectedFault<T extends object>(test: T, status = 500): T {
  allowed.set(test, status);
  return test;
}

function watch(test: any): void {
  const end = test.end.bind(test);
  test.end = (callback?: (err: unknown, res: any) => void) =>
    end((err: unknown, res: any) => {
      let problem: string | undefined;
      try {
        problem = res && allowed.get(test) !== res.status ? checkAnswer(test, res) : undefined;
      } catch (e) {
        problem = `the checker failed: ${(e as Error).message}`;
      }
      if (problem) {
        const error = new Error(`the answer is not what openapi/openapi.json says: ${problem}`);
        return callback?.(err ? new Error(`${error.message}\n(and: ${(err as Error).message})`) : error, res);
      }
      callback?.(err, res);
    });
}

function checkAnswer(test: any, res: any): string | undefined {
  return openApiChecker().check({
    method: test.method,
    url: test.url,
    status: res.status,
    contentType: res.headers?.['content-type'],
    body: res.body,
    text: res.text,
  });
}
