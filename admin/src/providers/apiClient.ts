import createClient from 'openapi-fetch';
import type { paths } from '../../../openapi/schema';
import { httpClient } from './httpClient';

const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * Every typed call goes through httpClient: the session's token, one refresh on a 401, the
 * device's copy of own-data reads while offline, and a failed call thrown as react-admin's
 * HttpError with the server's message and field errors (errorMessage/fieldErrors read it).
 * An answer that is not JSON (a file) is passed on as the bytes that came, so `parseAs: 'blob'`
 * gets the file intact and `parseAs: 'text'` reads it as UTF-8 as before.
 */
async function viaHttpClient(request: Request): Promise<Response> {
  const type = request.headers.get('Content-Type') ?? '';
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const body = !hasBody ? undefined : type.startsWith('multipart/') ? await request.formData() : (await request.text()) || undefined;
  const headers = new Headers(request.headers);
  if (body instanceof FormData) headers.delete('Content-Type');
  const answer = await httpClient(request.url, { method: request.method, body, headers, signal: request.signal, responseType: 'blob' });
  return new Response(NO_BODY.has(answer.status) ? null : (answer.blob ?? answer.body), { status: answer.status, headers: answer.headers });
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

/** A file of the API: its bytes and the name the server gave it. */
export interface ApiFile {
  blob: Blob;
  name: string;
}

/**
 * The file name of a Content-Disposition header: `filename*=UTF-8''…` (RFC 5987, any name) when
 * present, else `filename="…"` or a bare `filename=…`; the fallback when there is none.
 */
export function dispositionFileName(header: string | null, fallback: string): string {
  const value = header ?? '';
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(value)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // a malformed escape: the plain name below
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(value);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name || fallback;
}

/**
 * The file of a typed call made with `parseAs: 'blob'` (a failed call has already thrown), named
 * from its Content-Disposition:
 *
 *   const file = await apiFile(client.GET('/api/hr/payroll/{id}/payslip', { params: { path: { id } }, parseAs: 'blob' }), 'payslip.pdf');
 */
export async function apiFile(call: Promise<{ data?: Blob; response: Response }>, fallbackName: string): Promise<ApiFile> {
  const { data, response } = await call;
  return { blob: data ?? new Blob([]), name: dispositionFileName(response.headers.get('Content-Disposition'), fallbackName) };
}

/** Hands a file to the browser as a download under its name. */
export function saveFile({ blob, name }: ApiFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // some browsers start reading the URL only after the click's task; revoke it after that
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `apiFile` then `saveFile`: the typed call's file downloaded under the server's name. */
export async function downloadFile(call: Promise<{ data?: Blob; response: Response }>, fallbackName: string): Promise<void> {
  saveFile(await apiFile(call, fallbackName));
}
