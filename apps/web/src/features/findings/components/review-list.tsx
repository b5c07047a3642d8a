// The review list: findings by review status (needs review first) with counts, a filter by kind,
// keyset "Load more", and confirm / not mine / whitelist on each.
import {
  FINDING_KINDS,
  findingKindSchema,
  findingStatusSchema,
  type Finding,
  type FindingKind,
  type FindingPage,
  type FindingStatus,
  type LikenessNature,
} from '@shark/contracts/findings.ts';
import { CircleAlert, RotateCcw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { LikenessNatureDialog } from '#app/components/likeness/likeness-nature-dialog.tsx';
import { Alert } from '#app/components/ui/alert.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { NativeSelect } from '#app/components/ui/native-select.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx';
import { useFindings } from '#app/features/findings/api/get-findings.ts';
import { useAskFindingReview } from '#app/features/findings/api/ask-finding-review.ts';
import { useReviewFinding } from '#app/features/findings/api/review-finding.ts';
import { FindingCard } from '#app/features/findings/components/finding-card.tsx';
import {
  ACTION_LABELS,
  KIND_FILTER_LABELS,
  STATUS_TABS,
  shortUrl,
} from '#app/features/findings/lib/labels.ts';
import type { ReviewAction } from '#app/features/findings/lib/review.ts';
import { isApiClientError } from '#app/lib/api.ts';

export function ReviewList({
  userId,
  kind: shownKind,
  onKindChange,
}: {
  userId: string;
  /** The kind filter, when the page keeps it (in its address); the list keeps its own otherwise. */
  kind?: FindingKind | null;
  onKindChange?: (kind: FindingKind | null) => void;
}) {
  const [status, setStatus] = useState<FindingStatus>('pending_review');
  const [ownKind, setOwnKind] = useState<FindingKind | null>(null);
  const kind = shownKind === undefined ? ownKind : shownKind;
  const setKind = onKindChange ?? setOwnKind;
  const findings = useFindings(userId, { status, kind });
  const kindId = useId();

  // Counts are over all findings; keep the last ones while another tab's first page loads.
  const lastCounts = useRef<FindingPage['counts']>(undefined);
  const counts = findings.data?.pages[0]?.counts ?? lastCounts.current;
  useEffect(() => {
    if (counts) lastCounts.current = counts;
  }, [counts]);

  return (
    <Card
      id="findings"
      role="region"
      aria-labelledby="findings-heading"
      className="grid min-w-0 scroll-mt-6 gap-4 p-4 sm:p-6"
    >
      <div>
        <h2 id="findings-heading" className="text-lg font-semibold tracking-tight">
          Findings
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          What scans found. Sure matches are confirmed automatically; the others wait for you.
          Nothing is reported until it is confirmed, and whitelisted pages never are.
        </p>
      </div>

      <Tabs
        value={status}
        onValueChange={(value) => setStatus(findingStatusSchema.parse(value))}
        className="grid gap-4"
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <TabsList aria-label="Findings by review status">
            {STATUS_TABS.map((tab) => (
              <TabsTrigger key={tab.status} value={tab.status}>
                {tab.label}{' '}
                <span
                  className="rounded-full bg-muted px-1.5 text-xs tabular-nums"
                  data-testid={`count-${tab.status}`}
                >
                  {counts ? counts[tab.status] : '–'}
                </span>
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="grid gap-1.5 text-sm sm:w-56">
            <label htmlFor={kindId} className="font-medium">
              Kind
            </label>
            <NativeSelect
              id={kindId}
              value={kind ?? ''}
              onChange={(event) =>
                setKind(
                  event.target.value === '' ? null : findingKindSchema.parse(event.target.value),
                )
              }
            >
              <option value="">All kinds</option>
              {FINDING_KINDS.map((k) => (
                <option key={k} value={k}>
                  {KIND_FILTER_LABELS[k]}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>

        {STATUS_TABS.map((tab) => (
          <TabsContent key={tab.status} value={tab.status}>
            {tab.status === status ? (
              <FindingList
                userId={userId}
                findings={findings}
                emptyText={tab.empty}
                label={tab.label}
              />
            ) : null}
          </TabsContent>
        ))}
      </Tabs>
    </Card>
  );
}

function FindingList({
  userId,
  findings,
  emptyText,
  label,
}: {
  userId: string;
  findings: ReturnType<typeof useFindings>;
  emptyText: string;
  label: string;
}) {
  const review = useReviewFinding(userId);
  const askShark = useAskFindingReview(userId);
  const [pending, setPending] = useState<{ id: string; action: ReviewAction } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focusNext = useRef<string | null>(null);
  const items = findings.data?.pages.flatMap((page) => page.findings) ?? [];

  // A review moves the finding out of the list (its buttons go with it): keyboard focus goes to
  // the next finding rather than to the top of the page.
  useEffect(() => {
    const id = focusNext.current;
    if (id === null) return;
    focusNext.current = null;
    listRef.current?.querySelector<HTMLElement>(`[data-finding-id="${CSS.escape(id)}"]`)?.focus();
  });

  const [askingNature, setAskingNature] = useState<Finding | null>(null);

  function handleReview(finding: Finding, action: ReviewAction, likenessNature?: LikenessNature) {
    // A likeness is confirmed only once she says what the picture is.
    if (finding.kind === 'likeness' && action === 'confirm' && likenessNature === undefined) {
      setAskingNature(finding);
      return;
    }
    const index = items.findIndex((f) => f.id === finding.id);
    const neighbour = items[index + 1] ?? items[index - 1];
    focusNext.current = neighbour?.id ?? null;
    setPending({ id: finding.id, action });
    const title = finding.pageTitle?.trim() || shortUrl(finding.pageUrl);
    review.mutate(
      { finding, action, likenessNature },
      {
        onSuccess: ({ alsoWhitelisted }) =>
          toast.success(ACTION_LABELS[action].done, {
            description:
              alsoWhitelisted > 0
                ? `${title}, and ${alsoWhitelisted} other ${alsoWhitelisted === 1 ? 'finding' : 'findings'} the same entry covers.`
                : title,
          }),
        onError: (error) =>
          toast.error('The review could not be saved', {
            description: isApiClientError(error) ? error.message : 'Try again in a moment.',
          }),
        onSettled: () => setPending((current) => (current?.id === finding.id ? null : current)),
      },
    );
  }

  if (findings.isPending) {
    return (
      <div role="status" aria-label="Loading findings" className="grid gap-3">
        <Skeleton className="h-28 rounded-xl" />
        <Skeleton className="h-28 rounded-xl" />
      </div>
    );
  }
  if (findings.isError) {
    return (
      <div className="grid gap-3">
        <Alert variant="error">
          <CircleAlert aria-hidden="true" />
          <p>
            The findings could not be loaded.{' '}
            {isApiClientError(findings.error) ? findings.error.message : 'Try again in a moment.'}
          </p>
        </Alert>
        <Button variant="outline" className="w-fit" onClick={() => void findings.refetch()}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
        {emptyText}
      </p>
    );
  }

  return (
    <div className="grid gap-3">
      <LikenessNatureDialog
        open={askingNature !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setAskingNature(null);
        }}
        onConfirm={(nature) => {
          const finding = askingNature;
          setAskingNature(null);
          if (finding) handleReview(finding, 'confirm', nature);
        }}
      />
      <ul ref={listRef} aria-label={`Findings: ${label}`} className="divide-y rounded-xl border">
        {items.map((finding) => (
          <li key={finding.id}>
            <FindingCard
              finding={finding}
              pendingAction={pending?.id === finding.id ? pending.action : null}
              onReview={(action) => handleReview(finding, action)}
              isAskingShark={askShark.isPending && askShark.variables === finding.id}
              onAskShark={() =>
                askShark.mutate(finding.id, {
                  onSuccess: () =>
                    toast.success('Shark’s team will review this finding', {
                      description: 'It stays here until it is confirmed or rejected.',
                    }),
                  onError: (error) =>
                    toast.error('Shark could not be asked', {
                      description: isApiClientError(error) ? error.message : 'Try again.',
                    }),
                })
              }
            />
          </li>
        ))}
      </ul>
      {findings.hasNextPage ? (
        <Button
          variant="outline"
          className="w-fit"
          disabled={findings.isFetchingNextPage}
          onClick={() => void findings.fetchNextPage()}
        >
          {findings.isFetchingNextPage ? <Spinner /> : null}
          Load more
        </Button>
      ) : null}
    </div>
  );
}
