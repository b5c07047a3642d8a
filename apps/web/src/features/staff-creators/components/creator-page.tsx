// One creator, as the staff console shows her: who she is, her plan and usage, the admins' grants, her
// protected accounts, findings, takedowns and support requests, and what staff did on her account.
import { useQuery } from '@tanstack/react-query';
import type { CreatorOverview } from '@shark/contracts/staff-creators.ts';
import { LIMITS, LIMIT_NOUNS, type LimitName } from '@shark/contracts/plans.ts';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '#app/components/ui/alert.tsx';
import { Badge } from '#app/components/ui/badge.tsx';
import { Button } from '#app/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx';
import { PageFrame } from '#app/components/ui/page-frame.tsx';
import { Skeleton } from '#app/components/ui/skeleton.tsx';
import { useCreator } from '#app/features/staff-creators/api/get-creator.ts';
import { staffMeQueryOptions } from '#app/lib/queries/get-staff-me.ts';
import { CreatorGrantsCard } from './creator-grants-card.tsx';
import {
  CreatorAccounts,
  CreatorAudit,
  CreatorFindings,
  CreatorSupport,
  CreatorTakedowns,
} from './creator-records.tsx';
import { formatBytes, formatDate, humanize } from './staff-format.ts';

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function amount(limit: LimitName, value: number): string {
  return limit === 'referenceStorageBytes' ? formatBytes(value) : String(value);
}

function UsageRows({ usage }: { usage: CreatorOverview['usage'] }) {
  const used: Partial<Record<LimitName, number>> = usage.usage;
  return (
    <Facts
      rows={LIMITS.map((limit) => {
        const value = used[limit];
        const cap = usage.limits[limit];
        const noun =
          limit === 'referenceStorageBytes' ? 'reference storage' : LIMIT_NOUNS[limit].many;
        const capText = cap === null ? 'unlimited' : amount(limit, cap);
        return [
          noun.charAt(0).toUpperCase() + noun.slice(1),
          value === undefined ? `limit ${capText}` : `${amount(limit, value)} of ${capText}`,
        ];
      })}
    />
  );
}

function CreatorDetails({ creator, isAdmin }: { creator: CreatorOverview; isAdmin: boolean }) {
  const { profile, account } = creator;
  const live = account.liveSubscription;
  return (
    <div className="grid gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Profile</CardTitle>
          </CardHeader>
          <CardContent>
            <Facts
              rows={[
                ['Name', profile.name],
                ['E-mail', profile.email],
                ['Address verified', profile.emailVerified ? 'Yes' : 'No'],
                ['Joined', formatDate(profile.createdAt)],
                ['Affiliate only', profile.isAffiliateOnly ? 'Yes' : 'No'],
                [
                  'Id',
                  <code key="id" className="text-xs">
                    {profile.id}
                  </code>,
                ],
              ]}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Plan and subscription</CardTitle>
          </CardHeader>
          <CardContent>
            <Facts
              rows={[
                ['Status', humanize(account.status)],
                ['Plan', account.plan ?? 'none'],
                [
                  'Features',
                  account.effectiveFeatures.length === 0 ? (
                    'none'
                  ) : (
                    <span className="flex flex-wrap gap-1">
                      {account.effectiveFeatures.map((feature) => (
                        <Badge
                          key={feature}
                          variant={
                            account.grantedFeatures.includes(feature) ? 'default' : 'outline'
                          }
                        >
                          {feature}
                          {account.grantedFeatures.includes(feature) ? ' (granted)' : ''}
                        </Badge>
                      ))}
                    </span>
                  ),
                ],
                ['Cancelled but active', account.isCancelledButActive ? 'Yes' : 'No'],
                ['Upgrade suggestion', account.suggestUpgradeMessage ?? 'none'],
                [
                  'Subscribed since',
                  account.subscribedSince ? formatDate(account.subscribedSince) : '—',
                ],
                [
                  'Payment provider',
                  live
                    ? `${live.plan}, ${live.interval}, ${live.status}${live.cancelAtPeriodEnd ? ', ends' : ', renews'} ${formatDate(live.currentPeriodEnd)} (${live.id})`
                    : 'no subscription billed',
                ],
              ]}
            />
          </CardContent>
        </Card>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Usage ({creator.usage.tierName})</CardTitle>
          </CardHeader>
          <CardContent>
            <UsageRows usage={creator.usage} />
          </CardContent>
        </Card>
        {isAdmin ? (
          <CreatorGrantsCard
            key={`${JSON.stringify(account)}${profile.isAffiliateOnly}`}
            creator={creator}
          />
        ) : null}
      </div>
      <CreatorAccounts accounts={creator.protectedAccounts} />
      <CreatorFindings findings={creator.findings} />
      <CreatorTakedowns takedowns={creator.takedowns} />
      <CreatorSupport requests={creator.support} />
      <CreatorAudit creatorId={profile.id} />
    </div>
  );
}

export function CreatorPage({ id }: { id: string }) {
  const creator = useCreator(id);
  const me = useQuery(staffMeQueryOptions);
  const back = (
    <Button asChild variant="outline">
      <Link to="/staff/creators">
        <ArrowLeft aria-hidden />
        Find another creator
      </Link>
    </Button>
  );
  if (creator.isPending)
    return (
      <PageFrame title="Creator" actions={back}>
        <div className="grid gap-4" aria-busy="true">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      </PageFrame>
    );
  if (creator.isError)
    return (
      <PageFrame title="Creator" actions={back}>
        <Alert variant="error">{creator.error.message}</Alert>
      </PageFrame>
    );
  return (
    <PageFrame
      title={creator.data.profile.name}
      description={creator.data.profile.email}
      actions={back}
    >
      <CreatorDetails creator={creator.data} isAdmin={me.data?.role === 'admin'} />
    </PageFrame>
  );
}
