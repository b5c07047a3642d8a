// GET /api/scans: the latest scans, the next scheduled one and the month's count against the plan.
import { scanListSchema, type ScanList } from '@shark/contracts/scans.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { scanKeys } from './scan-keys.ts';

export function getScans(signal?: AbortSignal): Promise<ScanList> {
  return api.get('/api/scans', scanListSchema, signal);
}

export function scansQueryOptions(userId: string) {
  return queryOptions({
    queryKey: scanKeys.list(userId),
    queryFn: ({ signal }) => getScans(signal),
    // A scheduled scan can start while the dashboard is open.
    refetchInterval: 60_000,
  });
}

export function useScans(userId: string) {
  return useQuery(scansQueryOptions(userId));
}
