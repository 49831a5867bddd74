/** The recipients of scheduled reports (`/api/reports/subscriptions`, on the schema layer: subscriptionsConfig.tsx). */
import { useQuery } from '@tanstack/react-query';
import { apiData, client } from '../../providers/apiClient';
import type { components } from '../../../../openapi/schema';

export type Subscription = components['schemas']['ReportSubscriptionResponseDto'];

/** The addresses of the recipients field, separated by commas, semicolons or spaces, each once. */
export const splitRecipients = (text: string) => [...new Set(text.split(/[\s,;]+/).filter(Boolean))];

/** How many people one search answers: a picker, not the whole company (which may be thousands). */
export const RECIPIENT_PAGE = 20;

/**
 * The e-mail addresses a report may go to that match what is typed: the company's people with an
 * account, searched by the server (name, code, e-mail) a page at a time, so a company of any size
 * finds everyone (the list may be refused: then none, and addresses are still typed in full).
 */
export const useRecipientChoices = (search: string) =>
  useQuery({
    queryKey: ['reports', 'recipients', search.trim().toLowerCase()],
    queryFn: async () => {
      const filter = search.trim() ? { q: search.trim() } : {};
      const employees =
        (await apiData(
          client.GET('/api/hr/employees', {
            params: { query: { filter: JSON.stringify(filter), range: JSON.stringify([0, RECIPIENT_PAGE - 1]), sort: JSON.stringify(['first_name', 'ASC']) } },
          }),
        )) ?? [];
      return employees
        .filter((e) => e.user_id && e.email)
        .map((e) => ({ email: e.email as string, name: [e.first_name, e.last_name].filter(Boolean).join(' ') }));
    },
    placeholderData: (previous) => previous,
    retry: false,
    staleTime: 60_000,
  });
