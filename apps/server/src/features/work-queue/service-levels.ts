// The service level of a queue item: its priority and due time follow from the creator's plan when
// the item is made (Premium sells priority removals and support), and the order of the queue from both.
import type { ServicePlan } from '@shark/contracts/work-queue.ts';
import type { ServiceLevelHours } from '#server/config/areas/staff.ts';

const HOUR_MS = 3600_000;

/** 1 is worked first; a creator without a subscription comes last. */
export const PLAN_PRIORITY: Record<ServicePlan, number> = {
  premium: 1,
  plus: 2,
  standard: 3,
  none: 4,
};

/** Her plan for the queue: a running subscription's plan, else none (free, former, affiliate-only). */
export function servicePlanOf(state: {
  status: string | null;
  plan: string | null;
  isAffiliateOnly: boolean;
}): ServicePlan {
  if (state.isAffiliateOnly || state.status !== 'subscribed') return 'none';
  return state.plan === 'premium' || state.plan === 'plus' || state.plan === 'standard'
    ? state.plan
    : 'none';
}

/** Priority and due time of an item about a record that arrived at `arrivedAt`. */
export function serviceLevel(
  plan: ServicePlan,
  hours: ServiceLevelHours,
  arrivedAt: Date,
): { priority: number; dueAt: Date } {
  return {
    priority: PLAN_PRIORITY[plan],
    dueAt: new Date(arrivedAt.getTime() + hours[plan] * HOUR_MS),
  };
}

export function isOverdue(item: { status: string; dueAt: Date }, now: Date): boolean {
  return item.status === 'open' && item.dueAt.getTime() <= now.getTime();
}

/** The queue's order: priority, then the earliest due, then the id (stable pages). */
export function compareQueueOrder(
  a: { priority: number; dueAt: Date; id: string },
  b: { priority: number; dueAt: Date; id: string },
): number {
  return (
    a.priority - b.priority ||
    a.dueAt.getTime() - b.dueAt.getTime() ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}
