// GET /api/scan-sources: which discovery sources are on (and why the others are off), and the
// catalog of sites scanned directly.
import { scanSourcesSchema, type ScanSources } from '@shark/contracts/scans.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { scanKeys } from './scan-keys.ts';

export function getScanSources(signal?: AbortSignal): Promise<ScanSources> {
  return api.get('/api/scan-sources', scanSourcesSchema, signal);
}

export function scanSourcesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: scanKeys.sources(userId),
    queryFn: ({ signal }) => getScanSources(signal),
    staleTime: 30_000,
  });
}

export function useScanSources(userId: string) {
  return useQuery(scanSourcesQueryOptions(userId));
}
