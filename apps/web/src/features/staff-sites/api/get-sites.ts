// GET /api/staff/sites?status=: sites outside the catalog that yielded copies, most copies first.
import { staffSiteListSchema, type StaffSiteList } from '@shark/contracts/staff-sites.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export type SiteFilter = 'candidate' | 'accepted' | 'dismissed' | 'all';

export function getSites(status: SiteFilter, signal?: AbortSignal): Promise<StaffSiteList> {
  const query = status === 'all' ? '' : `?status=${status}`;
  return api.get(`/api/staff/sites${query}`, staffSiteListSchema, signal);
}

export function sitesQueryOptions(status: SiteFilter) {
  return queryOptions({
    queryKey: ['staff', 'sites', status] as const,
    queryFn: ({ signal }) => getSites(status, signal),
  });
}

export function useSites(status: SiteFilter) {
  return useQuery(sitesQueryOptions(status));
}
