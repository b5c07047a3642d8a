// DELETE /api/name-sightings/{site}: the site's sightings dismissed.
import {
  dismissSightedSiteResultSchema,
  type DismissSightedSiteResult,
} from '@shark/contracts/name-sightings.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#app/lib/api.ts';
import { nameSightingsQueryKey } from './get-name-sightings.ts';

export function dismissSightedSite(site: string): Promise<DismissSightedSiteResult> {
  return apiRequest(`/api/name-sightings/${encodeURIComponent(site)}`, {
    method: 'DELETE',
    schema: dismissSightedSiteResultSchema,
  });
}

export function useDismissSightedSite(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissSightedSite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: nameSightingsQueryKey(userId) }),
  });
}
