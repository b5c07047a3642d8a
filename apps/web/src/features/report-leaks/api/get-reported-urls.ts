// GET /api/report-leaks: her reported addresses, newest first, a keyset page at a time, with counts by
// status. Refreshed every few seconds while any address is still queued (its job has not run yet).
import { reportedUrlPageSchema, type ReportedUrlPage } from '@shark/contracts/report-leaks.ts';
import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

/** While any report is queued, how often the list is asked for again. */
export const QUEUED_REFRESH_MS = 2_000;

/** Keyed by the user, so one account's reports are never shown to the next account signed in. */
export const reportedUrlsQueryKey = (userId: string) => ['report-leaks', userId] as const;

export function getReportedUrls(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ReportedUrlPage> {
  const search = new URLSearchParams();
  if (cursor) search.set('cursor', cursor);
  const query = search.toString();
  return api.get(`/api/report-leaks${query ? `?${query}` : ''}`, reportedUrlPageSchema, signal);
}

export function reportedUrlsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: reportedUrlsQueryKey(userId),
    queryFn: ({ pageParam, signal }) => getReportedUrls(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (query) =>
      (query.state.data?.pages[0]?.counts.queued ?? 0) > 0 ? QUEUED_REFRESH_MS : false,
  });
}

export function useReportedUrls(userId: string) {
  return useInfiniteQuery(reportedUrlsQueryOptions(userId));
}

export async function invalidateReportedUrls(
  queryClient: QueryClient,
  userId: string,
): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: reportedUrlsQueryKey(userId) });
}
