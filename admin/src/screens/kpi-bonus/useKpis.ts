import { useCallback, useEffect, useState } from 'react';
import { kpiApi, type Kpi, type KpiFilters } from './api';
import { usePagedList } from './usePagedList';

const fetchKpis = (filters: KpiFilters, from: number, size: number) => kpiApi.kpis(filters, from, size);

/** The KPIs tab's page of KPIs for its filters. */
export const useKpis = (filters: KpiFilters, version: number) => usePagedList(fetchKpis, filters, 'KPIs', version);

/**
 * Every KPI of the company, by id: the target form's KPI picker and what the Targets tab needs to
 * know of a target's KPI (whether its values are entered or computed).
 */
export const useAllKpis = () => {
  const [kpis, setKpis] = useState<Kpi[] | null>(null);
  const reload = useCallback(async () => {
    try {
      setKpis(await kpiApi.allKpis());
    } catch (error) {
      console.error('Failed to load KPIs', error);
      setKpis((current) => current ?? []);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { kpis, reload };
};
