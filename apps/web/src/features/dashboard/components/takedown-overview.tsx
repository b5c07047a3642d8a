// The dashboard's takedown figures: found, confirmed, notices sent, removed, pending and the removal
// rate with its definition; pictures of her face as their own kind (deep fake protection); charts over time (with a range switch) and by kind of site; the latest
// status changes; and when the next scan runs. Every number comes counted from the server.
import {
  DASHBOARD_RANGES,
  formatRemovalRate,
  type DashboardRange,
  type DashboardSummary,
} from '@shark/contracts/takedown-report.ts';
import { Link } from '@tanstack/react-router';
import { CalendarClock, CircleAlert, RotateCcw, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useDashboardSummary } from '#app/features/dashboard/api/get-dashboard-summary.ts';
import { DarkWebOverview } from '#app/features/dashboard/components/dark-web-overview.tsx';
import { LikenessOverview } from '#app/features/dashboard/components/likeness-overview.tsx';
import { formatDateTime, formatRelative } from '#app/features/dashboard/lib/format.ts';
import { isApiClientError } from '#app/lib/api.ts';
import { cn } from '#app/lib/utils.ts';

// recharts is large: it loads after the figures, so the dashboard's first render does not wait for it.
const OverTimeChart = lazy(async () => ({
  default: (await import('#app/features/dashboard/components/takedown-charts.tsx')).OverTimeChart,
}));
const BySiteKindChart = lazy(async () => ({
  default: (await import('#app/features/dashboard/components/takedown-charts.tsx')).BySiteKindChart,
}));

const RANGE_LABELS: Record<DashboardRange, string> = {
  '30d': '30 days',
  '90d': '90 days',
  '12m': '12 months',
};

function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note?: ReactNode;
  testId: string;
}) {
  return (
    <div className="min-w-0 rounded-xl border bg-background p-4" data-testid={testId}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd
        className="mt-1 text-2xl font-semibold tracking-tight tabular-nums"
        data-testid={`${testId}-value`}
      >
        {value}
      </dd>
      {note ? <dd className="mt-1 text-xs text-muted-foreground">{note}</dd> : null}
    </div>
  );
}

function Figures({ summary }: { summary: DashboardSummary }) {
  const { totals, removalRate } = summary;
  const n = (value: number) => value.toLocaleString('en-US');
  return (
    <div className="grid gap-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Figure
          label="Found"
          value={n(totals.found)}
          note="not dismissed by you"
          testId="figure-found"
        />
        <Figure
          label="Confirmed"
          value={n(totals.confirmed)}
          note="takedowns opened"
          testId="figure-confirmed"
        />
        <Figure label="Notices sent" value={n(totals.noticesSent)} testId="figure-notices-sent" />
        <Figure label="Removed" value={n(totals.removed)} testId="figure-removed" />
        <Figure
          label="Pending"
          value={n(totals.pending)}
          note="still in progress"
          testId="figure-pending"
        />
        <Figure
          label="Removal rate"
          value={formatRemovalRate(removalRate.rate)}
          note={`${n(removalRate.numerator)} of ${n(removalRate.denominator)} counted`}
          testId="figure-removal-rate"
        />
      </dl>
      <p className="text-xs text-muted-foreground" data-testid="removal-rate-definition">
        {removalRate.definition}
        {removalRate.rate === null ? ' No notice is that old yet, so the rate shows “—”.' : ''}
      </p>
    </div>
  );
}

function ChartFallback() {
  return <Skeleton className="h-64 rounded-xl" />;
}

function RangeSwitch({
  range,
  onChange,
}: {
  range: DashboardRange;
  onChange: (range: DashboardRange) => void;
}) {
  return (
    <div role="group" aria-label="Range" className="flex shrink-0 rounded-lg border p-0.5">
      {DASHBOARD_RANGES.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === range}
          onClick={() => onChange(option)}
          className={cn(
            'rounded-md px-3 py-1 text-sm font-medium transition-colors outline-none hover:bg-muted focus-visible:ring-3 focus-visible:ring-ring/50',
            option === range && 'bg-primary text-primary-foreground hover:bg-primary/90',
          )}
        >
          {RANGE_LABELS[option]}
        </button>
      ))}
    </div>
  );
}

function RecentActivity({ summary, now }: { summary: DashboardSummary; now: number }) {
  if (summary.recentActivity.length === 0) {
    return (
      <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
        Nothing has happened to a takedown yet. Each step — a notice sent, a page removed, an
        escalation — shows here as it happens.
      </p>
    );
  }
  return (
    <ol className="grid gap-2" aria-label="Recent activity">
      {summary.recentActivity.map((event) => (
        <li key={event.id} className="flex items-start justify-between gap-3 text-sm">
          <div className="min-w-0">
            <p className="truncate">
              <span className="font-medium">{event.statusLabel}</span>
              <span className="text-muted-foreground"> · {event.host}</span>
            </p>
            {event.detail ? (
              <p className="truncate text-xs text-muted-foreground">{event.detail}</p>
            ) : null}
          </div>
          <time
            dateTime={event.at}
            title={formatDateTime(event.at)}
            className="shrink-0 text-xs text-muted-foreground"
          >
            {formatRelative(event.at, now)}
          </time>
        </li>
      ))}
    </ol>
  );
}

function NextScan({ summary, now }: { summary: DashboardSummary; now: number }) {
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="next-scan">
      <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
      {summary.nextScanAt ? (
        <span>
          Next scan{' '}
          <time
            dateTime={summary.nextScanAt}
            title={formatDateTime(summary.nextScanAt)}
            className="font-medium text-foreground"
          >
            {new Date(summary.nextScanAt).getTime() <= now
              ? 'is due now'
              : formatRelative(summary.nextScanAt, now)}
          </time>
        </span>
      ) : (
        <span>No scan is scheduled: regular scans come with a plan.</span>
      )}
    </p>
  );
}

export function TakedownOverview({
  userId,
  canSeeReport,
  canReviewFindings,
}: {
  userId: string;
  canSeeReport: boolean;
  /** The review list is on the dashboard (her plan scans): the likeness figures link to it. */
  canReviewFindings: boolean;
}) {
  const [range, setRange] = useState<DashboardRange>('30d');
  const summary = useDashboardSummary(userId, range);
  const now = summary.dataUpdatedAt || 0;

  return (
    <Card
      role="region"
      aria-labelledby="takedowns-heading"
      className="mt-6 grid min-w-0 gap-6 p-4 sm:p-6"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id="takedowns-heading" className="text-lg font-semibold tracking-tight">
            Takedowns
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            What was found of yours, what was confirmed and sent for removal, and what is gone.
          </p>
        </div>
        {canSeeReport ? (
          <Button asChild variant="outline" className="w-fit">
            <Link to="/takedown-report">Open the takedown report</Link>
          </Button>
        ) : null}
      </div>

      {summary.isPending ? (
        <div role="status" aria-label="Loading your takedown figures" className="grid gap-3">
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-24 rounded-xl" />
            ))}
          </div>
          <Skeleton className="h-64 rounded-xl" />
        </div>
      ) : summary.isError ? (
        <div className="grid gap-3">
          <Alert variant="error">
            <CircleAlert aria-hidden="true" />
            <p>
              Your takedown figures could not be loaded.{' '}
              {isApiClientError(summary.error) ? summary.error.message : 'Try again in a moment.'}
            </p>
          </Alert>
          <Button variant="outline" className="w-fit" onClick={() => void summary.refetch()}>
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : (
        <>
          <Figures summary={summary.data} />
          {summary.data.likeness ? (
            <LikenessOverview
              likeness={summary.data.likeness}
              canReview={canReviewFindings}
              canSeeReport={canSeeReport}
            />
          ) : null}
          {summary.data.darkWeb ? <DarkWebOverview darkWeb={summary.data.darkWeb} /> : null}
          <NextScan summary={summary.data} now={now} />
          {summary.data.totals.found === 0 && summary.data.totals.confirmed === 0 ? (
            <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-10 text-center">
              <ShieldCheck aria-hidden="true" className="size-8 text-muted-foreground" />
              <h3 className="mt-3 font-semibold">Nothing found yet</h3>
              <p className="mt-1 max-w-md text-sm text-muted-foreground">
                When a scan finds a copy of your content, it is counted here. Once it is confirmed
                as yours, a notice goes to whoever can remove it, and the charts show how it goes.
              </p>
            </div>
          ) : (
            <div className="grid gap-6 lg:grid-cols-2">
              <section aria-labelledby="over-time-heading" className="grid min-w-0 gap-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 id="over-time-heading" className="font-semibold">
                    Over time
                  </h3>
                  <RangeSwitch range={range} onChange={setRange} />
                </div>
                <div
                  className={cn(summary.isPlaceholderData && 'opacity-60')}
                  aria-busy={summary.isPlaceholderData}
                >
                  <Suspense fallback={<ChartFallback />}>
                    <OverTimeChart series={summary.data.series} />
                  </Suspense>
                </div>
              </section>
              <section aria-labelledby="by-kind-heading" className="grid min-w-0 gap-3">
                <h3 id="by-kind-heading" className="font-semibold">
                  By kind of site
                </h3>
                <Suspense fallback={<ChartFallback />}>
                  <BySiteKindChart bySiteKind={summary.data.bySiteKind} />
                </Suspense>
              </section>
            </div>
          )}
          <section aria-labelledby="activity-heading" className="grid gap-3">
            <h3 id="activity-heading" className="font-semibold">
              Recent activity
            </h3>
            <RecentActivity summary={summary.data} now={now} />
          </section>
        </>
      )}
    </Card>
  );
}
