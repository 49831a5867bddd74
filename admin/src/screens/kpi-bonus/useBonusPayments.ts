import { useCallback, useEffect, useState } from 'react';
import { kpiApi, type PaymentFilters, type PaymentTotals } from './api';
import { usePagedList } from './usePagedList';

const fetchPayments = (filters: PaymentFilters, from: number, size: number) =>
  kpiApi.payments(filters, from, size);

/** The Bonuses tab: a page of payments and the totals (all, paid, pending) for the same filters. */
export const useBonusPayments = (filters: PaymentFilters, version: number) => {
  const list = usePagedList(fetchPayments, filters, 'bonus payments', version);
  const [totals, setTotals] = useState<PaymentTotals | null>(null);
  const key = JSON.stringify(filters);

  const loadTotals = useCallback(async () => {
    try {
      setTotals(await kpiApi.paymentTotals(JSON.parse(key) as PaymentFilters));
    } catch (error) {
      console.error('Failed to load bonus totals', error);
    }
  }, [key, version]);

  useEffect(() => {
    void loadTotals();
  }, [loadTotals]);

  const { reload: reloadList } = list;
  const reload = useCallback(async () => {
    await Promise.all([reloadList(), loadTotals()]);
  }, [reloadList, loadTotals]);

  return { ...list, totals, reload };
};
