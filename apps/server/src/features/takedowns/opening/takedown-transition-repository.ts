// The one function that moves a takedown, stamping the transition's time on the row and recording it
// in takedown_event, and the first event of a new takedown. Which status may follow which is in
// takedown-transitions.ts.
import { and, eq } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { takedown, takedownEvent, type TAKEDOWN_STATUSES } from '@shark/db/schema.ts';
import type { TakedownStatus } from '@shark/contracts/takedowns.ts';
import { statusesLeadingTo } from './takedown-transitions.ts';

export type TakedownRow = typeof takedown.$inferSelect;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// The contract and the schema name the same statuses: a compile error here otherwise.
const contractMatchesSchema: Same<TakedownStatus, (typeof TAKEDOWN_STATUSES)[number]> = true;
void contractMatchesSchema;

/** The column that records when a takedown entered each status. */
const STAMP: Record<TakedownStatus, keyof TakedownRow> = {
  confirmed: 'confirmedAt',
  notice_sent: 'noticeSentAt',
  removed: 'removedAt',
  rejected: 'rejectedAt',
  no_response: 'noResponseAt',
  escalated: 'escalatedAt',
  closed: 'closedAt',
};

export interface TransitionOptions {
  /** In words, for the history: which recipient, what the check saw. */
  detail?: string | null;
  /** Other columns changed with the status (level, responseDueAt, nextCheckAt, closedReason…). */
  patch?: Partial<Omit<TakedownRow, 'id' | 'userId' | 'findingId' | 'status' | 'createdAt'>>;
  /** Only from these statuses (a subset of those allowed); default every status that may lead to `to`. */
  from?: readonly TakedownStatus[];
  at?: Date;
}

/** Conditional updates retried when another worker changed the status between the read and the write. */
const RACE_RETRIES = 3;

/**
 * Moves one takedown to `to` if its current status allows it, in one conditional update, and records the
 * event in the same transaction (a row never changes status without its event). Returns the updated row,
 * or null when the takedown is not in a status that leads there (another worker moved it first, or it is
 * finished): callers treat null as "nothing to do", which keeps jobs that run twice harmless. A status
 * changed under it to one that still leads to `to` is read again, so a removal is not lost to a
 * concurrent no_response. `db` may be a transaction (the work then runs in a savepoint).
 */
export async function transitionTakedown(
  db: Database,
  takedownId: string,
  to: TakedownStatus,
  options: TransitionOptions = {},
): Promise<TakedownRow | null> {
  const allowed = statusesLeadingTo(to);
  const from = options.from ? options.from.filter((s) => allowed.includes(s)) : allowed;
  if (from.length === 0) return null;
  const at = options.at ?? new Date();
  return db.transaction(async (tx) => {
    for (let attempt = 0; attempt < RACE_RETRIES; attempt++) {
      const [previous] = await tx
        .select({ status: takedown.status })
        .from(takedown)
        .where(eq(takedown.id, takedownId));
      if (!previous || !from.includes(previous.status)) return null;
      const [row] = await tx
        .update(takedown)
        .set({ ...options.patch, status: to, [STAMP[to]]: at, updatedAt: at })
        .where(and(eq(takedown.id, takedownId), eq(takedown.status, previous.status)))
        .returning();
      if (!row) continue;
      await tx.insert(takedownEvent).values({
        takedownId,
        userId: row.userId,
        fromStatus: previous.status,
        toStatus: to,
        detail: options.detail ?? null,
        at,
      });
      return row;
    }
    return null;
  });
}

/**
 * The port services move takedowns through: `transitionTakedown` bound to a connection or a
 * transaction, so a service never holds the database itself.
 */
export interface TakedownTransitions {
  move(
    takedownId: string,
    to: TakedownStatus,
    options?: TransitionOptions,
  ): Promise<TakedownRow | null>;
}

/** The transitions on `db` (a transaction when given one: the moves are then part of it). */
export function createTakedownTransitions(db: Database): TakedownTransitions {
  return { move: (takedownId, to, options) => transitionTakedown(db, takedownId, to, options) };
}

/** Writes the first event of a new takedown (its `confirmed` status), in the transaction that inserts it. */
export async function recordTakedownOpened(
  db: Database,
  row: Pick<TakedownRow, 'id' | 'userId' | 'confirmedAt'>,
  detail: string | null = null,
): Promise<void> {
  await db.insert(takedownEvent).values({
    takedownId: row.id,
    userId: row.userId,
    fromStatus: null,
    toStatus: 'confirmed',
    detail,
    at: row.confirmedAt,
  });
}
