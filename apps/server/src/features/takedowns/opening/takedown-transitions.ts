// The takedown lifecycle: which status may follow which. The one function that moves a takedown
// (transitionTakedown) is in takedown-transition-repository.ts; every part of enforcement (notices,
// verification, escalation) changes a takedown's status only through it.
import { TAKEDOWN_STATUSES, type TakedownStatus } from '@shark/contracts/takedowns.ts';

export type { TakedownStatus };
export type { TakedownRow } from './takedown-transition-repository.ts';

/**
 * confirmed → notice_sent → removed | rejected | no_response → escalated → notice_sent … → removed | closed.
 * A removal can be seen at any open step (the page may go before the notice is even sent); `closed` ends a
 * takedown no recipient is left to ask about (or the creator withdrew it).
 */
export const TAKEDOWN_TRANSITIONS: Readonly<Record<TakedownStatus, readonly TakedownStatus[]>> = {
  confirmed: ['notice_sent', 'removed', 'closed'],
  notice_sent: ['removed', 'rejected', 'no_response', 'closed'],
  rejected: ['escalated', 'removed', 'closed'],
  no_response: ['escalated', 'removed', 'closed'],
  escalated: ['notice_sent', 'removed', 'closed'],
  removed: [],
  closed: [],
};

/** Statuses still being worked on (not removed, not closed). */
export const OPEN_TAKEDOWN_STATUSES = TAKEDOWN_STATUSES.filter(
  (s) => TAKEDOWN_TRANSITIONS[s].length > 0,
);

export function canTransition(from: TakedownStatus, to: TakedownStatus): boolean {
  return TAKEDOWN_TRANSITIONS[from].includes(to);
}

/** The statuses a takedown may be in to move to `to`. */
export function statusesLeadingTo(to: TakedownStatus): TakedownStatus[] {
  return TAKEDOWN_STATUSES.filter((from) => canTransition(from, to));
}
