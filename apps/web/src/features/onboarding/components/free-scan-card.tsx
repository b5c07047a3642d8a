// The free scan (offered during onboarding, before payment): what it looks through, the
// button that starts it for the usernames entered, its live progress, then what it found — counts by
// kind of site and a few blurred examples. A subscriber sees it as their first scan.
import type { FreeScanResult } from '@shark/contracts/findings.ts';
import { Link } from '@tanstack/react-router';
import {
  CircleAlert,
  FileSearch,
  Globe,
  HardDrive,
  ImageOff,
  Info,
  Radar,
  Send,
  ShieldCheck,
} from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { Progress } from '#app/components/ui/progress.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import {
  freeScanExampleThumbnailUrl,
  useFreeScan,
} from '#app/features/onboarding/api/get-free-scan.ts';
import { useUsernames } from '#app/features/onboarding/api/get-usernames.ts';
import { useStartFreeScan } from '#app/features/onboarding/api/start-free-scan.ts';
import {
  freeScanShare,
  isFreeScanActive,
  kindCounts,
  secondsLeft,
  type FreeScan,
} from '#app/features/onboarding/lib/free-scan-progress.ts';
import type { SetupApiBase } from '#app/features/onboarding/lib/setup-api.ts';
import { count, siteKindLabel, siteKindsLabel } from '#app/features/scans/lib/labels.ts';
import { formatShare } from '#app/features/scans/lib/progress.ts';
import { useNow } from '#app/features/scans/lib/use-now.ts';
import { isApiClientError } from '#app/lib/api.ts';
import { cn } from '#app/lib/utils.ts';

const SCAN_PLACES = [
  {
    icon: Globe,
    title: 'Search engines',
    text: 'Results that pair your usernames with words leakers use, such as “leaked” or “free”.',
  },
  {
    icon: FileSearch,
    title: 'Leak sites and forums',
    text: 'Tube sites, forums and galleries that repost paid content without permission.',
  },
  {
    icon: HardDrive,
    title: 'File hosts',
    text: 'Download and streaming hosts where whole folders of content are shared.',
  },
  {
    icon: Send,
    title: 'Telegram indexes',
    text: 'Public indexes of Telegram channels and groups that trade leaked content.',
  },
];

export function FreeScanCard({
  brandName,
  isSubscribed,
  userId,
  base,
}: {
  brandName: string;
  /** A subscriber has paid already: the scan is their first search, not a preview before payment. */
  isSubscribed: boolean;
  userId: string;
  base: SetupApiBase;
}) {
  const freeScan = useFreeScan(userId);
  const scan = freeScan.data?.scan ?? null;

  return (
    <Card role="region" aria-labelledby="free-scan-heading" className="p-6">
      <h2
        id="free-scan-heading"
        className="flex items-center gap-2 text-lg font-semibold tracking-tight"
      >
        <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
        The free scan
      </h2>
      {freeScan.isPending ? (
        <div role="status" aria-label="Loading the free scan" className="mt-4 grid gap-3">
          <Skeleton className="h-4" />
          <Skeleton className="h-24 rounded-lg" />
        </div>
      ) : scan === null || freeScan.isError ? (
        <BeforeScan
          brandName={brandName}
          isSubscribed={isSubscribed}
          userId={userId}
          base={base}
          loadError={freeScan.isError ? freeScan.error : null}
        />
      ) : isFreeScanActive(scan) ? (
        <RunningScan scan={scan} usernames={freeScan.data.usernames} />
      ) : (
        <ScanResults result={freeScan.data} scan={scan} isSubscribed={isSubscribed} />
      )}
    </Card>
  );
}

function BeforeScan({
  brandName,
  isSubscribed,
  userId,
  base,
  loadError,
}: {
  brandName: string;
  isSubscribed: boolean;
  userId: string;
  base: SetupApiBase;
  loadError: Error | null;
}) {
  const usernames = useUsernames(userId, base);
  const start = useStartFreeScan(userId);
  const [error, setError] = useState<string>();
  const hintId = useId();
  const hasUsername = (usernames.data?.accounts.length ?? 0) > 0;

  function startScan() {
    setError(undefined);
    start.mutate(undefined, {
      // On 409 (it has run, or runs, already) the results are read again and replace this message
      // when there are any; the message stays when another scan of the creator's is what runs.
      onError: (thrown) =>
        setError(
          isApiClientError(thrown) ? thrown.message : 'The scan could not be started. Try again.',
        ),
    });
  }

  return (
    <>
      <p className="mt-2 text-sm text-muted-foreground">
        {isSubscribed ? 'Your first scan' : `Before you pay anything, ${brandName}`} searches for
        your usernames and terms in the places leaked content is shared, and shows you what it
        found:
      </p>
      <ul className="mt-5 grid gap-4">
        {SCAN_PLACES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-accent text-accent-foreground">
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <div>
              <h3 className="text-sm font-semibold">{title}</h3>
              <p className="mt-0.5 text-sm text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-muted-foreground">
        {isSubscribed
          ? 'What it finds is then taken down as part of your plan.'
          : 'Nothing is filed during the scan: takedowns start only once protection is active.'}
      </p>

      <div className="mt-5 grid gap-3 border-t pt-5">
        {loadError ? (
          <Alert variant="error">
            <CircleAlert aria-hidden="true" />
            <p>
              The free scan could not be loaded.{' '}
              {isApiClientError(loadError) ? loadError.message : 'Try again in a moment.'}
            </p>
          </Alert>
        ) : null}
        {error ? (
          <Alert variant="error">
            <CircleAlert aria-hidden="true" />
            <p>{error}</p>
          </Alert>
        ) : null}
        <Button
          className="w-fit"
          onClick={startScan}
          disabled={!hasUsername || start.isPending || loadError !== null}
          aria-describedby={hasUsername ? undefined : hintId}
        >
          {start.isPending ? <Spinner /> : <Radar aria-hidden="true" />}
          {isSubscribed ? 'Start your first scan' : 'Start the free scan'}
        </Button>
        {hasUsername ? (
          <p className="text-xs text-muted-foreground">
            It takes a few minutes and searches for{' '}
            {usernames.data?.accounts.map((a) => a.username).join(', ')}.
          </p>
        ) : (
          <p id={hintId} className="text-xs text-muted-foreground">
            Add at least one of your usernames first: the scan searches for them.
          </p>
        )}
      </div>
    </>
  );
}

function RunningScan({ scan, usernames }: { scan: FreeScan; usernames: string[] }) {
  const now = useNow(1_000);
  const share = freeScanShare(scan, now);
  const left = secondsLeft(scan, now);
  return (
    <div className="mt-4 grid gap-4" data-testid="free-scan-progress">
      <p role="status" className="flex items-center gap-2 text-sm font-medium">
        <Spinner className="text-primary" />
        {scan.status === 'queued' ? 'Starting the scan…' : 'Scanning…'}
      </p>
      {usernames.length > 0 ? (
        <p className="text-sm text-muted-foreground">
          Searching for {usernames.join(', ')} in the places leaked content is shared.
        </p>
      ) : null}
      <Progress
        value={share === null ? null : Math.round(share * 100)}
        aria-label="Free scan progress"
      />
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground tabular-nums">
        {share !== null ? <span>{formatShare(share)}</span> : null}
        <span>{count(scan.pagesChecked, 'page checked', 'pages checked')}</span>
        <span>
          {scan.queryBudget !== null
            ? `${scan.queriesUsed} of ${count(scan.queryBudget, 'search', 'searches')}`
            : count(scan.queriesUsed, 'search', 'searches')}
        </span>
        {left !== null ? (
          <span>{left > 0 ? `at most ${formatSeconds(left)} left` : 'finishing…'}</span>
        ) : null}
      </p>
      <p className="text-sm text-muted-foreground">
        You can keep setting up meanwhile: the results appear here when it has finished.
      </p>
    </div>
  );
}

function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
}

function ScanResults({
  result,
  scan,
  isSubscribed,
}: {
  result: FreeScanResult;
  scan: FreeScan;
  isSubscribed: boolean;
}) {
  const kinds = kindCounts(result.byKind);
  return (
    <div className="mt-4 grid gap-5" data-testid="free-scan-results">
      <div role="status">
        <p className="text-3xl font-bold tracking-tight tabular-nums" data-testid="free-scan-total">
          {result.total}
        </p>
        <p className="text-sm font-medium">
          {result.total === 0
            ? 'Nothing found for your usernames in the places checked'
            : result.total === 1
              ? 'possible leak or impersonator found'
              : 'possible leaks and impersonators found'}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">
          {scan.status === 'failed' ? 'The scan stopped early. ' : ''}
          {count(scan.pagesChecked, 'page', 'pages')} checked with{' '}
          {count(scan.queriesUsed, 'search', 'searches')}
          {result.usernames.length > 0 ? ` for ${result.usernames.join(', ')}` : ''}.
        </p>
      </div>

      {result.catalogOnly ? (
        <Alert variant="info">
          <Info aria-hidden="true" />
          <p>
            No search API is configured, so this scan used the site catalog alone: it searched the
            leak sites, forums, file hosts and indexes the catalog lists directly. With a search API
            on, scans reach further.
          </p>
        </Alert>
      ) : null}

      <section aria-labelledby="free-scan-kinds-heading">
        <h3 id="free-scan-kinds-heading" className="text-sm font-semibold">
          By kind of site
        </h3>
        <ul aria-label="Found by kind of site" className="mt-2 grid gap-1.5 text-sm">
          {kinds.map(({ kind, count: n }) => (
            <li key={kind} className="flex justify-between gap-3">
              <span className={cn(n === 0 && 'text-muted-foreground')}>{siteKindsLabel(kind)}</span>
              <span
                className={cn('tabular-nums', n === 0 ? 'text-muted-foreground' : 'font-semibold')}
              >
                {n}
              </span>
            </li>
          ))}
        </ul>
      </section>

      {result.examples.length > 0 ? (
        <section aria-labelledby="free-scan-examples-heading">
          <h3 id="free-scan-examples-heading" className="text-sm font-semibold">
            Some of what was found
          </h3>
          <ul aria-label="Examples" className="mt-2 grid grid-cols-2 gap-3">
            {result.examples.map((example) => (
              <li key={example.id}>
                <figure className="grid gap-1.5">
                  <ExampleThumbnail
                    id={example.id}
                    hasThumbnail={example.hasThumbnail}
                    siteName={example.siteName}
                  />
                  <figcaption className="min-w-0 text-xs">
                    <span className="block truncate font-medium">{example.siteName}</span>
                    <span className="text-muted-foreground">{siteKindLabel(example.siteKind)}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-muted-foreground">
            {isSubscribed
              ? 'Blurred here. The full evidence is on your dashboard.'
              : 'Blurred until your protection is active.'}
          </p>
        </section>
      ) : null}

      {isSubscribed ? (
        <Button asChild variant="outline" className="w-fit">
          <Link to="/dashboard">Review them on your dashboard</Link>
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">
          {result.total === 0
            ? 'Protection keeps searching at your plan’s frequency, so what leaks later is found and taken down.'
            : 'Activate your protection to see them in full and have them taken down.'}
        </p>
      )}
    </div>
  );
}

function ExampleThumbnail({
  id,
  hasThumbnail,
  siteName,
}: {
  id: string;
  hasThumbnail: boolean;
  siteName: string;
}) {
  const [hasFailed, setHasFailed] = useState(false);
  return (
    <span className="grid aspect-video place-items-center overflow-hidden rounded-lg border bg-muted text-muted-foreground">
      {hasThumbnail && !hasFailed ? (
        // Blurred by the server already; blurred again here in case a clear picture ever came back.
        <img
          src={freeScanExampleThumbnailUrl(id)}
          alt={`Blurred picture found on ${siteName}`}
          loading="lazy"
          className="size-full scale-110 object-cover blur-md"
          onError={() => setHasFailed(true)}
        />
      ) : (
        <ImageOff aria-hidden="true" className="size-6" />
      )}
    </span>
  );
}
