import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessage } from '../../providers/httpClient';
import type { Page } from './api';

/**
 * One page of a server list: loads again when the filters, the page or the page size change, and
 * on reload(). hr.md 8: a loading error is logged; the screen shows it with a Retry, no toast.
 */
export function usePagedList<T, F extends object>(
  fetchPage: (filters: F, from: number, size: number) => Promise<Page<T>>,
  filters: F,
  what: string,
  /** a change loads the current page again (something was saved elsewhere on the screen) */
  version = 0,
) {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  const [data, setData] = useState<Page<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState<string | null>(null);
  const key = JSON.stringify(filters);
  const latest = useRef(0);

  // new filters start again from the first page
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setPage(0);
  }

  const load = useCallback(async () => {
    const call = ++latest.current;
    setLoading(true);
    setFailed(null);
    try {
      const result = await fetchPage(JSON.parse(key) as F, page * perPage, perPage);
      if (call === latest.current) setData(result);
    } catch (error) {
      console.error(`Failed to load ${what}`, error);
      if (call === latest.current) setFailed(errorMessage(error, translate('kpi_bonus.load_failed')));
    } finally {
      if (call === latest.current) setLoading(false);
    }
  }, [fetchPage, key, page, perPage, what, translate, version]);

  useEffect(() => {
    void load();
  }, [load]);

  return {
    rows: data?.rows ?? [],
    total: data?.total ?? 0,
    loaded: data !== null,
    loading,
    failed,
    reload: load,
    page,
    setPage,
    perPage,
    setPerPage: (size: number) => {
      setPerPage(size);
      setPage(0);
    },
  };
}
