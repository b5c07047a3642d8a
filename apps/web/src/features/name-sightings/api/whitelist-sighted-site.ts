// POST /api/name-sightings/whitelist-site: the whole site on the whitelist, its sightings gone.
import {
  whitelistSightedSiteResultSchema,
  type WhitelistSightedSiteResult,
} from '@shark/contracts/name-sightings.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';
import { nameSightingsQueryKey } from './get-name-sightings.ts';

export function whitelistSightedSite(site: string): Promise<WhitelistSightedSiteResult> {
  return api.post('/api/name-sightings/whitelist-site', { site }, whitelistSightedSiteResultSchema);
}

/** `onWhitelisted` lets the page refresh what the new entry changes elsewhere (whitelist, findings). */
export function useWhitelistSightedSite(userId: string, onWhitelisted?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: whitelistSightedSite,
    onSuccess: () => onWhitelisted?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: nameSightingsQueryKey(userId) }),
  });
}
