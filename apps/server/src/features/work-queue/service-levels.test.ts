// The service level of queue items: plan to priority and due time, and the queue's order.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SLA_HOURS, parseSlaHours } from '#server/config/areas/staff.ts';
import { compareQueueOrder, isOverdue, serviceLevel, servicePlanOf } from './service-levels.ts';

const at = new Date('2026-03-01T10:00:00Z');

describe('servicePlanOf', () => {
  it('takes the plan of a running subscription only', () => {
    expect(servicePlanOf({ status: 'subscribed', plan: 'premium', isAffiliateOnly: false })).toBe(
      'premium',
    );
    expect(servicePlanOf({ status: 'former', plan: 'premium', isAffiliateOnly: false })).toBe(
      'none',
    );
    expect(servicePlanOf({ status: null, plan: null, isAffiliateOnly: false })).toBe('none');
    expect(servicePlanOf({ status: 'subscribed', plan: 'plus', isAffiliateOnly: true })).toBe(
      'none',
    );
  });
});

describe('serviceLevel', () => {
  it('gives Premium the first priority and its hours from the arrival', () => {
    expect(serviceLevel('premium', DEFAULT_SLA_HOURS, at)).toEqual({
      priority: 1,
      dueAt: new Date('2026-03-01T14:00:00Z'),
    });
    expect(serviceLevel('plus', DEFAULT_SLA_HOURS, at).dueAt).toEqual(
      new Date('2026-03-02T10:00:00Z'),
    );
    const none = serviceLevel('none', { ...DEFAULT_SLA_HOURS, none: 96 }, at);
    expect(none.priority).toBe(4);
    expect(none.dueAt).toEqual(new Date('2026-03-05T10:00:00Z'));
  });

  it('marks an open item overdue from its due time on, a done one never', () => {
    const dueAt = new Date('2026-03-01T14:00:00Z');
    expect(isOverdue({ status: 'open', dueAt }, new Date('2026-03-01T13:59:59Z'))).toBe(false);
    expect(isOverdue({ status: 'open', dueAt }, dueAt)).toBe(true);
    expect(isOverdue({ status: 'done', dueAt }, new Date('2026-04-01T00:00:00Z'))).toBe(false);
  });
});

describe('compareQueueOrder', () => {
  it('orders by priority, then due time, then id', () => {
    const items = [
      { id: 'c', priority: 3, dueAt: new Date('2026-03-01T00:00:00Z') },
      { id: 'b', priority: 1, dueAt: new Date('2026-03-02T00:00:00Z') },
      { id: 'a', priority: 1, dueAt: new Date('2026-03-02T00:00:00Z') },
      { id: 'd', priority: 1, dueAt: new Date('2026-03-01T12:00:00Z') },
    ];
    expect([...items].sort(compareQueueOrder).map((i) => i.id)).toEqual(['d', 'a', 'b', 'c']);
  });
});

describe('parseSlaHours', () => {
  it('reads plan:hours pairs and keeps the defaults of the plans left out', () => {
    expect(parseSlaHours(undefined)).toEqual(DEFAULT_SLA_HOURS);
    expect(parseSlaHours('premium:2, standard:48')).toEqual({
      ...DEFAULT_SLA_HOURS,
      premium: 2,
      standard: 48,
    });
    expect(parseSlaHours('none:120')).toEqual({ ...DEFAULT_SLA_HOURS, none: 120 });
  });

  it('names every bad pair', () => {
    const problems = parseSlaHours('gold:4,plus:0,standard:x');
    expect(problems).toHaveLength(3);
    expect((problems as string[])[0]).toMatch(/gold/);
  });
});
