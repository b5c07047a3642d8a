import type { FrontendStatus, User } from '@shark/contracts/user.ts';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '#app/components/ui/card.tsx';

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
    <Card className="p-6">
      <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
      <p className="mt-2 truncate text-2xl font-semibold tracking-tight">{value}</p>
      <div className="mt-4 text-sm">{children}</div>
    </Card>
  );
}

export function DashboardPage({ user }: { user: User }) {
  const status = STATUS_LABELS[user.frontendStatus];
  return (
    <div className="mx-auto max-w-6xl px-6 py-10">
      <h1 className="text-3xl font-bold tracking-tight">
        Welcome, {user.name.trim() !== '' ? user.name : user.email}
      </h1>
      <p className="mt-2 text-muted-foreground">Here is where your account stands.</p>

      <div className="mt-8 grid gap-6 md:grid-cols-2">
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
    </div>
  );
}
