/** The reports screen's calls: the catalogue, one report, its file, and the pickers' choices. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HttpError } from 'react-admin';
import type { paths } from '../../../../openapi/schema';
import { apiData, client, downloadFile } from '../../providers/apiClient';
import type { Filters, ReportInfo, ReportResult } from './report';
import { reportQuery } from './report';

export type ExportFormat = 'csv' | 'xlsx' | 'pdf';
type ReportId = paths['/api/reports/{report}']['get']['parameters']['path']['report'];
/** the query as the API types it; the filters go as typed (text), so the server's word on a bad one is what the person sees */
type ReportQuery = NonNullable<paths['/api/reports/{report}']['get']['parameters']['query']>;

const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

export const isForbidden = (error: unknown) => error instanceof HttpError && error.status === 403;

/** GET /api/reports: the reports the caller may see. */
export const useCatalogue = () =>
  useQuery({
    queryKey: ['reports', 'catalogue'],
    queryFn: async (): Promise<ReportInfo[]> => (await apiData(client.GET('/api/reports'))) ?? [],
    retry: false,
    staleTime: 5 * 60_000,
  });

/** GET /api/reports/{report} with the report's filters; the previous answer stays while the next loads. */
export const useReport = (report: ReportInfo | undefined, filters: Filters) => {
  const query = (report ? reportQuery(report, filters) : {}) as ReportQuery;
  return useQuery({
    queryKey: ['reports', 'report', report?.id, query],
    queryFn: (): Promise<ReportResult> => apiData(client.GET('/api/reports/{report}', { params: { path: { report: report!.id as ReportId }, query } })),
    enabled: !!report,
    retry: false,
    placeholderData: keepPreviousData,
  });
};

/** GET /api/reports/{report}/export: the file, saved under the server's name. */
export const exportReport = (report: ReportInfo, filters: Filters, format: ExportFormat): Promise<void> =>
  downloadFile(
    client.GET('/api/reports/{report}/export', {
      params: { path: { report: report.id as ReportId }, query: { ...(reportQuery(report, filters) as ReportQuery), format } },
      headers: { Accept: MIME[format] },
      parseAs: 'blob',
    }) as Promise<{ data?: Blob; response: Response }>,
    `${report.id}.${format}`,
  );

export interface Choice {
  id: string;
  name: string;
}

const ALL = { range: JSON.stringify([0, 999]) };

/** The departments, positions and work locations for the pickers; a list the caller may not read is left out (null). */
export const usePickers = (needed: { department: boolean; position: boolean; location: boolean }) => {
  const options = { retry: false, staleTime: 5 * 60_000 } as const;
  const departments = useQuery({
    ...options,
    queryKey: ['reports', 'pickers', 'departments'],
    queryFn: async () =>
      ((await apiData(client.GET('/api/hr/departments', { params: { query: ALL } }))) ?? []).map((d) => ({ id: String(d.id), name: d.department_name })),
    enabled: needed.department,
  });
  const positions = useQuery({
    ...options,
    queryKey: ['reports', 'pickers', 'positions'],
    queryFn: async () =>
      ((await apiData(client.GET('/api/hr/positions', { params: { query: ALL } }))) ?? []).map((p) => ({ id: String(p.id), name: p.position_title })),
    enabled: needed.position,
  });
  const locations = useQuery({
    ...options,
    queryKey: ['reports', 'pickers', 'locations'],
    queryFn: async () =>
      ((await apiData(client.GET('/api/hr/work-locations', { params: { query: ALL } }))) ?? []).map((l) => ({ id: String(l.id), name: l.location_name })),
    enabled: needed.location,
  });
  const list = (q: { data?: Choice[]; error: unknown }) => (q.error ? null : (q.data ?? []));
  return { department_id: list(departments), position_id: list(positions), location_id: list(locations) };
};
