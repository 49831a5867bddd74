import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './errors';
import { fieldLabel } from './fields';

/** Deeper than any body of the API: refused before validation, which would recurse through it. */
export const MAX_BODY_DEPTH = 32;

// PostgreSQL text cannot hold NUL; an unpaired surrogate would be stored as U+FFFD, silently changed
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARACTERS = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface BodyProblem {
  field: string;
  message: string;
}

/** The first problem of a parsed body or query: too deep, or a string PostgreSQL cannot store as sent. */
export function findBodyProblem(value: unknown): BodyProblem | null {
  const stack: Array<[unknown, string, number]> = [[value, '', 0]];
  while (stack.length) {
    const [node, path, depth] = stack.pop()!;
    const field = path || 'body';
    if (depth > MAX_BODY_DEPTH) return { field, message: 'The request body is nested too deeply' };
    if (typeof node === 'string') {
      if (FORBIDDEN_CHARACTERS.test(node)) return { field, message: `${fieldLabel(field)} contains characters that are not allowed` };
    } else if (Array.isArray(node)) {
      node.forEach((item, i) => stack.push([item, `${path}[${i}]`, depth + 1]));
    } else if (node && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        if (FORBIDDEN_CHARACTERS.test(key)) return { field, message: `${fieldLabel(field)} contains characters that are not allowed` };
        stack.push([item, path ? `${path}.${key}` : key, depth + 1]);
      }
    }
  }
  return null;
}

/**
 * The same check for a value decoded after the guard has run (a multipart part's file name): a 400
 * naming the field, e.g. "The file name contains characters that are not allowed".
 */
export function assertStorable(value: unknown, field: string, label: string = field): void {
  if (findBodyProblem(value)) throw badRequest(`${label} contains characters that are not allowed`, field);
}

/**
 * Refuses, with a 400 naming the field, bodies, query strings and path parameters no route could
 * store safely. The list parameters' JSON (sort, range, filter) is checked once decoded, where it
 * is parsed (list-query.ts).
 */
export function registerBodyGuard(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    const problem = findBodyProblem(request.query) ?? findBodyProblem(request.params) ?? findBodyProblem(request.body);
    if (problem) {
      return reply.code(400).send({ success: false, message: problem.message, errors: [problem] });
    }
  });
}
