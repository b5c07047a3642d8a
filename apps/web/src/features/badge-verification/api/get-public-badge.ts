// GET /api/badges/{publicId}: whether the creator behind a badge is protected (no session needed).
import { publicBadgeSchema, type PublicBadge } from '@shark/contracts/dmca-badges.ts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function getPublicBadge(publicId: string, signal?: AbortSignal): Promise<PublicBadge> {
  return api.get(`/api/badges/${encodeURIComponent(publicId)}`, publicBadgeSchema, signal);
}

export function publicBadgeQueryOptions(publicId: string) {
  return queryOptions({
    queryKey: ['badges', 'public', publicId],
    queryFn: ({ signal }) => getPublicBadge(publicId, signal),
    // The status can change (a lapsed subscription); a visitor checking it wants today's answer.
    staleTime: 60_000,
  });
}
