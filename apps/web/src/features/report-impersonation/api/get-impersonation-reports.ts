// GET /api/report-impersonation: her reports of fake profiles, newest first, a keyset page at a time.
import {
  impersonationReportPageSchema,
  type ImpersonationReportPage,
} from '@shark/contracts/report-leaks.ts';
import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

/** Keyed by the user, so one account's reports are never shown to the next account signed in. */
export const impersonationReportsQueryKey = (userId: string) =>
  ['report-impersonation', userId, 'list'] as const;

export function getImpersonationReports(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ImpersonationReportPage> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return api.get(`/api/report-impersonation${query}`, impersonationReportPageSchema, signal);
}

export function impersonationReportsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: impersonationReportsQueryKey(userId),
    queryFn: ({ pageParam, signal }) => getImpersonationReports(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useImpersonationReports(userId: string) {
  return useInfiniteQuery(impersonationReportsQueryOptions(userId));
}

export async function invalidateImpersonationReports(
  queryClient: QueryClient,
  userId: string,
): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: impersonationReportsQueryKey(userId) });
}
