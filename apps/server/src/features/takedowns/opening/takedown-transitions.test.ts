// The lifecycle's table: confirmed → notice sent → removed | rejected | no response →
// escalated → … → removed | closed.
import { describe, expect, it } from 'vitest';
import { TAKEDOWN_STATUSES } from '@shark/db/schema.ts';
import {
  canTransition,
  OPEN_TAKEDOWN_STATUSES,
  statusesLeadingTo,
  TAKEDOWN_TRANSITIONS,
  type TakedownStatus,
} from './takedown-transitions.ts';

const ALLOWED: [TakedownStatus, TakedownStatus][] = [
  ['confirmed', 'notice_sent'],
  ['confirmed', 'removed'],
  ['confirmed', 'closed'],
  ['notice_sent', 'removed'],
  ['notice_sent', 'rejected'],
  ['notice_sent', 'no_response'],
  ['notice_sent', 'closed'],
  ['rejected', 'escalated'],
  ['rejected', 'removed'],
  ['rejected', 'closed'],
  ['no_response', 'escalated'],
  ['no_response', 'removed'],
  ['no_response', 'closed'],
  ['escalated', 'notice_sent'],
  ['escalated', 'removed'],
  ['escalated', 'closed'],
];

describe('TAKEDOWN_TRANSITIONS', () => {
  it('has a row for every status', () => {
    expect(Object.keys(TAKEDOWN_TRANSITIONS).sort()).toEqual([...TAKEDOWN_STATUSES].sort());
  });

  it('allows exactly the lifecycle’s steps', () => {
    const all = TAKEDOWN_STATUSES.flatMap((from) =>
      TAKEDOWN_STATUSES.map((to) => [from, to] as [TakedownStatus, TakedownStatus]),
    );
    const allowed = all.filter(([from, to]) => canTransition(from, to));
    expect(allowed.map((pair) => pair.join('→')).sort()).toEqual(
      ALLOWED.map((pair) => pair.join('→')).sort(),
    );
  });

  it('ends in removed and closed, and nowhere else', () => {
    expect(TAKEDOWN_TRANSITIONS.removed).toEqual([]);
    expect(TAKEDOWN_TRANSITIONS.closed).toEqual([]);
    expect([...OPEN_TAKEDOWN_STATUSES].sort()).toEqual([
      'confirmed',
      'escalated',
      'no_response',
      'notice_sent',
      'rejected',
    ]);
  });

  it('never goes back to confirmed, and never stays in place', () => {
    for (const from of TAKEDOWN_STATUSES) {
      expect(canTransition(from, 'confirmed')).toBe(false);
      expect(canTransition(from, from)).toBe(false);
    }
  });

  it('sees a removal, or closes, from every open status', () => {
    for (const from of OPEN_TAKEDOWN_STATUSES) {
      expect(canTransition(from, 'removed')).toBe(true);
      expect(canTransition(from, 'closed')).toBe(true);
    }
  });

  it('escalates only what was rejected or went unanswered, and sends a notice only first or after an escalation', () => {
    expect(statusesLeadingTo('escalated').sort()).toEqual(['no_response', 'rejected']);
    expect(statusesLeadingTo('notice_sent').sort()).toEqual(['confirmed', 'escalated']);
    expect(statusesLeadingTo('no_response')).toEqual(['notice_sent']);
    expect(statusesLeadingTo('rejected')).toEqual(['notice_sent']);
    expect(statusesLeadingTo('confirmed')).toEqual([]);
  });
});
