import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** A GET answer kept for offline reading, per user. */
export interface StoredRead {
  /** `${owner}|${url}` */
  key: string;
  owner: string;
  url: string;
  status: number;
  headers: [string, string][];
  body: string;
  json: unknown;
  message?: string;
  /** ISO time the answer was received from the server */
  saved_at: string;
}

export type QueueStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** A write made while offline, sent once the connection returns. */
export interface QueuedWrite {
  /** also the Idempotency-Key of the request */
  id: string;
  owner: string;
  path: string;
  body: Record<string, unknown>;
  label: string;
  /** ISO time the user made the change (the device's clock) */
  created_at: string;
  status: QueueStatus;
  attempts: number;
  /** the server's message: the success message once sent, the reason when failed */
  message?: string;
  /** HTTP status of the last answer */
  http_status?: number;
  finished_at?: string;
}

interface OfflineSchema extends DBSchema {
  reads: { key: string; value: StoredRead; indexes: { by_owner: string } };
  queue: { key: string; value: QueuedWrite; indexes: { by_owner: string } };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

const DB_NAME = 'hr-offline';

let opening: Promise<OfflineDb> | null = null;

/** The app's IndexedDB (null when the browser has none, e.g. some private modes). */
export const offlineDb = async (): Promise<OfflineDb | null> => {
  if (typeof indexedDB === 'undefined') return null;
  opening ??= openDB<OfflineSchema>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('reads', { keyPath: 'key' }).createIndex('by_owner', 'owner');
      db.createObjectStore('queue', { keyPath: 'id' }).createIndex('by_owner', 'owner');
    },
    // another tab opens a newer schema: let it, this tab reopens on next use
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
    terminated() {
      opening = null;
    },
  });
  try {
    return await opening;
  } catch (error) {
    opening = null;
    console.warn('Offline storage unavailable:', error instanceof Error ? error.message : error);
    return null;
  }
};
