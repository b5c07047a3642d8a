// GET /api/staff/sites/contact?site= and POST /api/staff/sites/contact: a site's own copyright
// channel, as found on its pages or set by staff (then it always wins).
import {
  siteContactResultSchema,
  siteContactSchema,
  type CorrectSiteContact,
  type SiteContactResult,
} from '@shark/contracts/staff-sites.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function getSiteContact(site: string, signal?: AbortSignal): Promise<SiteContactResult> {
  return api.get(
    `/api/staff/sites/contact?site=${encodeURIComponent(site)}`,
    siteContactResultSchema,
    signal,
  );
}

export function siteContactQueryOptions(site: string) {
  return queryOptions({
    queryKey: ['staff', 'sites', 'contact', site] as const,
    queryFn: ({ signal }) => getSiteContact(site, signal),
  });
}

export function useSiteContact(site: string) {
  return useQuery({ ...siteContactQueryOptions(site), enabled: site.trim() !== '' });
}

export function useCorrectSiteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CorrectSiteContact) =>
      api.post('/api/staff/sites/contact', input, siteContactSchema),
    // The channel, and the site's status (a corrected site counts as accepted).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'sites'] }),
  });
}
