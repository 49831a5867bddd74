import type { HttpOptions, HttpResponse } from '../providers/httpClient';
import { offlineDb, type StoredRead } from './offlineDb';
import { noteServedFromCache, noteServerReached, noteServerUnreachable, resetOfflineStatus } from './offlineStatus';
import { isUnreachable, offlineOwner } from './owner';

/**
 * The signed-in user's own data, readable offline (paths of GET requests); also the dashboard,
 * the installed app's start screen, as this user last saw it.
 */
const OWN_DATA = [
  /^\/api\/auth\/me$/,
  /^\/api\/dashboard\/company$/,
  /^\/api\/auth\/platform-access$/,
  /^\/api\/permissions\/user\/permissions$/,
  /^\/api\/hr\/attendance(\/|$)/,
  /^\/api\/hr\/leave-requests(\/|$)/,
  /^\/api\/hr\/leave-balances(\/|$)/,
  /^\/api\/hr\/leave-types(\/|$)/,
  /^\/api\/hr\/payroll(\/|$)/,
  // the employee's home: own tasks and KPI targets
  /^\/api\/monitoring\/my-tasks$/,
  /^\/api\/kpi\/kpi-targets$/,
  /^\/api\/auth\/me\/profile$/,
];
/** headers a screen may read from a list answer */
const KEPT_HEADERS = ['content-type', 'content-range'];
const MAX_BODY_CHARS = 2_000_000;

/** Same-origin URL with sorted query parameters, or null when the path is not own data. */
export const ownDataUrl = (url: string): string | null => {
  const parsed = new URL(url, window.location.origin);
  if (parsed.origin !== window.location.origin || !OWN_DATA.some((path) => path.test(parsed.pathname))) return null;
  parsed.searchParams.sort();
  return `${parsed.pathname}${parsed.search}`;
};

const isJson = (response: HttpResponse) => /json/i.test(response.headers.get('content-type') ?? 'application/json');

async function remember(owner: string, url: string, response: HttpResponse) {
  if (!isJson(response) || response.body.length > MAX_BODY_CHARS) return;
  const db = await offlineDb();
  if (!db) return;
  const headers = KEPT_HEADERS.flatMap((name) => {
    const value = response.headers.get(name);
    return value === null ? [] : [[name, value] as [string, string]];
  });
  const record: StoredRead = {
    key: `${owner}|${url}`,
    owner,
    url,
    status: response.status,
    headers,
    body: response.body,
    json: response.json,
    message: response.message,
    saved_at: new Date().toISOString(),
  };
  try {
    // not after a sign-out that happened while the answer was on its way
    if (offlineOwner() === owner) await db.put('reads', record);
  } catch (error) {
    // a full disk must not break the screen that got its answer
    console.warn('Could not keep data for offline use:', error instanceof Error ? error.message : error);
  }
}

async function recall(owner: string, url: string): Promise<StoredRead | undefined> {
  const db = await offlineDb();
  const record = await db?.get('reads', `${owner}|${url}`);
  return record?.owner === owner ? record : undefined;
}

const rebuild = <T>(record: StoredRead): HttpResponse<T> => ({
  status: record.status,
  headers: new Headers(record.headers),
  body: record.body,
  json: record.json as T,
  message: record.message,
});

/**
 * Runs an API request. A successful GET of the signed-in user's own data is kept on the device;
 * when the server cannot be reached, the kept answer of that user is returned instead (and the
 * layout shows how old it is).
 */
export async function readThrough<T>(
  url: string,
  options: HttpOptions,
  request: () => Promise<HttpResponse<T>>,
): Promise<HttpResponse<T>> {
  const isRead = (options.method ?? 'GET').toUpperCase() === 'GET';
  const owner = isRead ? offlineOwner() : null;
  const key = owner ? ownDataUrl(url) : null;
  try {
    const response = await request();
    noteServerReached();
    // the session may have changed while the request ran (sign-out)
    if (owner && key) void remember(owner, key, response);
    return response;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (!isUnreachable(error)) {
      noteServerReached();
      throw error;
    }
    noteServerUnreachable();
    const record = owner && key ? await recall(owner, key) : undefined;
    if (!record) throw error;
    noteServedFromCache(record.saved_at);
    return rebuild<T>(record);
  }
}

/** Sign-out: the user's kept answers are deleted from the device. */
export async function forgetReads(owner: string | null): Promise<void> {
  resetOfflineStatus();
  if (!owner) return;
  const db = await offlineDb();
  if (!db) return;
  const tx = db.transaction('reads', 'readwrite');
  const keys = await tx.store.index('by_owner').getAllKeys(owner);
  await Promise.all([...keys.map((key) => tx.store.delete(key)), tx.done]);
}
