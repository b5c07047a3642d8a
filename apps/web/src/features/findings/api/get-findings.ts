// GET /api/findings: the creator's findings of one review status, newest first, a keyset page at a time.
import { findingPageSchema, type FaceCrop, type FindingPage } from '@shark/contracts/findings.ts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { findingKeys, type FindingFilter } from './finding-keys.ts';

export function getFindings(
  filter: FindingFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<FindingPage> {
  const search = new URLSearchParams({ status: filter.status });
  if (filter.kind) search.set('kind', filter.kind);
  if (cursor) search.set('cursor', cursor);
  return api.get(`/api/findings?${search.toString()}`, findingPageSchema, signal);
}

export function findingsQueryOptions(userId: string, filter: FindingFilter) {
  return infiniteQueryOptions({
    queryKey: findingKeys.list(userId, filter),
    queryFn: ({ pageParam, signal }) => getFindings(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useFindings(userId: string, filter: FindingFilter) {
  return useInfiniteQuery(findingsQueryOptions(userId, filter));
}

/** Where a finding's thumbnail is served (only when `hasThumbnail`). */
export function findingThumbnailUrl(findingId: string): string {
  return `/api/findings/${encodeURIComponent(findingId)}/thumbnail`;
}

/** A likeness finding's face found on the page, or her enrolled face it resembles. */
export function findingFaceUrl(findingId: string, which: FaceCrop): string {
  return `/api/findings/${encodeURIComponent(findingId)}/face/${which}`;
}
