import { useSyncExternalStore } from 'react';
import { HttpError } from 'react-admin';
import { api, errorMessage, fieldErrors } from '../providers/httpClient';
import { subscribeSession } from '../providers/session';
import { offlineDb, type OfflineDb, type QueuedWrite } from './offlineDb';
import { isUnreachable, offlineOwner } from './owner';

export type { QueuedWrite } from './offlineDb';

/** The answer of a write that may have to wait for the network. */
export type SubmitResult<T> = { status: 'sent'; data: T } | { status: 'queued'; id: string };

/** What the user sees for a queued write (e.g. 'Check in', 'Leave request'). */
export interface SubmitOptions {
  label: string;
}

/** A queued write reached its end in this tab. */
export interface QueueEvent {
  item: QueuedWrite;
  outcome: 'sent' | 'failed';
}

/** Background Sync tag; public/offline-sync-sw.js answers it by asking an open page to send. */
export const SYNC_TAG = 'hr-offline-queue';
/** Message the service worker posts to the pages on a Background Sync event. */
export const FLUSH_MESSAGE = 'FLUSH_OFFLINE_QUEUE';
const LOCK_NAME = 'hr-offline-queue';
const RETRY_MS = 30_000;
const KEEP_SENT_MS = 7 * 24 * 60 * 60 * 1000;

const newId = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

const idempotent = (id: string) => ({ headers: { 'Idempotency-Key': id } });

/** The server's 409 while an earlier attempt with the same Idempotency-Key is still running. */
const KEY_IN_PROGRESS = /Idempotency-Key is still being processed/i;

/** A rejection the server will repeat: the write is failed, not retried. */
const isFinalRejection = (error: HttpError) => {
  const { status } = error;
  if (status === 409 && KEY_IN_PROGRESS.test(error.message)) return false;
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 425 && status !== 429;
};

const reasonOf = (error: HttpError): string => {
  const fields = fieldErrors(error).map((e) => e.message);
  const message = errorMessage(error, error.message || `HTTP ${error.status}`);
  return fields.length ? [message, ...fields.filter((m) => m !== message)].join(' — ') : message;
};

// ---- the current user's queue as a store for the UI ----

let items: QueuedWrite[] = [];
let refreshing = 0;
const listeners = new Set<() => void>();
const eventListeners = new Set<(event: QueueEvent) => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('hr-offline-queue');

const byTime = (a: QueuedWrite, b: QueuedWrite) => a.created_at.localeCompare(b.created_at);
/** Not sent yet: waiting for the connection, or on its way. */
export const isWaiting = (item: QueuedWrite) => item.status === 'pending' || item.status === 'sending';

const ownItems = async (db: OfflineDb, owner: string) =>
  (await db.getAllFromIndex('queue', 'by_owner', owner)).sort(byTime);

async function refresh(): Promise<void> {
  const run = ++refreshing;
  const owner = offlineOwner();
  const db = await offlineDb();
  let list: QueuedWrite[] = [];
  if (owner && db) {
    const expired = Date.now() - KEEP_SENT_MS;
    list = [];
    for (const item of await ownItems(db, owner)) {
      if (item.status === 'sent' && item.finished_at && Date.parse(item.finished_at) < expired) await db.delete('queue', item.id);
      else list.push(item);
    }
  }
  if (run !== refreshing) return;
  items = list;
  listeners.forEach((listener) => listener());
}

/** After a change of the stored queue: this tab and the others re-read it. */
const changed = async () => {
  channel?.postMessage('changed');
  await refresh();
};

/**
 * Window event after a queued write went through (detail: `{ id, path }`), for screens that keep
 * their data outside react-query and reload it themselves.
 */
export const QUEUE_SENT_EVENT = 'offline-queue:sent';

const emit = (event: QueueEvent) => {
  eventListeners.forEach((listener) => listener(event));
  if (event.outcome === 'sent') {
    window.dispatchEvent(new CustomEvent(QUEUE_SENT_EVENT, { detail: { id: event.item.id, path: event.item.path } }));
  }
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The signed-in user's queued writes, oldest first (pending, sending, sent and failed). */
export const useOfflineQueue = (): QueuedWrite[] => useSyncExternalStore(subscribe, () => items, () => items);

/** Called when a queued write of this tab is sent or refused. */
export const onQueueEvent = (listener: (event: QueueEvent) => void): (() => void) => {
  eventListeners.add(listener);
  return () => {
    eventListeners.delete(listener);
  };
};

// ---- sending ----

type Step = 'next' | 'stop';

async function sendOne(db: OfflineDb, item: QueuedWrite): Promise<Step> {
  const sending: QueuedWrite = { ...item, status: 'sending', attempts: item.attempts + 1 };
  await db.put('queue', sending);
  await changed();
  try {
    const response = await api.post(item.path, item.body, idempotent(item.id));
    const sent: QueuedWrite = {
      ...sending,
      status: 'sent',
      message: response.message,
      http_status: response.status,
      finished_at: new Date().toISOString(),
    };
    await db.put('queue', sent);
    emit({ item: sent, outcome: 'sent' });
    return 'next';
  } catch (error) {
    if (error instanceof HttpError && isFinalRejection(error)) {
      const failed: QueuedWrite = {
        ...sending,
        status: 'failed',
        message: reasonOf(error),
        http_status: error.status,
        finished_at: new Date().toISOString(),
      };
      await db.put('queue', failed);
      emit({ item: failed, outcome: 'failed' });
      return 'next';
    }
    // no network, server trouble or an ended session: it waits for the next attempt
    await db.put('queue', { ...sending, status: 'pending', http_status: error instanceof HttpError ? error.status : undefined });
    if (!isUnreachable(error)) console.warn(`Queued "${item.label}" not sent yet:`, error instanceof Error ? error.message : error);
    return 'stop';
  } finally {
    await changed();
  }
}

/** Sends the signed-in user's waiting writes in the order they were made; the number still waiting. */
async function sendWaiting(): Promise<number> {
  const owner = offlineOwner();
  const db = await offlineDb();
  if (!owner || !db) return 0;
  const waiting = async () => (await ownItems(db, owner)).filter(isWaiting);
  for (;;) {
    // the user signed out meanwhile: their writes wait for their next sign-in
    if (offlineOwner() !== owner) break;
    // 'sending' here means a tab died mid-request: the Idempotency-Key makes the resend safe
    const [next] = await waiting();
    if (!next || (await sendOne(db, next)) === 'stop') break;
  }
  return (await waiting()).length;
}

/** Web Locks keep two tabs (or a tab and a Background Sync) from sending the same write together. */
const withQueueLock = async <T>(work: () => Promise<T>): Promise<T> =>
  'locks' in navigator && navigator.locks ? ((await navigator.locks.request(LOCK_NAME, work)) as T) : work();

let flushing: Promise<{ remaining: number }> | null = null;
let flushAgain = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

const scheduleRetry = (remaining: number) => {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  if (remaining > 0 && navigator.onLine) retryTimer = setTimeout(() => void flushQueue(), RETRY_MS);
};

/** Sends the waiting writes now (one run at a time); resolves with how many still wait. */
export function flushQueue(): Promise<{ remaining: number }> {
  if (flushing) {
    flushAgain = true;
    return flushing;
  }
  flushing = (async () => {
    let remaining = 0;
    try {
      do {
        flushAgain = false;
        remaining = await withQueueLock(sendWaiting);
      } while (flushAgain && remaining === 0);
    } catch (error) {
      console.warn('Sending queued changes failed:', error instanceof Error ? error.message : error);
    } finally {
      flushing = null;
    }
    scheduleRetry(remaining);
    return { remaining };
  })();
  return flushing;
}

interface SyncCapableRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks for a Background Sync where the browser has it; the 'online' listener covers the others. */
async function requestBackgroundSync(): Promise<void> {
  try {
    if (!('serviceWorker' in navigator)) return;
    const registration = (await navigator.serviceWorker.getRegistration('/')) as SyncCapableRegistration | undefined;
    await registration?.sync?.register(SYNC_TAG);
  } catch {
    // Background Sync refused (permission, unsupported): reconnect and retry timers still send
  }
}

async function enqueue(owner: string, id: string, createdAt: string, path: string, body: Record<string, unknown>, label: string) {
  const db = await offlineDb();
  if (!db) return false;
  await db.add('queue', { id, owner, path, body, label, created_at: createdAt, status: 'pending', attempts: 0 });
  await changed();
  void requestBackgroundSync();
  scheduleRetry(1);
  return true;
}

/**
 * POSTs `body` to `path` (check-in, check-out, leave requests). When the device is offline the
 * write is kept with its original time and sent once the connection returns, exactly once (the
 * request carries an Idempotency-Key). Writes queued earlier are sent first, so the order holds.
 */
export async function submitOrQueue<T = unknown>(
  path: string,
  body: Record<string, unknown>,
  options: SubmitOptions,
): Promise<SubmitResult<T>> {
  const id = newId();
  const createdAt = new Date().toISOString();
  const owner = offlineOwner();
  const queue = async (error?: unknown): Promise<SubmitResult<T>> => {
    if (owner && (await enqueue(owner, id, createdAt, path, body, options.label))) return { status: 'queued', id };
    throw error ?? new TypeError('Failed to fetch');
  };

  if (owner) {
    if (!navigator.onLine) return queue();
    if (items.some(isWaiting) && (await flushQueue()).remaining > 0) return queue();
  }
  try {
    const response = await api.post<T>(path, body, idempotent(id));
    return { status: 'sent', data: response.json };
  } catch (error) {
    if (owner && isUnreachable(error)) return queue(error);
    throw error;
  }
}

/** Before a sign-out: sends what waits, for a few seconds at most. */
export async function flushBeforeSignOut(timeoutMs = 5000): Promise<void> {
  if (!offlineOwner() || !navigator.onLine || !items.some(isWaiting)) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([flushQueue(), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
}

/** A failed write is tried again. */
export async function retryWrite(id: string): Promise<void> {
  const db = await offlineDb();
  const item = await db?.get('queue', id);
  if (!db || !item || item.owner !== offlineOwner() || item.status !== 'failed') return;
  await db.put('queue', { ...item, status: 'pending', message: undefined, http_status: undefined, finished_at: undefined });
  await changed();
  await flushQueue();
}

/** A waiting or failed write is dropped without being sent. */
export async function discardWrite(id: string): Promise<void> {
  const db = await offlineDb();
  const item = await db?.get('queue', id);
  if (!db || !item || item.owner !== offlineOwner() || item.status === 'sending') return;
  await db.delete('queue', id);
  await changed();
}

/** Removes the sent writes from the list. */
export async function clearSent(): Promise<void> {
  const owner = offlineOwner();
  const db = await offlineDb();
  if (!owner || !db) return;
  for (const item of await ownItems(db, owner)) if (item.status === 'sent') await db.delete('queue', item.id);
  await changed();
}

let started = false;

/**
 * Sends waiting writes at start, when the connection returns, when the app comes back to the
 * foreground, after a sign-in, and when the service worker relays a Background Sync.
 */
export function startOfflineQueue(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const flushIfOnline = () => {
    if (navigator.onLine) void flushQueue();
  };
  window.addEventListener('online', flushIfOnline);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') flushIfOnline();
  });
  if (channel) channel.onmessage = () => void refresh();
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if (event.data?.type !== FLUSH_MESSAGE) return;
    const port = event.ports[0];
    void flushQueue().then(({ remaining }) => port?.postMessage({ remaining }));
  });
  let owner = offlineOwner();
  subscribeSession(() => {
    const next = offlineOwner();
    if (next === owner) return;
    owner = next;
    void refresh().then(flushIfOnline);
  });
  void refresh().then(flushIfOnline);
}
