// The latest scan: live while it runs (progress bar, time, what it found so far), then its summary,
// with the work per stage, the sources used and the latest errors.
import type { Scan } from '@shark/contracts/scans.ts';
import { CircleAlert } from 'lucide-react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Progress } from '#app/components/ui/progress.tsx';
import { ScanDetails } from '#app/features/scans/components/scan-details.tsx';
import { ScanStatusBadge } from '#app/features/scans/components/scan-status-badge.tsx';
import {
  TRIGGER_LABELS,
  count,
  formatDateTime,
  formatElapsed,
} from '#app/features/scans/lib/labels.ts';
import {
  formatShare,
  isScanActive,
  scanProgress,
  totalFindings,
} from '#app/features/scans/lib/progress.ts';
import { useNow } from '#app/features/scans/lib/use-now.ts';
import { isApiClientError } from '#app/lib/api.ts';

export function LatestScan({ scan, pollError }: { scan: Scan; pollError: Error | null }) {
  const isActive = isScanActive(scan.status);
  const now = useNow(1_000, isActive);
  const progress = scanProgress(scan);
  const found = totalFindings(scan.findings);
  const startedAt = scan.startedAt ?? scan.createdAt;

  return (
    <section
      aria-labelledby="latest-scan-heading"
      className="grid gap-4 rounded-xl border bg-background/50 p-4"
      data-testid="latest-scan"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="latest-scan-heading" className="font-semibold">
          {isActive ? 'Scan in progress' : 'Latest scan'}
        </h3>
        <ScanStatusBadge status={scan.status} isLive />
      </div>

      <div className="grid gap-2">
        <Progress
          value={progress.share === null ? null : Math.round(progress.share * 100)}
          aria-label="Scan progress"
          indicatorClassName={scan.status === 'failed' ? 'bg-destructive' : undefined}
        />
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground tabular-nums">
          <span>
            {progress.share === null
              ? 'Getting ready…'
              : `${formatShare(progress.share)} · ${progress.finished} of ${count(progress.total, 'task', 'tasks')}`}
          </span>
          <span>
            {TRIGGER_LABELS[scan.trigger]} ·{' '}
            <time dateTime={scan.createdAt}>{formatDateTime(scan.createdAt)}</time>
          </span>
          <span>
            {isActive
              ? `Running for ${formatElapsed(startedAt, now)}`
              : scan.finishedAt
                ? `Took ${formatElapsed(startedAt, new Date(scan.finishedAt).getTime())}`
                : null}
          </span>
          <span className="font-medium text-foreground">
            {isActive
              ? `${count(found, 'finding', 'findings')} so far`
              : count(found, 'finding', 'findings')}
          </span>
        </p>
        {isActive && scan.deadlineAt ? (
          <p className="text-xs text-muted-foreground">
            Stops by <time dateTime={scan.deadlineAt}>{formatDateTime(scan.deadlineAt)}</time> at
            the latest.
          </p>
        ) : null}
      </div>

      {scan.status === 'failed' && scan.error ? (
        <Alert variant="error">
          <CircleAlert aria-hidden="true" />
          <p>The scan failed: {scan.error}</p>
        </Alert>
      ) : null}
      {pollError && isActive ? (
        <p role="status" className="text-xs text-destructive">
          Progress could not be updated (
          {isApiClientError(pollError) ? pollError.message : 'connection problem'}); still trying.
        </p>
      ) : null}

      <ScanDetails scan={scan} headingLevel={4} />
    </section>
  );
}
