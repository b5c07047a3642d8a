// Her reported addresses, newest first: what the check found (matched, no match, could not load) and
// where the takedown stands. The list refreshes by itself while any address is still being checked.
import type { ReportedUrl, ReportedUrlStatus } from '@shark/contracts/report-leaks.ts';
import { Link } from '@tanstack/react-router';
import { CircleCheck, CircleHelp, CircleX, ExternalLink, Flag } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListLoadError, ListLoading, ShowMoreButton } from '#app/components/paged-list-states.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useReportedUrls } from '#app/features/report-leaks/api/get-reported-urls.ts';
import {
  formatReportedDate,
  REPORT_STATUS_LABELS,
  takedownLabel,
} from '#app/features/report-leaks/lib/labels.ts';

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
    return <ListLoading label="Loading your reported addresses" itemClassName="h-20" />;
  }
  if (reports.isError) {
    return (
      <ListLoadError
        what="Your reported addresses"
        error={reports.error}
        onRetry={() => void reports.refetch()}
      />
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
      <ShowMoreButton
        hasNextPage={reports.hasNextPage}
        isFetchingNextPage={reports.isFetchingNextPage}
        onShowMore={() => void reports.fetchNextPage()}
      />
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
