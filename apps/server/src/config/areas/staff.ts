// The staff work queue (features/work-queue): each plan's first-response time, and how often the
// queue is filled from the records that need a person.
import { z } from 'zod';
import { SERVICE_PLANS, type ServicePlan } from '@shark/contracts/work-queue.ts';
import { positiveInt } from './values.ts';

/** Hours to a first response, by plan; `none` is every creator without a subscription. */
export type ServiceLevelHours = Record<ServicePlan, number>;

export const DEFAULT_SLA_HOURS: ServiceLevelHours = {
  premium: 4,
  plus: 24,
  standard: 72,
  none: 72,
};

/**
 * STAFF_SLA_HOURS: "premium:4,plus:24,standard:72" (and optionally none:N); a plan left out keeps its
 * default. Returns the hours, or the problems found.
 */
export function parseSlaHours(value: string | undefined): ServiceLevelHours | string[] {
  const hours = { ...DEFAULT_SLA_HOURS };
  const problems: string[] = [];
  const text = (value ?? '').trim();
  if (text === '') return hours;
  for (const part of text.split(',')) {
    const [name, raw, extra] = part.split(':').map((s) => s.trim());
    if (!SERVICE_PLANS.includes(name as ServicePlan)) {
      problems.push(`"${part.trim()}": the plan is one of ${SERVICE_PLANS.join(', ')}`);
      continue;
    }
    if (extra !== undefined || raw === undefined || !/^\d+$/.test(raw) || Number(raw) === 0) {
      problems.push(`"${part.trim()}": give the plan a whole number of hours above 0 (${name}:24)`);
      continue;
    }
    hours[name as ServicePlan] = Number(raw);
  }
  return problems.length > 0 ? problems : hours;
}

const slaHours = z
  .string()
  .optional()
  .transform((value, ctx): ServiceLevelHours => {
    const parsed = parseSlaHours(value);
    if (Array.isArray(parsed)) {
      for (const message of parsed) ctx.addIssue({ code: 'custom', message });
      return DEFAULT_SLA_HOURS;
    }
    return parsed;
  });

export const staffVariables = z.object({
  STAFF_SLA_HOURS: slaHours,
  STAFF_QUEUE_SYNC_SECONDS: positiveInt(30),
});

export function staffConfig(env: z.infer<typeof staffVariables>) {
  return {
    /** The work queue (features/work-queue): first-response hours by plan, and the sync's interval. */
    workQueue: { slaHours: env.STAFF_SLA_HOURS, syncSeconds: env.STAFF_QUEUE_SYNC_SECONDS },
  };
}
