import type { FrontendStatus } from '@shark/contracts/user.ts';
import { Check, Lock } from 'lucide-react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import type { PlansReason } from '#app/features/plans/plans-search.ts';

// The tiers of spec §1. Prices and limits are not known yet; they come with checkout.
const TIERS = [
  {
    name: 'Standard',
    audience: 'For new or small creators with minor leaks.',
    includes: [
      'Searches for your usernames',
      'Takedowns and search-engine removals',
      'Dashboard and takedown report',
    ],
  },
  {
    name: 'Plus',
    audience: 'For growing creators with more leaks.',
    includes: ['Everything in Standard', 'Sized for content that leaks more often'],
  },
  {
    name: 'Premium',
    audience: 'For established creators with frequent leaks.',
    includes: [
      'Everything in Plus',
      'Priority manual removals',
      'Deep fake protection',
      'Fake account takedowns and impersonation protection',
      'Dark web scanning',
      'Priority support',
    ],
  },
];

const STATUS_TEXT = {
  free: 'You have no subscription yet.',
  subscribed: 'You are subscribed.',
  former: 'Your subscription has ended.',
} as const satisfies Record<FrontendStatus, string>;

export function PlansPage({
  reason,
  status,
  contactUrl,
  brandName,
}: {
  reason: PlansReason | undefined;
  status: FrontendStatus;
  contactUrl: string;
  brandName: string;
}) {
  return (
    <PageFrame
      title="Plans"
      description={`${STATUS_TEXT[status]} Every plan covers one creator, with as many of that creator's accounts as needed.`}
    >
      {reason === 'authorization_required' ? (
        <Alert className="mb-6">
          <Lock aria-hidden="true" />
          <div>
            <p className="font-semibold">This page needs a different plan.</p>
            <p className="mt-1 text-muted-foreground">
              The page you tried to open is part of a plan or feature your account does not have.
              The plans below say what each one includes.
            </p>
          </div>
        </Alert>
      ) : null}

      <ul className="grid gap-6 md:grid-cols-3">
        {TIERS.map((tier) => (
          <li key={tier.name}>
            <Card className="flex h-full flex-col p-6">
              <h2 className="text-lg font-semibold tracking-tight">{tier.name}</h2>
              <p className="mt-1 text-sm text-muted-foreground">{tier.audience}</p>
              <ul className="mt-5 space-y-2 text-sm">
                {tier.includes.map((item) => (
                  <li key={item} className="flex gap-2">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                    {item}
                  </li>
                ))}
              </ul>
            </Card>
          </li>
        ))}
      </ul>

      <p className="mt-6 text-sm text-muted-foreground">
        Prices and online checkout arrive with an upcoming update of {brandName}.
        {contactUrl !== '' ? (
          <>
            {' '}
            To subscribe or change plan before then,{' '}
            <a
              href={contactUrl}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              contact us
            </a>
            .
          </>
        ) : null}
      </p>
    </PageFrame>
  );
}
