// Deep fake protection on the dashboard: pictures of her face as their own kind — how many wait for
// her to say whether they are her (with the way to them), how many Shark's team is looking at, and
// their takedowns. Shown to creators whose plan includes it, or for whom a likeness was ever found.
import type { DashboardSummary } from '@shark/contracts/takedown-report.ts';
import { Link } from '@tanstack/react-router';
import { ScanFace } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { OverviewCard, OverviewFact } from '#app/features/dashboard/components/overview-card.tsx';

type Likeness = NonNullable<DashboardSummary['likeness']>;

const n = (value: number) => value.toLocaleString('en-US');

export function LikenessOverview({
  likeness,
  canReview,
  canSeeReport,
}: {
  likeness: Likeness;
  /** The review list is on this page (her plan scans). */
  canReview: boolean;
  canSeeReport: boolean;
}) {
  const waiting = likeness.awaitingReview;
  return (
    <OverviewCard
      id="likeness"
      icon={ScanFace}
      title="Deep fake protection"
      intro={
        <>
          <p className="text-sm text-muted-foreground" data-testid="likeness-waiting">
            {waiting === 0
              ? 'No picture of your face waits for your review.'
              : `${n(waiting)} ${waiting === 1 ? 'picture shows a face that looks like yours and waits' : 'pictures show a face that looks like yours and wait'} for you to say whether ${waiting === 1 ? 'it is' : 'they are'} you. Nothing is sent until you confirm.`}
          </p>
          {likeness.hasProtection ? null : (
            <p className="text-sm text-muted-foreground">
              Your plan does not include deep fake protection any more: no new pictures of your face
              are searched for.{' '}
              <Link to="/plans" className="text-primary underline-offset-4 hover:underline">
                See plans
              </Link>
            </p>
          )}
        </>
      }
    >
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <OverviewFact label="Waiting for you" value={waiting} testId="likeness-awaiting-review" />
        <OverviewFact
          label="With Shark’s team"
          value={likeness.withShark}
          testId="likeness-with-shark"
        />
        <OverviewFact label="Takedowns" value={likeness.takedowns} testId="likeness-takedowns" />
        <OverviewFact label="Removed" value={likeness.removed} testId="likeness-removed" />
      </dl>
      <div className="flex flex-wrap gap-2">
        {canReview ? (
          <Button asChild size="sm" variant={waiting > 0 ? 'default' : 'outline'}>
            <Link to="/dashboard" search={{ findings: 'likeness' }} hash="findings">
              Review pictures of your face
            </Link>
          </Button>
        ) : null}
        {likeness.hasProtection ? (
          <Button asChild size="sm" variant="outline">
            <Link to="/likeness">Your enrolled faces</Link>
          </Button>
        ) : null}
        {canSeeReport && likeness.takedowns > 0 ? (
          <Button asChild size="sm" variant="outline">
            <Link to="/takedown-report" search={{ kind: 'likeness' }}>
              Likeness takedowns
            </Link>
          </Button>
        ) : null}
      </div>
    </OverviewCard>
  );
}
