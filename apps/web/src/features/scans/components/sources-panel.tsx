// Which discovery sources are on, why the others are off, today's quota of each, and the catalog
// of sites scanned directly (no key needed), by kind.
import { CircleAlert, CircleCheck, CircleMinus, RotateCcw } from 'lucide-react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useScanSources } from '#app/features/scans/api/get-scan-sources.ts';
import { count, siteKindsLabel } from '#app/features/scans/lib/labels.ts';
import { isApiClientError } from '#app/lib/api.ts';

export function SourcesPanel({ userId }: { userId: string }) {
  const sources = useScanSources(userId);

  return (
    <Card role="region" aria-labelledby="sources-heading" className="grid min-w-0 gap-4 p-4 sm:p-6">
      <div>
        <h2 id="sources-heading" className="text-lg font-semibold tracking-tight">
          Sources
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Where scans look for your content.</p>
      </div>

      {sources.isPending ? (
        <div role="status" aria-label="Loading the sources" className="grid gap-2">
          <Skeleton className="h-5" />
          <Skeleton className="h-5" />
          <Skeleton className="h-5" />
        </div>
      ) : sources.isError ? (
        <div className="grid gap-3">
          <Alert variant="error">
            <CircleAlert aria-hidden="true" />
            <p>
              The sources could not be loaded.{' '}
              {isApiClientError(sources.error) ? sources.error.message : 'Try again in a moment.'}
            </p>
          </Alert>
          <Button
            variant="outline"
            size="sm"
            className="w-fit"
            onClick={() => void sources.refetch()}
          >
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : (
        <>
          <section aria-labelledby="search-sources-heading">
            <h3 id="search-sources-heading" className="text-sm font-semibold">
              Search services
            </h3>
            <p className="sr-only">
              {sources.data.sources.filter((s) => s.enabled).length} of{' '}
              {sources.data.sources.length} on.
            </p>
            <ul aria-label="Search services" className="mt-2 grid gap-2.5 text-sm">
              {sources.data.sources.map((source) => (
                <li key={source.id} className="flex gap-2">
                  {source.enabled ? (
                    <CircleCheck
                      aria-hidden="true"
                      className="mt-0.5 size-4 shrink-0 text-success"
                    />
                  ) : (
                    <CircleMinus
                      aria-hidden="true"
                      className="mt-0.5 size-4 shrink-0 text-muted-foreground"
                    />
                  )}
                  <div className="min-w-0 flex-1">
                    <p className="flex items-start justify-between gap-2">
                      <span className="font-medium">{source.name}</span>
                      <Badge variant={source.enabled ? 'secondary' : 'outline'} className="mt-0.5">
                        {source.enabled ? 'On' : 'Off'}
                      </Badge>
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {source.input === 'image'
                        ? 'Searches with your pictures'
                        : 'Searches with your names and terms'}
                    </p>
                    {!source.enabled && source.reason ? (
                      <p className="text-xs text-muted-foreground">{source.reason}</p>
                    ) : null}
                    {source.enabled ? (
                      <p className="text-xs text-muted-foreground tabular-nums">
                        {source.dailyQuota === null
                          ? `${count(source.usedToday, 'request', 'requests')} today, no daily quota`
                          : `${source.usedToday} of ${count(source.dailyQuota, 'request', 'requests')} used today`}
                      </p>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
            {sources.data.sources.every((s) => !s.enabled) ? (
              <p className="mt-3 text-xs text-muted-foreground">
                No search service is configured, so scans read the catalog sites below directly.
              </p>
            ) : null}
          </section>

          <section aria-labelledby="catalog-heading" className="border-t pt-4">
            <h3 id="catalog-heading" className="text-sm font-semibold">
              Site catalog
            </h3>
            <p className="mt-1 text-xs text-muted-foreground">
              {count(sources.data.catalog.sites, 'site', 'sites')} searched directly, no key needed
              (catalog version {sources.data.catalog.version}).
            </p>
            <ul aria-label="Catalog sites by kind" className="mt-2 grid gap-1 text-sm">
              {Object.entries(sources.data.catalog.byKind)
                .sort(([, a], [, b]) => b - a)
                .map(([kind, sites]) => (
                  <li key={kind} className="flex justify-between gap-3">
                    <span>{siteKindsLabel(kind)}</span>
                    <span className="text-muted-foreground tabular-nums">{sites}</span>
                  </li>
                ))}
            </ul>
          </section>
        </>
      )}
    </Card>
  );
}
