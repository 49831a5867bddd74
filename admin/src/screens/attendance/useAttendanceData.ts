import { useCallback, useEffect, useState } from 'react';
import { useSyncedReload } from '../../pwa/useSyncedReload';

/**
 * Loads with `load` on mount, on `reload()`, when a write made offline has been sent and when the
 * connection returns; keeps loading and error states.
 */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[] = []) {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(load, deps);
  const reload = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setData(await run());
    } catch (e) {
      setError(e);
    } finally {
      setLoading(false);
    }
  }, [run]);
  useEffect(() => {
    void reload();
  }, [reload]);
  useSyncedReload(reload);
  return { data, loading, error, reload };
}
