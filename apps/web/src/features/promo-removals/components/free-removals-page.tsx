// 'Free Removals' (/promo-protect): the promotional allowance of removals without a subscription. She
// sees how many are left, reports a leak's address, and follows each free removal from her report to the
// confirmed takedown; the agent authorisation callout asks for her signature, without which no notice goes.
import type { FreeRemoval, FreeRemovalStage } from '@shark/contracts/promo-removals.ts';
import { CircleCheck, CircleX, ExternalLink, Gift, Send, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListLoadError, ListLoading } from '#app/components/paged-list-states.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Progress } from '#app/components/ui/progress.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useFreeRemovals } from '#app/features/promo-removals/api/get-free-removals.ts';
import { FreeRemovalForm } from '#app/features/promo-removals/components/free-removal-form.tsx';
import {
  formatRemovalDate,
  STAGE_LABELS,
  STAGE_NEXT,
} from '#app/features/promo-removals/lib/labels.ts';

type Variant = 'secondary' | 'outline' | 'destructive' | 'warning' | 'default';

const STAGE_STYLE: Record<FreeRemovalStage, { variant: Variant; icon: ReactNode }> = {
  checking: { variant: 'outline', icon: <Spinner className="size-3" /> },
  not_checkable: { variant: 'warning', icon: <CircleX aria-hidden="true" /> },
  whitelisted: { variant: 'secondary', icon: <ShieldCheck aria-hidden="true" /> },
  takedown_opened: { variant: 'outline', icon: <Send aria-hidden="true" /> },
  notice_sent: { variant: 'default', icon: <Send aria-hidden="true" /> },
  removed: { variant: 'default', icon: <CircleCheck aria-hidden="true" /> },
  rejected: { variant: 'destructive', icon: <CircleX aria-hidden="true" /> },
  no_response: { variant: 'warning', icon: <CircleX aria-hidden="true" /> },
  escalated: { variant: 'warning', icon: <Send aria-hidden="true" /> },
  closed: { variant: 'secondary', icon: <CircleCheck aria-hidden="true" /> },
};

export function FreeRemovalsPage({ userId, callout }: { userId: string; callout: ReactNode }) {
  const removals = useFreeRemovals(userId);
  return (
    <PageFrame
      title="Free Removals"
      description="Found your content somewhere? Send us the address: we take it down for you, free, within your allowance."
    >
      <div className="grid gap-6">
        {callout}
        {removals.isPending ? (
          <ListLoading label="Loading your free removals" itemClassName="h-24" />
        ) : removals.isError ? (
          <ListLoadError
            what="Your free removals"
            error={removals.error}
            onRetry={() => void removals.refetch()}
          />
        ) : (
          <>
            <AllowanceCard {...removals.data.allowance} />
            <FreeRemovalForm userId={userId} allowance={removals.data.allowance} />
            <section aria-labelledby="free-removals-heading" className="grid gap-3">
              <h2 id="free-removals-heading" className="text-lg font-semibold tracking-tight">
                Your free removals
              </h2>
              <RemovalList removals={removals.data.removals} />
            </section>
          </>
        )}
      </div>
    </PageFrame>
  );
}

function AllowanceCard({ limit, used, left }: { limit: number; used: number; left: number }) {
  return (
    <Card className="grid gap-3 p-4 sm:p-6">
      <section aria-labelledby="allowance-heading" className="grid gap-3">
        <h2 id="allowance-heading" className="text-lg font-semibold tracking-tight">
          Your allowance
        </h2>
        <dl className="grid grid-cols-3 gap-3 text-center">
          {(
            [
              { id: 'limit', label: 'Free removals', value: limit },
              { id: 'used', label: 'Used', value: used },
              { id: 'left', label: 'Left', value: left },
            ] as const
          ).map((figure) => (
            <div key={figure.id} className="rounded-lg border bg-muted/40 p-3">
              <dt className="text-sm text-muted-foreground">{figure.label}</dt>
              <dd className="text-2xl font-bold" data-testid={`allowance-${figure.id}`}>
                {figure.value}
              </dd>
            </div>
          ))}
        </dl>
        <Progress value={used} max={Math.max(limit, 1)} aria-label="Free removals used" />
        <p className="text-xs text-muted-foreground">
          An address that cannot be checked (not a page of the public web) gives its removal back.
        </p>
      </section>
    </Card>
  );
}

function RemovalList({ removals }: { removals: FreeRemoval[] }) {
  if (removals.length === 0) {
    return (
      <EmptyState icon={Gift} title="No free removals yet">
        Addresses you report appear here and follow their takedown, from your report until the copy
        is gone.
      </EmptyState>
    );
  }
  const checking = removals.filter((removal) => removal.stage === 'checking').length;
  return (
    <div className="grid gap-3">
      {checking > 0 ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          Checking {checking === 1 ? '1 address' : `${checking} addresses`}; this list updates by
          itself.
        </p>
      ) : null}
      <ul aria-label="Free removals" className="grid gap-3">
        {removals.map((removal) => (
          <RemovalItem key={removal.id} removal={removal} />
        ))}
      </ul>
    </div>
  );
}

function RemovalItem({ removal }: { removal: FreeRemoval }) {
  const style = STAGE_STYLE[removal.stage];
  const next = STAGE_NEXT[removal.stage];
  return (
    <li aria-label={removal.url} className="grid gap-2 rounded-2xl border bg-card p-4 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <a
          href={removal.url}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex min-w-0 items-start gap-1 font-mono text-xs break-all text-primary hover:underline"
        >
          {removal.url}
          <ExternalLink aria-hidden="true" className="mt-0.5 size-3 shrink-0" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <Badge variant={style.variant} data-testid="removal-stage">
          {style.icon}
          {STAGE_LABELS[removal.stage]}
        </Badge>
      </div>
      {removal.detail ? <p className="text-muted-foreground">{removal.detail}</p> : null}
      {removal.reference ? (
        <p>
          Matches your file <span className="font-medium">{removal.reference.name}</span>
        </p>
      ) : null}
      {next ? <p>{next}</p> : null}
      <p className="text-xs text-muted-foreground">
        Reported {formatRemovalDate(removal.createdAt)}
        {removal.isCounted ? ' · Uses 1 free removal' : ' · Gave its free removal back'}
      </p>
    </li>
  );
}
