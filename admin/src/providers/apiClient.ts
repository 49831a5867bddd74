import createClient from 'openapi-fetch';
import type { paths } from '../../../openapi/schema';
import { httpClient } from './httpClient';

const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * Every typed call goes through httpClient: the session's token, one refresh on a 401, the
 * device's copy of own-data reads while offline, and a failed call thrown as react-admin's
 * HttpError with the server's message and field errors (errorMessage/fieldErrors read it).
 */
async function viaHttpClient(request: Request): Promise<Response> {
  const type = request.headers.get('Content-Type') ?? '';
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const body = !hasBody ? undefined : type.startsWith('multipart/') ? await request.formData() : (await request.text()) || undefined;
  const headers = new Headers(request.headers);
  if (body instanceof FormData) headers.delete('Content-Type');
  const answer = await httpClient(request.url, { method: request.method, body, headers, signal: request.signal });
  return new Response(NO_BODY.has(answer.status) ? null : answer.body, { status: answer.status, headers: answer.headers });
}

/** The list parameters and other JSON-valued query parameters are sent as JSON text, as the API documents them. */
const jsonQuery = (query: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => [key, typeof value === 'object' ? JSON.stringify(value) : String(value)]),
  ).toString();

/**
 * The one typed client of the API, generated from openapi/schema.d.ts: paths, parameters, bodies
 * and answers are checked by the compiler. `apiData` gives the envelope's `data`.
 *
 *   const shifts = await apiData(client.GET('/api/hr/shifts', { params: { query: { filter: { is_active: true } } } }));
 */
export const client = createClient<paths>({ baseUrl: '', fetch: viaHttpClient, querySerializer: jsonQuery });

type Envelope<T> = { data?: T; message?: string };

/** The envelope's `data` of a typed call (a failed call has already thrown). */
export async function apiData<T>(call: Promise<{ data?: Envelope<T> }>): Promise<T> {
  const { data } = await call;
  return data?.data as T;
}

/** The envelope's `data` and `message` (the server's sentence for a toast). */
export async function apiAnswer<T>(call: Promise<{ data?: Envelope<T> }>): Promise<{ data: T; message?: string }> {
  const { data } = await call;
  return { data: data?.data as T, message: data?.message };
}
