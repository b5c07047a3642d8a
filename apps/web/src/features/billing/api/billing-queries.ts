// GET /api/billing (mode, subscription, payments) and GET /api/billing/plans (the plan catalog). Every
// billing change settles through settleBilling: the account (sidebar, guards) and limits follow it.
import { billingSummarySchema, type BillingSummary } from '@shark/contracts/billing.ts';
import { planCatalogSchema, type PlanCatalog } from '@shark/contracts/plans.ts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { USAGE_QUERY_KEY } from '#app/features/usage/usage-query.ts';
import { api } from '#app/lib/api.ts';
import { userQueryOptions } from '#app/lib/queries/get-user.ts';

export const BILLING_QUERY_KEY = ['billing'] as const;

export const billingQueryOptions = queryOptions({
  queryKey: BILLING_QUERY_KEY,
  queryFn: ({ signal }): Promise<BillingSummary> =>
    api.get('/api/billing', billingSummarySchema, signal),
  staleTime: 10_000,
});

export const planCatalogQueryOptions = queryOptions({
  queryKey: ['billing', 'plans'],
  queryFn: ({ signal }): Promise<PlanCatalog> =>
    api.get('/api/billing/plans', planCatalogSchema, signal),
  // Read once at the server's start-up: it does not change while the app runs.
  staleTime: Infinity,
});

export function useBilling() {
  return useQuery(billingQueryOptions);
}

export function usePlanCatalog() {
  return useQuery(planCatalogQueryOptions);
}

/** After a billing change: the new summary when the server answered one, and the account refetched. */
export async function settleBilling(queryClient: QueryClient, billing?: BillingSummary | null) {
  if (billing) queryClient.setQueryData(BILLING_QUERY_KEY, billing);
  await Promise.all([
    billing
      ? undefined
      : queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY, exact: true }),
    queryClient.invalidateQueries({ queryKey: userQueryOptions.queryKey }),
    queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY }),
  ]);
}
