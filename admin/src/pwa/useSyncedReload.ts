import { useEffect, useRef } from 'react';
import { QUEUE_SENT_EVENT } from './offlineQueue';

/**
 * For screens that load their data themselves (not through react-query): `reload` runs when a
 * write queued offline has gone through and when the connection returns, so data saved on the
 * device is replaced by the server's as soon as it can be.
 */
export function useSyncedReload(reload: () => unknown): void {
  const latest = useRef(reload);
  useEffect(() => {
    latest.current = reload;
  });
  useEffect(() => {
    const run = () => void latest.current();
    window.addEventListener(QUEUE_SENT_EVENT, run);
    window.addEventListener('online', run);
    return () => {
      window.removeEventListener(QUEUE_SENT_EVENT, run);
      window.removeEventListener('online', run);
    };
  }, []);
}
