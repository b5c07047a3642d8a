// POST /api/staff/sites/accept | dismiss: the review of a site outside the catalog.
import { discoveredSiteSchema, type ReviewSite } from '@shark/contracts/staff-sites.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#app/lib/api.ts';

export function reviewSite(decision: 'accept' | 'dismiss', site: ReviewSite) {
  return api.post(`/api/staff/sites/${decision}`, site, discoveredSiteSchema);
}

export function useReviewSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, site }: { decision: 'accept' | 'dismiss'; site: ReviewSite }) =>
      reviewSite(decision, site),
    // Every filter's list: the site moves from one status to another.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'sites'] }),
  });
}
