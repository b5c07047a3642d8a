// The Scans card of the dashboard: "Scan now" (and why it may be refused), the month's scans against
// the plan, the next scheduled scan, the latest scan with its live progress, and the earlier ones.
import type { Scan, ScanList } from '@shark/contracts/scans.ts';
import { Link } from '@tanstack/react-router';
import { CalendarClock, CircleAlert, Radar, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useScan } from '#app/features/scans/api/get-scan.ts';
import { useScans } from '#app/features/scans/api/get-scans.ts';
import { useStartScan } from '#app/features/scans/api/start-scan.ts';
import { EarlierScans } from '#app/features/scans/components/earlier-scans.tsx';
import { LatestScan } from '#app/features/scans/components/latest-scan.tsx';
import { count, formatDateTime, formatRelative } from '#app/features/scans/lib/labels.ts';
import { isScanActive, totalFindings } from '#app/features/scans/lib/progress.ts';
import { startFailureOf, type StartFailure } from '#app/features/scans/lib/start-errors.ts';
import { useNow } from '#app/features/scans/lib/use-now.ts';
import { isApiClientError } from '#app/lib/api.ts';
import { cn } from '#app/lib/utils.ts';

export function ScansCard({
  userId,
  onFindingsChanged,
  onScanFinished,
}: {
  userId: string;
  /** A scan recorded new findings: the review list should be read again. */
  onFindingsChanged: () => void;
  /** A scan finished: what depends on it (sources' quotas used today) should be read again. */
  onScanFinished: () => void;
}) {
  const scans = useScans(userId);
  const latestListed = scans.data?.scans[0];
  const live = useScan(userId, latestListed, scans.dataUpdatedAt);
  const latest = live.data ?? latestListed;
  const isRunning = latest !== undefined && isScanActive(latest.status);
  const start = useStartScan(userId);
  const [failure, setFailure] = useState<StartFailure>();

  useScanTransitions(latest, {
    onFindingsChanged,
    onFinished: (scan) => {
      void scans.refetch();
      onScanFinished();
      if (scan.status === 'failed') {
        toast.error('The scan failed', { description: scan.error ?? undefined });
      } else {
        const found = totalFindings(scan.findings);
        toast.success('Scan finished', {
          description:
            found === 0
              ? 'Nothing new was found.'
              : `${count(found, 'finding', 'findings')} recorded. Review them below.`,
        });
      }
    },
  });

  function startScan() {
    setFailure(undefined);
    start.mutate(undefined, {
      onSuccess: () => toast.success('Scan started', { description: 'Its progress shows below.' }),
      onError: (error) => setFailure(startFailureOf(error)),
    });
  }

  return (
    <Card role="region" aria-labelledby="scans-heading" className="grid min-w-0 gap-5 p-4 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="scans-heading" className="text-lg font-semibold tracking-tight">
            Scans
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            A scan searches for your usernames, terms and files on the sources that are on, reads
            the pages it finds and compares their pictures and videos with your files.
          </p>
        </div>
        <Button
          onClick={startScan}
          disabled={isRunning || start.isPending || scans.isPending}
          className="w-fit"
        >
          {start.isPending ? <Spinner /> : <Radar aria-hidden="true" />}
          Scan now
        </Button>
      </div>

      {failure ? <StartFailureAlert failure={failure} /> : null}
      {isRunning && !failure ? (
        <p className="-mt-2 text-xs text-muted-foreground">
          A scan is running; the next can start once it has finished.
        </p>
      ) : null}

      {scans.isPending ? (
        <div role="status" aria-label="Loading your scans" className="grid gap-3">
          <Skeleton className="h-6 w-64" />
          <Skeleton className="h-32 rounded-xl" />
        </div>
      ) : scans.isError ? (
        <div className="grid gap-3">
          <Alert variant="error">
            <CircleAlert aria-hidden="true" />
            <p>
              Your scans could not be loaded.{' '}
              {isApiClientError(scans.error) ? scans.error.message : 'Try again in a moment.'}
            </p>
          </Alert>
          <Button variant="outline" className="w-fit" onClick={() => void scans.refetch()}>
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : (
        <>
          <ScanAllowance list={scans.data} />
          {latest ? (
            <LatestScan scan={latest} pollError={live.isError ? live.error : null} />
          ) : (
            <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
              No scan has run yet. Start one with Scan now; scheduled scans run by themselves at
              your plan’s frequency.
            </p>
          )}
          <EarlierScans scans={scans.data.scans.slice(1)} />
        </>
      )}
    </Card>
  );
}

/** Tells the card when the scan it follows records findings and when it finishes. */
function useScanTransitions(
  scan: Scan | undefined,
  handlers: { onFindingsChanged: () => void; onFinished: (scan: Scan) => void },
) {
  const previous = useRef<{ id: string; isActive: boolean; found: number }>(undefined);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const found = scan ? totalFindings(scan.findings) : 0;
  const isActive = scan !== undefined && isScanActive(scan.status);

  useEffect(() => {
    if (!scan) return;
    const before = previous.current;
    previous.current = { id: scan.id, isActive, found };
    // Only changes seen on the same scan count: a page opened after a scan ended says nothing.
    if (before?.id !== scan.id) return;
    if (found !== before.found) handlersRef.current.onFindingsChanged();
    if (before.isActive && !isActive) handlersRef.current.onFinished(scan);
  }, [scan, isActive, found]);
}

function StartFailureAlert({ failure }: { failure: StartFailure }) {
  return (
    <Alert variant="error">
      <CircleAlert aria-hidden="true" />
      <div className="grid gap-1">
        <p>{failure.message}</p>
        {failure.usage ? <p className="text-xs">Used: {failure.usage}.</p> : null}
        {failure.reason === 'limit' || failure.reason === 'forbidden' ? (
          <p>
            <Link to="/plans" className="font-semibold underline underline-offset-4">
              See plans
            </Link>
          </p>
        ) : null}
      </div>
    </Alert>
  );
}

/** "2 of 4 scans this month" with a meter, and when the next scheduled scan is due. */
function ScanAllowance({ list }: { list: ScanList }) {
  const now = useNow(60_000);
  const { usedThisMonth: used, allowedPerMonth: allowed, nextScheduledAt } = list;
  const isFull = allowed !== null && used >= allowed;
  const share = allowed === null || allowed === 0 ? (isFull ? 1 : 0) : Math.min(1, used / allowed);
  return (
    <div className="grid gap-4 text-sm sm:grid-cols-2">
      <div className="grid gap-1.5" data-testid="scans-this-month">
        <p className="text-muted-foreground">
          {allowed === null ? (
            <>{count(used, 'scan', 'scans')} this month (no limit)</>
          ) : (
            <>
              <span className="font-medium text-foreground">{used}</span> of{' '}
              {count(allowed, 'scan', 'scans')} this month
              {isFull ? (
                <>
                  {' · '}
                  <Link
                    to="/plans"
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    Upgrade for more
                  </Link>
                </>
              ) : null}
            </>
          )}
        </p>
        {allowed !== null ? (
          <div
            role="meter"
            aria-label="Scans used this month"
            aria-valuemin={0}
            aria-valuemax={allowed}
            aria-valuenow={used}
            className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
          >
            <div
              className={cn('h-full rounded-full', isFull ? 'bg-warning' : 'bg-primary')}
              style={{ width: `${share * 100}%` }}
            />
          </div>
        ) : null}
      </div>
      <p className="flex items-start gap-2 text-muted-foreground">
        <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {nextScheduledAt ? (
          <span>
            Next scheduled scan:{' '}
            <time dateTime={nextScheduledAt} className="font-medium text-foreground">
              {formatDateTime(nextScheduledAt)}
            </time>{' '}
            ({formatRelative(nextScheduledAt, now)})
          </span>
        ) : (
          <span>No scheduled scans on your plan: start them with Scan now.</span>
        )}
      </p>
    </div>
  );
}
