// The dashboard: where the account stands, the takedown figures (found, confirmed, notices sent,
// removed, pending, the removal rate, charts, recent activity, the next scan), then, for creators whose
// plan includes scanning, the scans (live progress), the sources they use, the review of what they
// found and the sites that only share their name. Others see why there is nothing to review yet and
// the way to get there.
import type { FindingKind } from '@shark/contracts/findings.ts';
import type { FrontendStatus, User } from '@shark/contracts/user.ts';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleAlert, CircleCheck, Radar } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { dashboardKeys } from '#app/features/dashboard/api/dashboard-keys.ts';
import { TakedownOverview } from '#app/features/dashboard/components/takedown-overview.tsx';
import { findingKeys } from '#app/features/findings/api/finding-keys.ts';
import { ReviewList } from '#app/features/findings/components/review-list.tsx';
import { NameSightingsSection } from '#app/features/name-sightings/components/name-sightings-section.tsx';
import { scanKeys } from '#app/features/scans/api/scan-keys.ts';
import { ScansCard } from '#app/features/scans/components/scans-card.tsx';
import { SourcesPanel } from '#app/features/scans/components/sources-panel.tsx';
import { canUseScans } from '#app/features/scans/lib/access.ts';
import { whitelistQueryKey } from '#app/features/whitelist/api/get-whitelist.ts';

const STATUS_LABELS = {
  free: { label: 'Free', description: 'You have no subscription yet.' },
  subscribed: { label: 'Subscribed', description: 'Your content is protected.' },
  former: { label: 'Former subscriber', description: 'Your subscription has ended.' },
} as const satisfies Record<FrontendStatus, { label: string; description: string }>;

function SummaryCard({
  title,
  value,
  children,
}: {
  title: string;
  value: string;
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0 p-6">
      <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
      <p className="mt-2 truncate text-2xl font-semibold tracking-tight">{value}</p>
      <div className="mt-4 text-sm">{children}</div>
    </Card>
  );
}

export function DashboardPage({
  user,
  callout,
  findingsKind,
  onFindingsKindChange,
}: {
  user: User;
  /** Shown first, above the figures: what she must do before anything else (the route decides). */
  callout?: ReactNode;
  /** The kind the review list is filtered to (kept in the page's address by the route). */
  findingsKind: FindingKind | null;
  onFindingsKindChange: (kind: FindingKind | null) => void;
}) {
  const status = STATUS_LABELS[user.frontendStatus];
  return (
    <PageFrame
      title={`Welcome, ${user.name.trim() !== '' ? user.name : user.email}`}
      description="Here is where your account stands."
    >
      {callout}
      <div className="grid gap-6 md:grid-cols-2">
        <SummaryCard title="Account status" value={status.label}>
          <p className="text-muted-foreground">{status.description}</p>
        </SummaryCard>
        <SummaryCard title="E-mail" value={user.email}>
          {user.emailVerified ? (
            <p className="flex items-center gap-2 text-success">
              <CircleCheck aria-hidden="true" className="size-4" />
              E-mail verified
            </p>
          ) : (
            <p className="flex items-center gap-2 text-destructive">
              <CircleAlert aria-hidden="true" className="size-4" />
              E-mail not verified
            </p>
          )}
        </SummaryCard>
      </div>

      <TakedownOverview
        userId={user.id}
        canSeeReport={user.frontendStatus === 'subscribed'}
        canReviewFindings={canUseScans(user)}
      />
      <RefreshFiguresAfterChanges userId={user.id} />

      {canUseScans(user) ? (
        <Scanning
          userId={user.id}
          findingsKind={findingsKind}
          onFindingsKindChange={onFindingsKindChange}
        />
      ) : (
        <NoScanning user={user} />
      )}
    </PageFrame>
  );
}

/**
 * Reviews and scans change the figures (a confirmation opens a takedown): once the page's changes have
 * settled, the figures are read again.
 */
function RefreshFiguresAfterChanges({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const changing = useIsMutating();
  const wasChanging = useRef(false);
  useEffect(() => {
    if (changing > 0) wasChanging.current = true;
    else if (wasChanging.current) {
      wasChanging.current = false;
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(userId) });
    }
  }, [changing, queryClient, userId]);
  return null;
}

function Scanning({
  userId,
  findingsKind,
  onFindingsKindChange,
}: {
  userId: string;
  findingsKind: FindingKind | null;
  onFindingsKindChange: (kind: FindingKind | null) => void;
}) {
  const queryClient = useQueryClient();
  return (
    <div className="mt-6 grid gap-6">
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <ScansCard
          userId={userId}
          onFindingsChanged={() => {
            void queryClient.invalidateQueries({ queryKey: findingKeys.all(userId) });
            void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(userId) });
          }}
          onScanFinished={() =>
            void queryClient.invalidateQueries({ queryKey: scanKeys.sources(userId) })
          }
        />
        <SourcesPanel userId={userId} />
      </div>
      <ReviewList userId={userId} kind={findingsKind} onKindChange={onFindingsKindChange} />
      <NameSightingsSection
        userId={userId}
        onSiteWhitelisted={() => {
          void queryClient.invalidateQueries({ queryKey: findingKeys.all(userId) });
          void queryClient.invalidateQueries({ queryKey: whitelistQueryKey(userId) });
        }}
      />
    </div>
  );
}

/** Free and former creators: no scans run for them, and the dashboard says so plainly. */
function NoScanning({ user }: { user: User }) {
  const isFormer = user.frontendStatus === 'former';
  return (
    <EmptyState
      icon={Radar}
      title={isFormer ? 'Scans have stopped' : 'No scans run for you yet'}
      className="mt-6"
      action={
        <>
          <Button asChild>
            <Link to="/plans">{isFormer ? 'Reactivate protection' : 'See plans'}</Link>
          </Button>
          {isFormer ? null : (
            <Button asChild variant="outline">
              <Link to="/onboarding">Run the free scan</Link>
            </Button>
          )}
        </>
      }
    >
      {isFormer
        ? 'Your subscription has ended, so scheduled scans no longer search for your content and nothing new is reviewed or taken down. Reactivate a plan to start them again.'
        : 'Regular scans for your usernames and files, the review of what they find and takedowns come with a plan. The free scan in onboarding shows what is already out there before you pay anything.'}
    </EmptyState>
  );
}
