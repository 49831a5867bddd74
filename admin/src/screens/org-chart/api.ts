import type { components } from '../../../../openapi/schema';
import { apiData, client } from '../../providers/apiClient';

export type OrgNode = components['schemas']['OrgChartNodeDto'];
export type OrgStep = components['schemas']['OrgChartStepDto'];

/** Who reports to whom, within what the server lets the user see. */
export const orgChartApi = {
  /** The top of the user's chart (the company's heads; for a line manager, themselves). */
  top: () => apiData<OrgNode[]>(client.GET('/api/hr/org-chart')),
  /** The direct reports of one employee. */
  reports: (managerId: number) => apiData<OrgNode[]>(client.GET('/api/hr/org-chart', { params: { query: { manager_id: managerId } } })),
  /** Up to 20 people by name, each with the chain from the top down to them. */
  search: (q: string) => apiData<OrgNode[]>(client.GET('/api/hr/org-chart', { params: { query: { q } } })),
};

/** A search is sent from this many characters on (the server's minimum). */
export const SEARCH_MIN = 2;

/** The employees to expand to show someone found by a search: everyone above them in the chain. */
export const chainAbove = (path: readonly OrgStep[] | undefined): number[] => (path ?? []).slice(0, -1).map((step) => step.id);

/** The address of an employee's record on the Employees screen. */
export const employeeRecord = (id: number) => `/hr/employees?employee=${id}`;
