// 'Welcome Package': what her plan protects, where her set-up stands, her DMCA badge and the first steps
// with links into the app, and the same package as a branded PDF to download.
import type { WelcomeChecklistItem, WelcomePackage } from '@shark/contracts/marketing.ts';
import { Link } from '@tanstack/react-router';
import { BadgeCheck, CheckCircle2, Circle, Download, ShieldCheck } from 'lucide-react';
import { ListLoadError, ListLoading } from '#app/components/paged-list-states.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card } from '#app/components/ui/card.tsx';
import { CopyButton } from '#app/components/ui/copy-button.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Progress } from '#app/components/ui/progress.tsx';
import { useWelcomePackage } from '#app/features/marketing/api/get-welcome-package.ts';
import { welcomePdfUrl } from '#app/features/marketing/lib/downloads.ts';
import { PROVIDER_ID } from '#app/lib/api.ts';

export function WelcomePackagePage({ userId }: { userId: string }) {
  const welcome = useWelcomePackage(userId);
  return (
    <PageFrame
      title="Welcome Package"
      description="Your protection at a glance: what your plan covers, where your set-up stands and the steps that make it work."
      actions={
        <Button asChild variant="outline">
          <a href={welcomePdfUrl(PROVIDER_ID)} download>
            <Download aria-hidden="true" />
            Download PDF
          </a>
        </Button>
      }
    >
      {welcome.isPending ? (
        <ListLoading label="Loading your welcome package" itemClassName="h-40" />
      ) : welcome.isError ? (
        <ListLoadError
          what="Your welcome package"
          error={welcome.error}
          onRetry={() => void welcome.refetch()}
        />
      ) : (
        <WelcomeContent welcome={welcome.data} />
      )}
    </PageFrame>
  );
}

function WelcomeContent({ welcome }: { welcome: WelcomePackage }) {
  const done = welcome.checklist.filter((item) => item.isDone).length;
  const { setup } = welcome;
  const limited = (n: number, limit: number | null) =>
    limit === null ? `${n}` : `${n} of ${limit}`;
  const stats: { label: string; value: string }[] = [
    { label: 'Usernames', value: limited(setup.usernames, setup.usernamesLimit) },
    { label: 'Search terms', value: limited(setup.searchTerms, setup.searchTermsLimit) },
    { label: 'Reference files ready', value: String(setup.referenceFiles) },
    { label: 'Whitelist entries', value: String(setup.whitelistEntries) },
    { label: 'Agent authorisation', value: setup.isAuthorizationSigned ? 'Signed' : 'Not signed' },
    { label: 'Takedowns', value: `${setup.takedowns} opened, ${setup.removed} removed` },
  ];

  return (
    <div className="grid gap-8">
      <p className="text-lg">
        Welcome, <span className="font-semibold">{welcome.creatorName}</span>. {welcome.brandName}{' '}
        looks for copies of your content across the web and has them taken down in your name.
      </p>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-4 sm:p-6">
          <section aria-labelledby="plan-heading" className="grid gap-3">
            <div className="flex items-center justify-between gap-2">
              <h2 id="plan-heading" className="text-lg font-semibold tracking-tight">
                What your plan protects
              </h2>
              <Badge variant={welcome.plan.status === 'subscribed' ? 'default' : 'secondary'}>
                {welcome.plan.status === 'subscribed' ? welcome.plan.tierName : 'No plan'}
              </Badge>
            </div>
            <ul className="grid gap-2 text-sm">
              {welcome.plan.includes.map((line) => (
                <li key={line} className="flex gap-2">
                  <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  {line}
                </li>
              ))}
            </ul>
            {welcome.plan.status !== 'subscribed' ? (
              <Button asChild size="sm" className="w-fit">
                <Link to="/plans">See plans</Link>
              </Button>
            ) : null}
          </section>
        </Card>

        <Card className="p-4 sm:p-6">
          <section aria-labelledby="setup-heading" className="grid gap-3">
            <h2 id="setup-heading" className="text-lg font-semibold tracking-tight">
              Your set-up
            </h2>
            <dl className="grid grid-cols-2 gap-3 text-sm">
              {stats.map((stat) => (
                <div key={stat.label} className="rounded-lg border bg-muted/40 p-3">
                  <dt className="text-muted-foreground">{stat.label}</dt>
                  <dd className="mt-1 font-semibold">{stat.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        </Card>
      </div>

      <section aria-labelledby="steps-heading" className="grid gap-3">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <h2 id="steps-heading" className="text-xl font-semibold tracking-tight">
            Your first steps
          </h2>
          <p className="text-sm text-muted-foreground">
            {done} of {welcome.checklist.length} done
          </p>
        </div>
        <Progress value={done} max={welcome.checklist.length} aria-label="First steps done" />
        <ol aria-label="First steps" className="grid gap-3">
          {welcome.checklist.map((item) => (
            <ChecklistItem key={item.step} item={item} />
          ))}
        </ol>
      </section>

      <Card className="p-4 sm:p-6">
        <section aria-labelledby="badge-heading" className="grid gap-3">
          <h2 id="badge-heading" className="text-lg font-semibold tracking-tight">
            Your DMCA badge
          </h2>
          {welcome.badge.state === 'ready' && welcome.badge.verifyUrl ? (
            <>
              <p className="flex gap-2 text-sm">
                <BadgeCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                Anyone can open your badge&apos;s link to check that your content is protected.
              </p>
              <p className="text-sm font-medium break-all">{welcome.badge.verifyUrl}</p>
              <div className="flex flex-wrap gap-2">
                <CopyButton
                  text={welcome.badge.verifyUrl}
                  aria-label="Copy link of the verification page"
                >
                  Copy link
                </CopyButton>
                <Button asChild size="sm" variant="outline">
                  <Link to="/marketing/social-share">Share that you are protected</Link>
                </Button>
              </div>
            </>
          ) : (
            <>
              <p className="text-sm">
                {welcome.badge.state === 'not_created'
                  ? 'Get your badge in DMCA Badges and put it on your pages: it warns leakers and lets fans check your protection.'
                  : 'Your badge confirms your protection while your plan is active. Choose a plan, then get your badge in DMCA Badges.'}
              </p>
              <Button asChild size="sm" className="w-fit">
                <Link to={welcome.badge.state === 'not_created' ? '/dmca-badges' : '/plans'}>
                  {welcome.badge.state === 'not_created' ? 'Get your DMCA badge' : 'See plans'}
                </Link>
              </Button>
            </>
          )}
        </section>
      </Card>
    </div>
  );
}

function StepLink({ item }: { item: WelcomeChecklistItem }) {
  const props = { children: item.action };
  switch (item.step) {
    case 'plan':
      return <Link to="/plans" {...props} />;
    case 'accounts':
      return <Link to="/brands" {...props} />;
    case 'content':
      return <Link to="/branches" {...props} />;
    case 'searchTerms':
      return <Link to="/search-terms" {...props} />;
    case 'authorization':
      return <Link to="/account" hash="agent-authorization" {...props} />;
    case 'badge':
      return <Link to="/dmca-badges" {...props} />;
  }
}

function ChecklistItem({ item }: { item: WelcomeChecklistItem }) {
  return (
    <li
      aria-label={item.title}
      className="flex flex-col gap-3 rounded-2xl border bg-card p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        {item.isDone ? (
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
        ) : (
          <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        )}
        <div className="grid gap-1">
          <h3 className="font-semibold">
            {item.title}
            <span className="sr-only">{item.isDone ? ' (done)' : ' (to do)'}</span>
          </h3>
          <p className="text-sm text-muted-foreground">{item.description}</p>
        </div>
      </div>
      <Button asChild size="sm" variant={item.isDone ? 'outline' : 'default'} className="shrink-0">
        <StepLink item={item} />
      </Button>
    </li>
  );
}
