// Her reported addresses, newest first: what the check found (matched, no match, could not load) and
// where the takedown stands. The list refreshes by itself while any address is still being checked.
import type { ReportedUrl, ReportedUrlStatus } from '@shark/contracts/reports.ts';
import { Link } from '@tanstack/react-router';
import { CircleCheck, CircleHelp, CircleX, ExternalLink, Flag, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useReportedUrls } from '#app/features/report-leaks/api/get-reported-urls.ts';
import {
  formatReportedDate,
  REPORT_STATUS_LABELS,
  takedownLabel,
} from '#app/features/report-leaks/lib/labels.ts';
import { isApiClientError } from '#app/lib/api.ts';

const STATUS: Record<
  ReportedUrlStatus,
  { variant: 'secondary' | 'outline' | 'destructive' | 'warning' | 'default'; icon: ReactNode }
> = {
  queued: { variant: 'outline', icon: <Spinner className="size-3" /> },
  matched: { variant: 'default', icon: <CircleCheck aria-hidden="true" /> },
  unmatched: { variant: 'secondary', icon: <CircleHelp aria-hidden="true" /> },
  failed: { variant: 'warning', icon: <CircleX aria-hidden="true" /> },
};

export function ReportedUrlList({ userId }: { userId: string }) {
  const reports = useReportedUrls(userId);

  if (reports.isPending) {
    return (
      <div role="status" aria-label="Loading your reported addresses" className="grid gap-3">
        <Skeleton className="h-20 rounded-2xl" />
        <Skeleton className="h-20 rounded-2xl" />
      </div>
    );
  }
  if (reports.isError) {
    return (
      <div className="grid gap-3">
        <Alert variant="error">
          Your reported addresses could not be loaded.{' '}
          {isApiClientError(reports.error) ? reports.error.message : 'Try again in a moment.'}
        </Alert>
        <Button variant="outline" className="w-fit" onClick={() => void reports.refetch()}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }

  const items = reports.data.pages.flatMap((page) => page.reports);
  const counts = reports.data.pages[0]?.counts;
  if (items.length === 0) {
    return (
      <EmptyState icon={Flag} title="No reported addresses yet">
        Addresses you report appear here with what we found on each page, and follow their takedown
        until the copy is gone.
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-3">
      {counts && counts.queued > 0 ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Checking {counts.queued === 1 ? '1 address' : `${counts.queued} addresses`}; this list
          updates by itself.
        </p>
      ) : null}
      <ul aria-label="Reported addresses" className="grid gap-3">
        {items.map((report) => (
          <ReportedUrlItem key={report.id} report={report} />
        ))}
      </ul>
      {reports.hasNextPage ? (
        <Button
          variant="outline"
          className="w-fit"
          disabled={reports.isFetchingNextPage}
          onClick={() => void reports.fetchNextPage()}
        >
          {reports.isFetchingNextPage ? <Spinner /> : null}
          Show more
        </Button>
      ) : null}
    </div>
  );
}

function ReportedUrlItem({ report }: { report: ReportedUrl }) {
  const status = STATUS[report.status];
  return (
    <li aria-label={report.url} className="grid gap-2 rounded-2xl border bg-card p-4 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <a
          href={report.url}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex min-w-0 items-start gap-1 font-mono text-xs break-all text-primary hover:underline"
        >
          {report.url}
          <ExternalLink aria-hidden="true" className="mt-0.5 size-3 shrink-0" />
        </a>
        <div className="flex flex-wrap gap-2">
          <Badge variant={status.variant} data-testid="report-status">
            {status.icon}
            {REPORT_STATUS_LABELS[report.status]}
          </Badge>
          {report.takedown ? (
            <Badge variant="outline" data-testid="takedown-status">
              {takedownLabel(report.takedown.status)}
            </Badge>
          ) : null}
        </div>
      </div>
      {report.status === 'queued' ? (
        <p className="text-muted-foreground">Waiting to be fetched and compared with your files.</p>
      ) : (
        <p className="text-muted-foreground">{report.detail}</p>
      )}
      {report.reference ? (
        <p>
          Matches your file <span className="font-medium">{report.reference.name}</span>
          {report.confidence !== null
            ? ` (${Math.round(report.confidence * 100)}% confidence)`
            : ''}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        Reported {formatReportedDate(report.createdAt)}
        {report.takedown ? (
          <>
            {' · '}
            <Link to="/takedown-report" className="underline underline-offset-4">
              See it in your Takedown Report
            </Link>
          </>
        ) : report.findingStatus === 'whitelisted' ? (
          ' · Covered by your whitelist: nothing is sent about it'
        ) : null}
      </p>
    </li>
  );
}
