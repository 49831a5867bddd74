import type { components } from '../../../../openapi/schema';
import { api } from '../../providers/httpClient';

export const STATUSES = ['pending', 'in_progress', 'completed', 'cancelled', 'on_hold', 'overdue'] as const;
/** The Tasks tab's status filter offers only these (hr.md 2). */
export const FILTER_STATUSES = ['pending', 'in_progress', 'completed', 'overdue'] as const;
export const PRIORITIES = ['low', 'medium', 'high', 'urgent', 'critical'] as const;
export const CATEGORIES = [
  'general',
  'onboarding',
  'offboarding',
  'leave_approval',
  'payroll_processing',
  'performance_review',
] as const;

export type TaskStatus = (typeof STATUSES)[number];
export type TaskPriority = (typeof PRIORITIES)[number];
export type TaskCategory = (typeof CATEGORIES)[number];

type Schemas = components['schemas'];
export type Task = Schemas['TaskResponseDto'];
export type TaskComment = Schemas['TaskCommentResponseDto'];
export type TaskMetrics = Schemas['TaskMetricsDto'];
export type BulkResult = Schemas['BulkCreateResultDto'];
export type TaskChanges = Pick<Schemas['UpdateTaskDto'], 'status' | 'reopen' | 'progress_percentage' | 'due_date'>;
export type NewTasks = Schemas['BulkCreateTasksDto'];

export interface TaskFilters {
  q?: string;
  status?: string;
  priority?: string;
  category?: string;
}

/** The pickers of the New Task form (GET /api/hr/departments, positions, employees). */
export interface DepartmentOption {
  id: number;
  department_name: string;
  is_active?: boolean;
}
export interface PositionOption {
  id: number;
  position_title: string;
  department_id: number | null;
}
export interface EmployeeOption {
  id: number;
  first_name: string;
  last_name: string;
  department_id: number | null;
  position_id: number | null;
  employment_status: string;
}

const TASKS = '/monitoring/tasks';

const query = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();

/** Total of a simple-rest list from its Content-Range header (`tasks 0-24/137`). */
const totalOf = (headers: Headers, fallback: number) => {
  const match = /\/(\d+)$/.exec(headers.get('Content-Range') ?? '');
  return match ? Number(match[1]) : fallback;
};

const all = async <T>(path: string) => (await api.get<T[]>(`${path}?${query({ range: [0, 999] })}`)).json ?? [];

/** The operational monitoring calls (hr.md 7). */
export const monitoringApi = {
  list: async (filters: TaskFilters, page: number, perPage: number, sort: [string, 'ASC' | 'DESC']) => {
    const filter = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
    const res = await api.get<Task[]>(
      `${TASKS}?${query({ filter, sort, range: [page * perPage, page * perPage + perPage - 1] })}`,
    );
    return { tasks: res.json ?? [], total: totalOf(res.headers, res.json?.length ?? 0) };
  },
  get: async (id: number) => (await api.get<Task>(`${TASKS}/${id}`)).json,
  update: async (id: number, changes: TaskChanges) => (await api.put<Task>(`${TASKS}/${id}`, changes)).json,
  remove: (id: number) => api.delete(`${TASKS}/${id}`),
  bulkCreate: async (body: NewTasks) => (await api.post<BulkResult>(`${TASKS}/bulk`, body)).json,
  comments: async (id: number) => (await api.get<TaskComment[]>(`${TASKS}/${id}/comments`)).json ?? [],
  addComment: async (id: number, comment: string) =>
    (await api.post<TaskComment>(`${TASKS}/${id}/comments`, { comment })).json,
  metrics: async (range: { start_date?: string; end_date?: string }) =>
    (await api.get<TaskMetrics>(`${TASKS}/metrics?${query(range)}`)).json,
  departments: () => all<DepartmentOption>('/hr/departments'),
  positions: () => all<PositionOption>('/hr/positions'),
  employees: () => all<EmployeeOption>('/hr/employees'),
};
