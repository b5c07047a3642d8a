// Onboarding: a short guided set-up (usernames, search terms, done) beside what the free scan
// covers, and the call to activate protection for creators who have not subscribed.
import type { User } from '@shark/contracts/user.ts';
import { Link } from '@tanstack/react-router';
import { ArrowRight, Check } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { DoneStep } from '#app/features/onboarding/components/done-step.tsx';
import { FreeScanCard } from '#app/features/onboarding/components/free-scan-card.tsx';
import { TermsStep } from '#app/features/onboarding/components/terms-step.tsx';
import { UsernamesStep } from '#app/features/onboarding/components/usernames-step.tsx';
import { setupApiBase } from '#app/features/onboarding/lib/setup-api.ts';
import { ACCESS_RULES, isAccessAllowed } from '#app/lib/require-access.ts';
import { cn } from '#app/lib/utils.ts';

type Step = 'usernames' | 'terms' | 'done';

const STEPS: { id: Step; label: string }[] = [
  { id: 'usernames', label: 'Your usernames' },
  { id: 'terms', label: 'Search terms' },
  { id: 'done', label: 'Done' },
];

export function OnboardingPage({ brandName, user }: { brandName: string; user: User }) {
  // Read once: completing onboarding changes the user, and the page must stay on its last step.
  const [step, setStep] = useState<Step>(() => (user.needsOnboarding ? 'usernames' : 'done'));
  const [hasMoved, setHasMoved] = useState(false);
  const base = setupApiBase(user);
  const isSubscribed = user.frontendStatus === 'subscribed';
  const userName = user.name.trim();
  const go = (next: Step) => {
    setHasMoved(true);
    setStep(next);
  };

  return (
    <PageFrame
      title="Onboarding"
      description={`Welcome${userName ? `, ${userName}` : ''}. Tell ${brandName} what to look for: your usernames and the words people search for with them.${isSubscribed ? '' : ` Before you pay anything, ${brandName} offers a free scan that shows how much of your content is already out there.`}`}
    >
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="p-6">
          <StepList current={step} />
          <div className="mt-6">
            {step === 'usernames' ? (
              <UsernamesStep userId={user.id} base={base} onContinue={() => go('terms')} />
            ) : step === 'terms' ? (
              <TermsStep
                userId={user.id}
                base={base}
                onBack={() => go('usernames')}
                onFinished={() => go('done')}
              />
            ) : (
              <DoneStep
                brandName={brandName}
                canManageSetup={isAccessAllowed(user, ACCESS_RULES.searchTerms)}
                isSubscribed={isSubscribed}
                shouldFocus={hasMoved}
              />
            )}
          </div>
        </Card>
        {/* The offer to activate sits beside the free scan's results. */}
        <div className="grid gap-6">
          <FreeScanCard
            brandName={brandName}
            isSubscribed={isSubscribed}
            userId={user.id}
            base={base}
          />
          {isSubscribed ? null : <ActivateSection />}
        </div>
      </div>
    </PageFrame>
  );
}

function ActivateSection() {
  return (
    <section
      aria-labelledby="activate-heading"
      className="rounded-2xl bg-primary p-6 text-primary-foreground"
    >
      <h2 id="activate-heading" className="text-xl font-semibold tracking-tight">
        Ready to have the leaks removed?
      </h2>
      <p className="mt-2 max-w-2xl">
        Choose the plan that fits how often your content leaks. Protection starts with the first
        search for your usernames and runs for as long as you are subscribed.
      </p>
      <Button
        asChild
        variant="secondary"
        className="mt-6 h-auto min-h-10 bg-white py-2 whitespace-normal text-brand-dark hover:bg-white/90"
      >
        <Link to="/plans">
          Activate Your Protection Now
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </section>
  );
}

function StepList({ current }: { current: Step }) {
  const currentIndex = STEPS.findIndex((s) => s.id === current);
  return (
    <ol aria-label="Onboarding steps" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
      {STEPS.map((s, index) => {
        const isDone = index < currentIndex;
        const isCurrent = index === currentIndex;
        return (
          <li
            key={s.id}
            aria-current={isCurrent ? 'step' : undefined}
            className={cn(
              'flex items-center gap-2',
              isCurrent ? 'font-semibold text-foreground' : 'text-muted-foreground',
            )}
          >
            <span
              className={cn(
                'grid size-6 place-items-center rounded-full border text-xs',
                isCurrent && 'border-primary bg-primary text-primary-foreground',
                isDone && 'border-primary text-primary',
              )}
            >
              {isDone ? <Check aria-hidden="true" className="size-3.5" /> : index + 1}
            </span>
            {s.label}
            {isDone ? <span className="sr-only"> (done)</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
