// Dates and statuses of the subscription as /account and /renew word them.
import type { BillingSubscription } from '@shark/contracts/billing.ts';

export function formatDate(iso: string, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

/** The subscription's state in a few words, and the date that matters in it. */
export function describeSubscription(
  sub: BillingSubscription,
  now: Date = new Date(),
): {
  status: string;
  detail: string;
} {
  const end = formatDate(sub.currentPeriodEnd);
  switch (sub.status) {
    case 'active':
    case 'trialing':
      return sub.cancelAtPeriodEnd
        ? { status: 'Cancelled', detail: `Your plan stays active until ${end}, then ends.` }
        : { status: 'Active', detail: `Renews on ${end}.` };
    case 'past_due':
      return {
        status: 'Payment failed',
        detail:
          sub.graceUntil && new Date(sub.graceUntil).getTime() > now.getTime()
            ? `The renewal payment failed. Update your payment method before ${formatDate(sub.graceUntil)} to keep your plan.`
            : 'The renewal payment failed. Update your payment method to keep your plan.',
      };
    case 'incomplete':
      return { status: 'Payment pending', detail: 'The first payment has not gone through yet.' };
    case 'canceled':
    case 'incomplete_expired':
    case 'unpaid':
    case 'paused':
      return { status: 'Ended', detail: `Your subscription ended on ${end}.` };
  }
}
