// GET /api/onboarding/free-scan: the free scan's results so far (scan null before it starts),
// polled while it runs.
import { freeScanResultSchema, type FreeScanResult } from '@shark/contracts/findings.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { isFreeScanActive } from '#app/features/onboarding/lib/free-scan-progress.ts';

/** How often a running free scan is asked for. */
export const FREE_SCAN_POLL_MS = 1_500;

export const freeScanQueryKey = (userId: string) => ['onboarding', 'free-scan', userId] as const;

export function getFreeScan(signal?: AbortSignal): Promise<FreeScanResult> {
  return api.get('/api/onboarding/free-scan', freeScanResultSchema, signal);
}

export function freeScanQueryOptions(userId: string) {
  return queryOptions({
    queryKey: freeScanQueryKey(userId),
    queryFn: ({ signal }) => getFreeScan(signal),
    refetchInterval: (query) =>
      query.state.data && isFreeScanActive(query.state.data.scan) ? FREE_SCAN_POLL_MS : false,
    refetchIntervalInBackground: true,
  });
}

export function useFreeScan(userId: string) {
  return useQuery(freeScanQueryOptions(userId));
}

/** The thumbnail of one of the examples, blurred by the server (the card blurs it again). */
export function freeScanExampleThumbnailUrl(findingId: string): string {
  return `/api/findings/${encodeURIComponent(findingId)}/thumbnail?blur=1`;
}
