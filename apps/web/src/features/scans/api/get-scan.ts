// GET /api/scans/{id}: one scan with its progress, polled while it is queued or running.
import { scanSchema, type Scan } from '@shark/contracts/scans.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { isScanActive } from '#app/features/scans/lib/progress.ts';
import { scanKeys } from './scan-keys.ts';

/** How often a running scan's progress is asked for. */
export const SCAN_POLL_MS = 1_500;

export function getScan(scanId: string, signal?: AbortSignal): Promise<Scan> {
  return api.get(`/api/scans/${encodeURIComponent(scanId)}`, scanSchema, signal);
}

export function scanQueryOptions(userId: string, scanId: string) {
  return queryOptions({
    queryKey: scanKeys.detail(userId, scanId),
    queryFn: ({ signal }) => getScan(scanId, signal),
    refetchInterval: (query) =>
      query.state.data === undefined || isScanActive(query.state.data.status)
        ? SCAN_POLL_MS
        : false,
    // Keep following a scan when the creator looks at another tab for a while.
    refetchIntervalInBackground: true,
  });
}

/**
 * The scan `initial` (as the list gave it, shown until the first poll answers), followed while it
 * runs. Nothing is asked while there is no scan.
 */
export function useScan(userId: string, initial: Scan | undefined, initialUpdatedAt?: number) {
  return useQuery({
    ...scanQueryOptions(userId, initial?.id ?? ''),
    enabled: initial !== undefined,
    initialData: initial,
    initialDataUpdatedAt: initialUpdatedAt,
  });
}
