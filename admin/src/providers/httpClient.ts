import { HttpError } from 'react-admin';
import { clearSession, getSession, setToken, setUser, type SessionUser } from './session';
import { readThrough } from '../pwa/offlineReads';

/** Base path of the API (same origin; the Vite dev server proxies it to the backend). */
export const API_URL = '/api';

export interface HttpOptions extends RequestInit {
  /** kept for react-admin's fetchUtils.Options compatibility; the token comes from the session */
  user?: { authenticated?: boolean; token?: string };
  /**
   * 'blob': a successful answer that is not JSON (a PDF, a CSV…) is kept as the bytes that came, in
   * `blob`, and `body` is empty; a JSON answer and a failure are read as text as always (the
   * envelope, the server's message). Default 'text': every body is read as text.
   */
  responseType?: 'text' | 'blob';
}

export interface HttpResponse<T = any> {
  status: number;
  headers: Headers;
  /** raw response text ('' when the answer was kept as `blob`) */
  body: string;
  /** the answer's bytes, for `responseType: 'blob'` when the answer is not JSON */
  blob?: Blob;
  /** the envelope's `data` (or the whole parsed body when it is not an envelope) */
  json: T;
  /** the envelope's `message`, if any */
  message?: string;
}

/** Field errors of a 400 answer: `errors: [{ field, message }]`. */
export interface FieldError {
  field: string;
  message: string;
}

/** Calls that must never trigger the refresh-and-retry or the session clearing. */
const AUTH_ENDPOINTS = /\/auth\/(login|register|refresh|logout)(\?|$)/;

const resolveUrl = (url: string) => {
  if (/^https?:\/\//.test(url) || url.startsWith(`${API_URL}/`) || url === API_URL) return url;
  return `${API_URL}${url.startsWith('/') ? '' : '/'}${url}`;
};

const parse = (text: string): any => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const isEnvelope = (body: any): body is { success: boolean; data?: unknown; message?: unknown } =>
  !!body && typeof body === 'object' && !Array.isArray(body) && typeof body.success === 'boolean';

const messageOf = (body: any): string | undefined => {
  const message = body && typeof body === 'object' ? body.message : undefined;
  if (Array.isArray(message)) return message.join(', ');
  return typeof message === 'string' && message ? message : undefined;
};

let refreshing: Promise<boolean> | null = null;

/** POST /api/auth/refresh once for all concurrent 401s; the refresh token is an httpOnly cookie. */
const refreshSession = (): Promise<boolean> => {
  refreshing ??= (async () => {
    try {
      const response = await fetch(`${API_URL}/auth/refresh`, {
        method: 'POST',
        credentials: 'include',
        // the server refuses a refresh without it (CSRF protection of the cookie-carried route)
        headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      });
      if (!response.ok) return false;
      const body = parse(await response.text());
      const data = isEnvelope(body) ? (body.data as { access_token?: string; user?: SessionUser }) : null;
      if (!data?.access_token) return false;
      setToken(data.access_token);
      if (data.user) setUser(data.user);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
};

const buildHeaders = (options: HttpOptions): Headers => {
  const headers = new Headers(options.headers ?? undefined);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const hasBody = options.body !== undefined && options.body !== null;
  if (!hasBody) {
    // Fastify rejects an empty body declared as JSON; simple-rest's DELETE sets text/plain for nothing
    headers.delete('Content-Type');
  } else if (!headers.has('Content-Type') && !(options.body instanceof FormData)) {
    headers.set('Content-Type', 'application/json');
  }
  const token = getSession().token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  else headers.delete('Authorization');
  return headers;
};

/** An answer that declares itself JSON, or declares nothing (as the device's copy of own data judges it). */
const isJsonAnswer = (response: Response) => /json/i.test(response.headers.get('Content-Type') ?? 'application/json');

const send = async (url: string, options: HttpOptions) => {
  const { user: _user, responseType, ...init } = options;
  const response = await fetch(url, { credentials: 'same-origin', ...init, headers: buildHeaders(options) });
  if (responseType === 'blob' && response.ok && !isJsonAnswer(response)) {
    // read once as bytes: decoding a file as text would replace whatever is not UTF-8
    return { response, text: '', body: null, blob: await response.blob() };
  }
  const text = await response.text();
  return { response, text, body: parse(text), blob: undefined };
};

/**
 * fetch wrapper for the API: bearer token, JSON, envelope unwrapping, one refresh on 401.
 * Resolves `{ status, headers, body, json }` (react-admin fetchJson shape, `json` = envelope data);
 * rejects with react-admin's HttpError(server message, status, parsed body).
 */
export async function httpClient<T = any>(url: string, options: HttpOptions = {}): Promise<HttpResponse<T>> {
  const target = resolveUrl(url);
  // own-data reads are kept on the device and answered from there while offline
  return readThrough(target, options, () => request<T>(target, options));
}

async function request<T>(target: string, options: HttpOptions): Promise<HttpResponse<T>> {
  const hadToken = !!getSession().token;
  let result = await send(target, options);

  if (result.response.status === 401 && !AUTH_ENDPOINTS.test(target)) {
    if (hadToken && (await refreshSession())) {
      result = await send(target, options);
    }
    if (result.response.status === 401) {
      // the guard sees the cleared session and sends the user to /login
      clearSession();
    }
  }

  const { response, text, body, blob } = result;
  if (!response.ok || (isEnvelope(body) && body.success === false)) {
    const message = messageOf(body) || response.statusText || `HTTP ${response.status}`;
    throw new HttpError(message, response.status, body);
  }

  return {
    status: response.status,
    headers: response.headers,
    body: text,
    ...(blob ? { blob } : {}),
    json: (isEnvelope(body) ? (body.data ?? null) : body) as T,
    message: messageOf(body),
  };
}

/** Small helpers for custom screens: `api.get('/auth/me')`, `api.post('/auth/login', body)`... */
export const api = {
  get: <T = any>(url: string, init?: HttpOptions) => httpClient<T>(url, { ...init, method: 'GET' }),
  post: <T = any>(url: string, data?: unknown, init?: HttpOptions) =>
    httpClient<T>(url, { ...init, method: 'POST', body: data === undefined ? undefined : JSON.stringify(data) }),
  put: <T = any>(url: string, data?: unknown, init?: HttpOptions) =>
    httpClient<T>(url, { ...init, method: 'PUT', body: data === undefined ? undefined : JSON.stringify(data) }),
  patch: <T = any>(url: string, data?: unknown, init?: HttpOptions) =>
    httpClient<T>(url, { ...init, method: 'PATCH', body: data === undefined ? undefined : JSON.stringify(data) }),
  delete: <T = any>(url: string, init?: HttpOptions) => httpClient<T>(url, { ...init, method: 'DELETE' }),
};

/** The server's message of a failed call, or the fallback text. */
export const errorMessage = (error: unknown, fallback: string): string => {
  if (error instanceof HttpError) return messageOf(error.body) ?? fallback;
  return fallback;
};

/** The `errors: [{ field, message }]` of a failed call (empty when none). */
export const fieldErrors = (error: unknown): FieldError[] => {
  const errors = error instanceof HttpError ? error.body?.errors : undefined;
  return Array.isArray(errors) ? errors.filter((e) => e && typeof e.field === 'string') : [];
};
