// Her reports of fake profiles, newest first, with where each platform report stands.
import type { ImpersonationReport } from '@shark/contracts/report-leaks.ts';
import { Link } from '@tanstack/react-router';
import { ExternalLink, UserX } from 'lucide-react';
import { ListLoadError, ListLoading, ShowMoreButton } from '#app/components/paged-list-states.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { useImpersonationReports } from '#app/features/report-impersonation/api/get-impersonation-reports.ts';
import {
  formatReportedDate,
  handleOf,
  takedownLabel,
} from '#app/features/report-impersonation/lib/labels.ts';

export function ImpersonationList({ userId }: { userId: string }) {
  const reports = useImpersonationReports(userId);

  if (reports.isPending) {
    return <ListLoading label="Loading your impersonation reports" itemClassName="h-24" />;
  }
  if (reports.isError) {
    return (
      <ListLoadError
        what="Your impersonation reports"
        error={reports.error}
        onRetry={() => void reports.refetch()}
      />
    );
  }
  const items = reports.data.pages.flatMap((page) => page.reports);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={UserX}
        title="No fake profiles reported yet"
        action={
          <Button asChild variant="outline">
            <Link to="/good-to-know" hash="impersonation">
              How impersonation is handled
            </Link>
          </Button>
        }
      >
        Profiles you report appear here, and stay until the platform has removed them.
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-3">
      <ul aria-label="Reported profiles" className="grid gap-3">
        {items.map((report) => (
          <ImpersonationItem key={report.id} report={report} />
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

function ImpersonationItem({ report }: { report: ImpersonationReport }) {
  const who = handleOf(report.username);
  return (
    <li
      aria-label={`${who ?? report.url} on ${report.platformName}`}
      className="grid gap-2 rounded-2xl border bg-card p-4 text-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words">
            {who ?? report.url}
            {report.displayName ? (
              <span className="font-normal text-muted-foreground"> · {report.displayName}</span>
            ) : null}
          </p>
          <p className="text-muted-foreground">{report.platformName}</p>
        </div>
        <Badge variant={report.takedown ? 'default' : 'outline'} data-testid="takedown-status">
          {report.takedown
            ? takedownLabel(report.takedown.status)
            : report.findingStatus === 'whitelisted'
              ? 'On your whitelist'
              : 'Recorded'}
        </Badge>
      </div>
      <a
        href={report.url}
        target="_blank"
        rel="noreferrer noopener"
        className="inline-flex w-fit min-w-0 items-start gap-1 font-mono text-xs break-all text-primary hover:underline"
      >
        {report.url}
        <ExternalLink aria-hidden="true" className="mt-0.5 size-3 shrink-0" />
      </a>
      <blockquote className="border-l-2 pl-3 whitespace-pre-line text-muted-foreground">
        {report.evidence}
      </blockquote>
      <p className="text-xs text-muted-foreground">
        Reported {formatReportedDate(report.createdAt)}
      </p>
    </li>
  );
}
