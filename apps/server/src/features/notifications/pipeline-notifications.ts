// The notifications the pipeline raises, each called once its change is committed: a scan finished
// (and what it found), a takedown's page confirmed gone, a recipient's answer to a notice, and billing
// changes. Each names its event in its dedupe key, so a job run twice notifies once. A failure here is
// logged, never thrown: the change it reports has happened and must not be undone or retried for it.
import { describeError, type Logger } from '#server/http/logger.ts';
import type { NotificationRepository } from './notification-repository.ts';
import type { Notify } from './notification-service.ts';

/** What billing tells the creator; plan names are as the catalog shows them. */
export type BillingNotice =
  | { kind: 'started'; userId: string; subscriptionId: string; planName: string }
  | {
      kind: 'plan_changed';
      userId: string;
      subscriptionId: string;
      fromPlanName: string;
      toPlanName: string;
      at: Date;
    }
  | { kind: 'cancelled'; userId: string; subscriptionId: string; endsAt: Date }
  | { kind: 'payment_failed'; userId: string; subscriptionId: string; graceUntil: Date }
  | { kind: 'ended'; userId: string; subscriptionId: string };

export interface TakedownSubject {
  id: string;
  userId: string;
  pageUrl: string;
  host: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const day = (date: Date) =>
  date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

export function createPipelineNotifications(deps: {
  notify: Notify;
  repo: NotificationRepository;
  logger: Logger;
}) {
  const { notify, repo, logger } = deps;

  async function safely(what: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      logger.error('a notification could not be recorded', {
        what,
        err: describeError(error),
      });
    }
  }

  return {
    /** A scan completed (called by the one call that completed it): what it found, and that it ended. */
    scanCompleted: (scanId: string) =>
      safely(`scan ${scanId} completed`, async () => {
        const outcome = await repo.scanOutcome(scanId);
        if (!outcome || outcome.status !== 'completed') return;
        const { pendingReview, confirmed } = outcome.newFindings;
        const found = pendingReview + confirmed;
        if (found > 0) {
          const parts = [
            ...(pendingReview > 0
              ? [`${plural(pendingReview, 'finding waits', 'findings wait')} for your review`]
              : []),
            ...(confirmed > 0
              ? [
                  `${plural(confirmed, 'was', 'were')} matched with certainty and ${confirmed === 1 ? 'is' : 'are'} being taken down`,
                ]
              : []),
          ];
          await notify(outcome.userId, 'findings', {
            title: `${plural(found, 'new finding', 'new findings')} of your content`,
            body: `Your latest scan found ${plural(found, 'new page', 'new pages')} with your content or posing as you: ${parts.join('; ')}.`,
            link: '/dashboard',
            dedupeKey: `scan:${scanId}:findings`,
          });
        }
        await notify(outcome.userId, 'scans', {
          title: 'Your scan has finished',
          body:
            found > 0
              ? `The scan of the web for your content is complete and found ${plural(found, 'new finding', 'new findings')}.`
              : 'The scan of the web for your content is complete. It found nothing new.',
          link: '/dashboard',
          dedupeKey: `scan:${scanId}:finished`,
        });
      }),

    /** The takedown's page is gone: seen by a check, or confirmed by the recipient (recorded by an operator). */
    takedownRemoved: (
      row: TakedownSubject,
      how: { by: 'check' } | { by: 'recipient'; recipient: string },
    ) =>
      safely(`takedown ${row.id} removed`, () =>
        notify(row.userId, 'removals', {
          title: `Removed: your content on ${row.host}`,
          body:
            how.by === 'check'
              ? `The page ${row.pageUrl} no longer carries your content: we checked it after our notice.`
              : `${how.recipient} confirmed that the page ${row.pageUrl} was taken down.`,
          link: '/takedown-report',
          dedupeKey: `takedown:${row.id}:removed`,
        }),
      ),

    /** A recipient refused the notice; the escalation goes on to the next one. */
    noticeRejected: (
      row: TakedownSubject,
      answer: { recipient: string; reason: string; at: Date },
    ) =>
      safely(`takedown ${row.id} rejected`, () =>
        notify(row.userId, 'notice_responses', {
          title: `${answer.recipient} answered your takedown notice`,
          body: `${answer.recipient} refused to remove ${row.pageUrl}: “${answer.reason}”. We now take it to the next party who can remove it (the host or the registrar).`,
          link: '/takedown-report',
          dedupeKey: `takedown:${row.id}:rejected:${answer.at.getTime()}`,
        }),
      ),

    billing: (notice: BillingNotice) =>
      safely(`billing ${notice.kind} of ${notice.subscriptionId}`, () => {
        switch (notice.kind) {
          case 'started':
            return notify(notice.userId, 'billing', {
              title: `Your ${notice.planName} subscription has started`,
              body: `Thank you: your ${notice.planName} plan is active and your protection is running.`,
              link: '/account',
              dedupeKey: `billing:started:${notice.subscriptionId}`,
            });
          case 'plan_changed':
            return notify(notice.userId, 'billing', {
              title: `Your plan is now ${notice.toPlanName}`,
              body: `Your subscription changed from ${notice.fromPlanName} to ${notice.toPlanName}.`,
              link: '/account',
              dedupeKey: `billing:plan:${notice.subscriptionId}:${notice.at.getTime()}`,
            });
          case 'cancelled':
            return notify(notice.userId, 'billing', {
              title: 'Your subscription is cancelled',
              body: `Your subscription will not renew. Your plan stays active until ${day(notice.endsAt)}; you can reactivate it until then.`,
              link: '/account',
              dedupeKey: `billing:cancelled:${notice.subscriptionId}:${notice.endsAt.getTime()}`,
            });
          case 'payment_failed':
            return notify(notice.userId, 'billing', {
              title: 'A payment for your subscription failed',
              body: `We could not take the payment for your subscription. Update your payment method before ${day(notice.graceUntil)} to keep your protection running.`,
              link: '/account',
              dedupeKey: `billing:payment-failed:${notice.subscriptionId}:${notice.graceUntil.getTime()}`,
            });
          case 'ended':
            return notify(notice.userId, 'billing', {
              title: 'Your subscription has ended',
              body: 'Your plan is no longer active: scans and takedowns have stopped. Subscribe again to resume your protection.',
              link: '/plans',
              dedupeKey: `billing:ended:${notice.subscriptionId}`,
            });
        }
      }),

    /** Someone signed up through the affiliate's code or link (she learns no more than that). */
    referralMade: (tie: { affiliateUserId: string; referredUserId: string }) =>
      safely('referral made', () =>
        notify(tie.affiliateUserId, 'affiliate', {
          title: 'A new sign-up through your referral link',
          body: 'Someone signed up with your referral code. You earn your share of every payment they make, for as long as they stay a customer.',
          link: '/refer',
          dedupeKey: `affiliate:referral:${tie.referredUserId}`,
        }),
      ),

    /** A referred customer paid: the affiliate's share is in her ledger, pending until the hold ends. */
    commissionCredited: (commission: {
      id: string;
      affiliateUserId: string;
      amount: number;
      currency: string;
      availableAt: Date;
    }) =>
      safely('commission credited', () =>
        notify(commission.affiliateUserId, 'affiliate', {
          title: `You earned ${money(commission.amount, commission.currency)}`,
          body: `A customer you referred made a payment. Your share of ${money(commission.amount, commission.currency)} can be paid out from ${day(commission.availableAt)}.`,
          link: '/refer',
          dedupeKey: `affiliate:commission:${commission.id}`,
        }),
      ),

    /** An operator's announcement on /community, to one user (the community sweep fans it out). */
    announcement: (userId: string, post: { id: string; title: string; body: string }) =>
      notify(userId, 'community', {
        title: post.title,
        body: post.body,
        link: '/community',
        dedupeKey: `community:${post.id}`,
      }),
  };
}

/** An amount in the currency's smallest unit, as people write it: $12.50, €9.99, ¥500. */
export function money(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

export type PipelineNotifications = ReturnType<typeof createPipelineNotifications>;
