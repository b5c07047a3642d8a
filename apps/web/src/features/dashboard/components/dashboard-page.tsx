import type { FrontendStatus, User } from '@shark/contracts/user.ts';
import { Link } from '@tanstack/react-router';
import { ChartLine, CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { EmptyState } from '#app/components/ui/empty-state.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';

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

export function DashboardPage({ user }: { user: User }) {
  const status = STATUS_LABELS[user.frontendStatus];
  const isSubscribed = user.frontendStatus === 'subscribed';
  return (
    <PageFrame
      title={`Welcome, ${user.name.trim() !== '' ? user.name : user.email}`}
      description="Here is where your account stands."
    >
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

      <EmptyState
        icon={ChartLine}
        title="No findings yet"
        className="mt-6"
        action={
          <Button asChild variant="outline">
            {isSubscribed ? (
              <Link to="/good-to-know">What happens next</Link>
            ) : (
              <Link to="/onboarding">See how the free scan works</Link>
            )}
          </Button>
        }
      >
        {isSubscribed
          ? 'Leaks found for you and their removals will be charted here over time, once the first searches for your usernames have run.'
          : 'Once your protection is active, the leaks found for you and their removals will be charted here over time.'}
      </EmptyState>
    </PageFrame>
  );
}
