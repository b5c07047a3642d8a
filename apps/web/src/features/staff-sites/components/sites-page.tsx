// Sites outside the catalog that scans found copies on, as `shark sites`: most copies first, each
// accepted (a candidate catalog entry, with its name and kind) or dismissed; and a site's own channel.
import type { DiscoveredSite } from '@shark/contracts/staff-sites.ts';
import { Globe } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { NativeSelect } from '#app/components/ui/native-select.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useSites, type SiteFilter } from '#app/features/staff-sites/api/get-sites.ts';
import { useReviewSite } from '#app/features/staff-sites/api/review-site.ts';
import { SiteContactCard } from './site-contact-card.tsx';

const FILTERS: SiteFilter[] = ['candidate', 'accepted', 'dismissed', 'all'];

function SiteRow({ site }: { site: DiscoveredSite }) {
  const review = useReviewSite();
  const decide = (decision: 'accept' | 'dismiss') =>
    review.mutate(
      { decision, site: { site: site.site } },
      { onSuccess: () => toast.success(`${site.site} ${decision}ed.`) },
    );
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {site.site} <Badge variant="secondary">{site.status}</Badge>
          {site.kind ? <Badge variant="outline">{site.kind}</Badge> : null}
        </p>
        <p className="text-sm text-muted-foreground">
          {site.copies} {site.copies === 1 ? 'copy' : 'copies'}
          {site.name ? ` · ${site.name}` : ''} · last found{' '}
          {new Date(site.lastFoundAt).toLocaleDateString()}
          {site.reviewedBy ? ` · reviewed by ${site.reviewedBy}` : ''}
        </p>
        {review.isError ? <p className="text-sm text-destructive">{review.error.message}</p> : null}
      </div>
      <div className="flex gap-2">
        {site.status === 'accepted' ? null : (
          <Button
            type="button"
            size="sm"
            disabled={review.isPending}
            onClick={() => decide('accept')}
          >
            Accept
          </Button>
        )}
        {site.status === 'dismissed' ? null : (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={review.isPending}
            onClick={() => decide('dismiss')}
          >
            Dismiss
          </Button>
        )}
      </div>
    </li>
  );
}

export function SitesPage() {
  const [filter, setFilter] = useState<SiteFilter>('candidate');
  const sites = useSites(filter);
  return (
    <PageFrame
      title="Sites outside the catalog"
      description="Sites the catalog does not know where scans found copies. The same as shark sites on the command line."
    >
      <div className="grid gap-6">
        <FormField label="Show" className="max-w-xs">
          {(control) => (
            <NativeSelect
              {...control}
              value={filter}
              onChange={(e) => setFilter(e.target.value as SiteFilter)}
            >
              {FILTERS.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        {sites.isPending ? (
          <Skeleton className="h-32" aria-busy="true" />
        ) : sites.isError ? (
          <Alert variant="error">{sites.error.message}</Alert>
        ) : sites.data.sites.length === 0 ? (
          <EmptyState icon={Globe} title="No sites here">
            Sites appear here once a scan finds copies on a site the catalog does not know.
          </EmptyState>
        ) : (
          <Card className="p-0">
            <ul aria-label="Sites" className="divide-y">
              {sites.data.sites.map((site) => (
                <SiteRow key={site.site} site={site} />
              ))}
            </ul>
          </Card>
        )}
        <SiteContactCard />
      </div>
    </PageFrame>
  );
}
