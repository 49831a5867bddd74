import { useSyncExternalStore } from 'react';

/** What the layout tells the user about the connection and the age of the data on screen. */
export interface OfflineStatus {
  /** the device is offline, or the last request could not reach the server */
  offline: boolean;
  /** when the data on screen was last received from the server (ISO), if known */
  lastUpdated: string | null;
}

let reachable = true;
let lastSuccess: string | null = null;
/** oldest saved answer shown since the server was last reached */
let servedFrom: string | null = null;
const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;
let snapshot: OfflineStatus = { offline: !browserOnline(), lastUpdated: null };
const listeners = new Set<() => void>();

const update = () => {
  const offline = !browserOnline() || !reachable;
  const lastUpdated = servedFrom ?? lastSuccess;
  if (offline !== snapshot.offline || lastUpdated !== snapshot.lastUpdated) {
    snapshot = { offline, lastUpdated };
    listeners.forEach((listener) => listener());
  }
};

/** A request got an answer from the server (whatever its status). */
export const noteServerReached = () => {
  reachable = true;
  servedFrom = null;
  lastSuccess = new Date().toISOString();
  update();
};

/** A request could not reach the server. */
export const noteServerUnreachable = () => {
  reachable = false;
  update();
};

/** A saved answer (received at `savedAt`) was shown instead of the server's. */
export const noteServedFromCache = (savedAt: string) => {
  reachable = false;
  if (!servedFrom || savedAt < servedFrom) servedFrom = savedAt;
  update();
};

/** Forgets the data times (sign-out). */
export const resetOfflineStatus = () => {
  servedFrom = null;
  lastSuccess = null;
  update();
};

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    // the next answer proves it; until then trust the browser
    reachable = true;
    update();
  });
  window.addEventListener('offline', update);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const getOfflineStatus = (): OfflineStatus => snapshot;

export const useOfflineStatus = (): OfflineStatus => useSyncExternalStore(subscribe, getOfflineStatus, getOfflineStatus);
