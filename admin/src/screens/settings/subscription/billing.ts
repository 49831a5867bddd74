import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../../openapi/schema';
import { useSession } from '../../../auth/useSession';
import { SUBSCRIPTION_QUERY } from '../../../layout/subscriptionQuery';
import { apiData, client } from '../../../providers/apiClient';
import { loadPermissions } from '../../../providers/authProvider';

export type Subscription = components['schemas']['SubscriptionResponseDto'];
export type Invoice = components['schemas']['InvoiceResponseDto'];
export type InvoiceLine = components['schemas']['InvoiceLineDto'];
export type Preview = components['schemas']['PlanChangePreviewDto'];
export type PublicPackage = components['schemas']['PublicPackageDto'];
export type BillingCycle = Subscription['billing_cycle'];

export const INVOICES_QUERY = 'company-invoices';
export const INVOICES_PAGE = 10;


/** A package limit of -1 is unlimited. */
export const isUnlimited = (limit: number) => limit < 0;

/** The caller's company's subscription; the same query (and cache) as the layout's banner. */
export const useSubscription = () => {
  const session = useSession();
  const companyId = session.user?.company_id ?? null;
  return useQuery({
    queryKey: [SUBSCRIPTION_QUERY, companyId, session.user?.id],
    queryFn: () => apiData(client.GET('/api/packages/subscription')),
    enabled: !!session.token && !!companyId,
    staleTime: 60_000,
    retry: false,
  });
};

/** One page of the company's invoices, newest first, with the total count of the list. */
export const useInvoices = (page: number) => {
  const session = useSession();
  const companyId = session.user?.company_id ?? null;
  return useQuery({
    queryKey: [INVOICES_QUERY, companyId, page],
    queryFn: async () => {
      const first = page * INVOICES_PAGE;
      const { data, response } = await client.GET('/api/billing/invoices', {
        params: { query: { range: JSON.stringify([first, first + INVOICES_PAGE - 1]), sort: JSON.stringify(['issue_date', 'DESC']) } },
      });
      const rows = data?.data ?? [];
      const total = Number(/\/(\d+)$/.exec(response.headers.get('Content-Range') ?? '')?.[1] ?? rows.length);
      return { rows, total };
    },
    enabled: !!session.token && !!companyId,
    retry: false,
  });
};

/**
 * After a plan change, a cancellation or a withdrawal: the subscription and the invoices again;
 * `permissions` also reloads the plan's modules (an upgrade or a free package applies at once).
 */
export const useBillingRefresh = () => {
  const queryClient = useQueryClient();
  return async (permissions = false) => {
    if (permissions) await loadPermissions().catch(() => undefined);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [SUBSCRIPTION_QUERY] }),
      queryClient.invalidateQueries({ queryKey: [INVOICES_QUERY] }),
      // the dashboard's subscription card and locked cards
      ...(permissions ? [queryClient.invalidateQueries()] : []),
    ]);
  };
};
