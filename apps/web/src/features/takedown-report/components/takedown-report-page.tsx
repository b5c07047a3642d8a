// The Takedown Report (/takedown-report): every takedown with its status and dates, filtered and
// sorted by the server a page at a time (the address holds the filters, the order and the page), the
// total for the filters, CSV and PDF exports of the same rows, and a side panel per takedown.
import { Link, useNavigate } from '@tanstack/react-router';
import {
  ChevronLeft,
  ChevronRight,
  CircleAlert,
  FileDown,
  FileText,
  RotateCcw,
  SearchX,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useTakedowns } from '#app/features/takedown-report/api/get-takedowns.ts';
import { ReportFilters } from '#app/features/takedown-report/components/report-filters.tsx';
import { ReportTable } from '#app/features/takedown-report/components/report-table.tsx';
import { TakedownDetailsSheet } from '#app/features/takedown-report/components/takedown-details-sheet.tsx';
import { plural } from '#app/features/takedown-report/lib/labels.ts';
import {
  exportUrl,
  hasFilters,
  queryOf,
  type TakedownReportSearch,
} from '#app/features/takedown-report/lib/report-search.ts';
import { isApiClientError, PROVIDER_ID } from '#app/lib/api.ts';

export function TakedownReportPage({
  userId,
  search,
  callout,
}: {
  userId: string;
  search: TakedownReportSearch;
  /** Shown above the filters: what she must do before notices go out (the route decides). */
  callout?: ReactNode;
}) {
  const navigate = useNavigate({ from: '/takedown-report' });
  const query = queryOf(search);
  const takedowns = useTakedowns(userId, query);
  const page = takedowns.data;

  return (
    <PageFrame
      title="Takedown Report"
      description="Every copy confirmed as yours, the notices sent for it and whether it is gone. Export it for your records or your lawyer."
      actions={
        <>
          <Button asChild variant="outline">
            <a href={exportUrl('csv', query, PROVIDER_ID)} download>
              <FileDown aria-hidden="true" />
              Export CSV
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={exportUrl('pdf', query, PROVIDER_ID)} download>
              <FileText aria-hidden="true" />
              Export PDF
            </a>
          </Button>
        </>
      }
    >
      <div className="grid gap-4">
        {callout}
        <ReportFilters search={search} />

        {page === undefined && !takedowns.isError ? (
          <div role="status" aria-label="Loading your takedowns" className="grid gap-2">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-80 rounded-2xl" />
          </div>
        ) : page === undefined || takedowns.isError ? (
          <div className="grid gap-3">
            <Alert variant="error">
              <CircleAlert aria-hidden="true" />
              <p>
                Your takedowns could not be loaded.{' '}
                {isApiClientError(takedowns.error)
                  ? takedowns.error.message
                  : 'Try again in a moment.'}
              </p>
            </Alert>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => void takedowns.refetch()}>
                <RotateCcw aria-hidden="true" />
                Try again
              </Button>
              {search.cursor ? (
                <Button asChild variant="ghost">
                  <Link to="/takedown-report" search={(prev) => ({ ...prev, cursor: undefined })}>
                    Back to the first page
                  </Link>
                </Button>
              ) : null}
            </div>
          </div>
        ) : page.total === 0 && !hasFilters(search) ? (
          <EmptyState
            icon={FileText}
            title="No takedowns yet"
            action={
              <Button asChild variant="outline">
                <Link to="/dashboard">Go to Dashboard</Link>
              </Button>
            }
          >
            A takedown starts when a copy of your content is confirmed as yours — automatically for
            sure matches, or when you confirm a finding on the dashboard. Each one is listed here
            with the notices sent for it and whether it is gone.
          </EmptyState>
        ) : page.total === 0 ? (
          <EmptyState icon={SearchX} title="No takedown matches these filters">
            Change or clear the filters to see more of your takedowns.
          </EmptyState>
        ) : (
          <>
            <p
              className="text-sm text-muted-foreground"
              data-testid="takedown-total"
              aria-live="polite"
            >
              {plural(page.total, 'takedown', 'takedowns')}
              {hasFilters(search)
                ? page.total === 1
                  ? ' matches these filters'
                  : ' match these filters'
                : ''}
            </p>
            <ReportTable
              rows={page.takedowns}
              search={search}
              isStale={takedowns.isPlaceholderData}
              onOpen={(takedownId) =>
                void navigate({ search: (prev) => ({ ...prev, takedown: takedownId }) })
              }
            />
            <nav aria-label="Pages" className="flex items-center justify-end gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={!page.prevCursor || takedowns.isPlaceholderData}
                onClick={() =>
                  void navigate({
                    search: (prev) => ({ ...prev, cursor: page.prevCursor ?? undefined }),
                  })
                }
              >
                <ChevronLeft aria-hidden="true" />
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={!page.nextCursor || takedowns.isPlaceholderData}
                onClick={() =>
                  void navigate({
                    search: (prev) => ({ ...prev, cursor: page.nextCursor ?? undefined }),
                  })
                }
              >
                Next
                <ChevronRight aria-hidden="true" />
              </Button>
            </nav>
          </>
        )}
      </div>
      <TakedownDetailsSheet
        userId={userId}
        takedownId={search.takedown}
        onClose={() => void navigate({ search: (prev) => ({ ...prev, takedown: undefined }) })}
      />
    </PageFrame>
  );
}
