/** Scheduled reports (GET/POST /api/reports/subscriptions, GET/PUT/DELETE /api/reports/subscriptions/{id}). */
import { useQuery } from '@tanstack/react-query';
import { apiAnswer, apiData, client } from '../../providers/apiClient';
import type { components } from '../../../../openapi/schema';

type Schemas = components['schemas'];
export type Subscription = Schemas['ReportSubscriptionResponseDto'];
export type SubscriptionInput = Schemas['CreateReportSubscriptionDto'];

/** The addresses of the recipients field, separated by commas, semicolons or spaces, each once. */
export const splitRecipients = (text: string) => [...new Set(text.split(/[\s,;]+/).filter(Boolean))];

export const SUBSCRIPTIONS_KEY = ['reports', 'subscriptions'] as const;

export const useSubscriptions = () =>
  useQuery({
    queryKey: SUBSCRIPTIONS_KEY,
    queryFn: async (): Promise<Subscription[]> => (await apiData(client.GET('/api/reports/subscriptions'))) ?? [],
    retry: false,
  });

/** Adds (id null) or changes a scheduled report; the server's sentence for the toast. */
export const saveSubscription = async (id: number | null, body: SubscriptionInput) =>
  (id === null
    ? await apiAnswer(client.POST('/api/reports/subscriptions', { body }))
    : await apiAnswer(client.PUT('/api/reports/subscriptions/{id}', { params: { path: { id } }, body }))
  ).message;

export const deleteSubscription = async (id: number) =>
  (await apiAnswer(client.DELETE('/api/reports/subscriptions/{id}', { params: { path: { id } } }))).message;

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
