import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessage } from '../../providers/httpClient';
import { kpiApi, type Dashboard } from './api';

/** GET /kpi/kpi-dashboard: the Dashboard tab's figures, loaded again when `version` changes. */
export const useKpiDashboard = (version: number) => {
  const translate = useTranslate();
  const [data, setData] = useState<Dashboard | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setFailed(null);
    try {
      setData(await kpiApi.dashboard());
    } catch (error) {
      console.error('Failed to load the KPI dashboard', error);
      setFailed(errorMessage(error, translate('kpi_bonus.load_failed')));
    } finally {
      setLoading(false);
    }
  }, [translate, version]);

  useEffect(() => {
    void load();
  }, [load]);

  return { data, loading, failed, reload: load };
};
