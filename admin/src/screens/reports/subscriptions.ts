/** The recipients of scheduled reports (`/api/reports/subscriptions`, on the schema layer: subscriptionsConfig.tsx). */
import { useQuery } from '@tanstack/react-query';
import { apiData, client } from '../../providers/apiClient';
import type { components } from '../../../../openapi/schema';

export type Subscription = components['schemas']['ReportSubscriptionResponseDto'];

/** The addresses of the recipients field, separated by commas, semicolons or spaces, each once. */
export const splitRecipients = (text: string) => [...new Set(text.split(/[\s,;]+/).filter(Boolean))];

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
