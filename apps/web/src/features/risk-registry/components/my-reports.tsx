// "Your reports": each report she sent with where its review stands and the team's note.
import type { RiskReportList } from '@shark/contracts/risk-registry.ts';
import { Link } from '@tanstack/react-router';
import { CircleAlert, FileSearch, RotateCcw } from 'lucide-react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { isApiClientError } from '#app/lib/api.ts';
import { formatDate, KindBadge, StatusBadge } from './entry-facts.tsx';

export function MyReports({
  reports,
}: {
  reports: {
    data: RiskReportList | undefined;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
}) {
  const data = reports.data;
  if (data === undefined && !reports.isError) {
    return (
      <div role="status" aria-label="Loading your reports" className="grid gap-2">
        <Skeleton className="h-24 rounded-2xl" />
      </div>
    );
  }
  if (data === undefined || reports.isError) {
    return (
      <div className="grid gap-3">
        <Alert variant="error">
          <CircleAlert aria-hidden="true" />
          <p>
            Your reports could not be loaded.{' '}
            {isApiClientError(reports.error) ? reports.error.message : 'Try again in a moment.'}
          </p>
        </Alert>
        <Button variant="outline" className="w-fit" onClick={() => void reports.refetch()}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  if (data.reports.length === 0) {
    return (
      <EmptyState
        icon={FileSearch}
        title="You have not reported a scam"
        action={
          <Button asChild variant="outline">
            <Link to="/risk-registry" search={{ tab: 'report' }}>
              Report a scam
            </Link>
          </Button>
        }
      >
        When you report one, you can follow its review here.
      </EmptyState>
    );
  }
  return (
    <section aria-labelledby="my-reports-heading" className="grid gap-3">
      <h2 id="my-reports-heading" className="text-lg font-semibold tracking-tight">
        Your reports
      </h2>
      <ul className="grid gap-3" aria-label="Your reports">
        {data.reports.map((report) => (
          <li key={report.id} className="grid gap-2 rounded-2xl border bg-card p-4">
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={report.status} />
              <KindBadge kind={report.kind} />
              <span className="text-sm text-muted-foreground">
                Sent <time dateTime={report.createdAt}>{formatDate(report.createdAt)}</time>
              </span>
            </div>
            <h3 className="font-semibold break-words">{report.name}</h3>
            {report.status === 'pending' ? (
              <p className="text-sm text-muted-foreground">Our team has not reviewed it yet.</p>
            ) : null}
            {report.reviewNote ? (
              <p className="text-sm">
                <span className="font-medium">Note from our team:</span> {report.reviewNote}
              </p>
            ) : null}
            <Button asChild variant="link" className="h-auto w-fit p-0">
              <Link to="/risk-registry" search={(prev) => ({ ...prev, entry: report.id })}>
                Details<span className="sr-only"> of {report.name}</span>
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
