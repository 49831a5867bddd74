/** Scheduled reports (GET/POST /api/reports/subscriptions, GET/PUT/DELETE /api/reports/subscriptions/{id}). */
import { useQuery } from '@tanstack/react-query';
import { apiData, client } from '../../providers/apiClient';
import { api } from '../../providers/httpClient';
import type { ExportFormat } from './useReport';

export interface Subscription {
  id: number | string;
  report_id: string;
  frequency: 'weekly' | 'monthly';
  format: ExportFormat;
  recipients: string[];
  department_id?: number | string | null;
  position_id?: number | string | null;
  location_id?: number | string | null;
  is_active: boolean;
  next_run_at?: string | null;
  last_sent_at?: string | null;
  created_at?: string;
}

export type SubscriptionInput = Omit<Subscription, 'id' | 'next_run_at' | 'last_sent_at' | 'created_at'>;

/** The addresses of the recipients field, separated by commas, semicolons or spaces, each once. */
export const splitRecipients = (text: string) => [...new Set(text.split(/[\s,;]+/).filter(Boolean))];

export const SUBSCRIPTIONS_KEY = ['reports', 'subscriptions'] as const;

export const useSubscriptions = () =>
  useQuery({
    queryKey: SUBSCRIPTIONS_KEY,
    queryFn: async () => (await api.get<Subscription[]>('/api/reports/subscriptions')).json ?? [],
    retry: false,
  });

export const saveSubscription = async (id: Subscription['id'] | null, input: SubscriptionInput) =>
  id === null
    ? (await api.post<Subscription>('/api/reports/subscriptions', input)).message
    : (await api.put<Subscription>(`/api/reports/subscriptions/${id}`, input)).message;

export const deleteSubscription = async (id: Subscription['id']) => (await api.delete(`/api/reports/subscriptions/${id}`)).message;

/** The e-mail addresses a report may go to: the company's people with an account (the list may be refused: then none). */
export const useRecipientChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ['reports', 'recipients'],
    queryFn: async () => {
      const employees = (await apiData(client.GET('/api/hr/employees', { params: { query: { range: JSON.stringify([0, 999]) } } }))) ?? [];
      return [...new Set(employees.filter((e) => e.user_id && e.email).map((e) => e.email as string))].sort();
    },
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
