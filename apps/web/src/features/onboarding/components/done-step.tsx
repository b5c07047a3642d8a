// Step 3: set up. What happens next: the first scan, started from the free scan card beside.
import { Link } from '@tanstack/react-router';
import { CircleCheck, Radar } from 'lucide-react';
import { Button } from '#app/components/ui/button.tsx';
import { StepHeading } from '#app/features/onboarding/components/step-heading.tsx';
import { useUsage } from '#app/features/usage/usage-query.ts';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function DoneStep({
  brandName,
  canManageSetup,
  isSubscribed,
  shouldFocus,
}: {
  brandName: string;
  /** Whether the Accounts and Search Engines screens are open to this user. */
  canManageSetup: boolean;
  isSubscribed: boolean;
  shouldFocus: boolean;
}) {
  const usage = useUsage();
  return (
    <section aria-labelledby="step-done" className="grid gap-5">
      <StepHeading id="step-done" title="You’re set up" shouldFocus={shouldFocus}>
        {usage.data
          ? `${brandName} knows ${count(usage.data.usage.usernames, 'username', 'usernames')} and ${count(usage.data.usage.searchTerms, 'search term', 'search terms')} to look for.`
          : `${brandName} knows what to look for.`}
      </StepHeading>
      <div className="flex gap-3 rounded-lg border bg-card p-4 text-sm">
        <Radar aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div>
          <h3 className="font-semibold">Your first scan</h3>
          <p className="mt-1 text-muted-foreground">
            {isSubscribed
              ? `Start it with the free scan beside this, or with Scan now on your dashboard. After that, ${brandName} scans by itself at your plan’s frequency.`
              : 'Start the free scan beside this: it searches for your usernames and shows what it found before you pay anything.'}
          </p>
        </div>
      </div>
      {canManageSetup ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-success" />
            <span>
              Change them at any time on{' '}
              <Link to="/brands" className="font-medium text-primary hover:underline">
                Accounts
              </Link>{' '}
              and{' '}
              <Link to="/search-terms" className="font-medium text-primary hover:underline">
                Search Engines
              </Link>
              .
            </span>
          </p>
          <Button asChild variant="outline" size="sm">
            <Link to="/dashboard">Go to your dashboard</Link>
          </Button>
        </div>
      ) : null}
    </section>
  );
}
