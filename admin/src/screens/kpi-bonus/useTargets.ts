import { kpiApi, type Period } from './api';
import { usePagedList } from './usePagedList';

const fetchTargets = (period: Period, from: number, size: number) =>
  kpiApi.targets(period, from, size);

/** The Targets tab's page of targets within the chosen period (all targets while it is open-ended). */
export const useTargets = (period: Period, version: number) => usePagedList(fetchTargets, period, 'targets', version);
