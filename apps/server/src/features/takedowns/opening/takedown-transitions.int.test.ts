// transitionTakedown on the test database (PGlite, or Postgres with SHARK_TEST_DB=postgres): every allowed
// step stamps its column and writes its event; a step the table refuses changes nothing; two workers moving
// the same takedown at once make one change and one event.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@shark/db/client.ts';
import { takedown, takedownEvent, TAKEDOWN_STATUSES } from '@shark/db/schema.ts';
import {
  insertCreator,
  insertTakedown,
  openTestDatabase,
} from '#server/features/takedowns/testing/takedown-test-fixtures.ts';
import { createTakedownTransitions, transitionTakedown } from './takedown-transition-repository.ts';
import {
  canTransition,
  TAKEDOWN_TRANSITIONS,
  type TakedownRow,
  type TakedownStatus,
} from './takedown-transitions.ts';

let db: Database;
let close: () => Promise<void>;
let userId: string;

beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
  userId = await insertCreator(db);
});
afterAll(async () => {
  await close?.();
});

const STAMP: Record<TakedownStatus, keyof TakedownRow> = {
  confirmed: 'confirmedAt',
  notice_sent: 'noticeSentAt',
  removed: 'removedAt',
  rejected: 'rejectedAt',
  no_response: 'noResponseAt',
  escalated: 'escalatedAt',
  closed: 'closedAt',
};

/** A way from confirmed to each status, through allowed steps only. */
const PATH_TO: Record<TakedownStatus, TakedownStatus[]> = {
  confirmed: [],
  notice_sent: ['notice_sent'],
  removed: ['removed'],
  rejected: ['notice_sent', 'rejected'],
  no_response: ['notice_sent', 'no_response'],
  escalated: ['notice_sent', 'no_response', 'escalated'],
  closed: ['closed'],
};

async function takedownIn(status: TakedownStatus): Promise<TakedownRow> {
  let row = await insertTakedown(db, { userId });
  for (const step of PATH_TO[status]) row = (await transitionTakedown(db, row.id, step))!;
  expect(row.status).toBe(status);
  return row;
}

const rowOf = async (id: string) =>
  (await db.select().from(takedown).where(eq(takedown.id, id)))[0]!;
const eventsOf = (id: string) =>
  db
    .select()
    .from(takedownEvent)
    .where(eq(takedownEvent.takedownId, id))
    .orderBy(asc(takedownEvent.id));

describe('transitionTakedown', () => {
  const allowed = TAKEDOWN_STATUSES.flatMap((from) =>
    TAKEDOWN_TRANSITIONS[from].map((to) => [from, to] as const),
  );
  it.each(allowed)('%s → %s stamps its column and writes its event', async (from, to) => {
    const before = await takedownIn(from);
    const eventsBefore = await eventsOf(before.id);
    const at = new Date(Date.UTC(2030, 0, 2, 3, 4, 5));
    const moved = await transitionTakedown(db, before.id, to, {
      at,
      detail: `${from} to ${to}`,
      patch: { level: 1, closedReason: to === 'closed' ? 'test' : null },
    });
    expect(moved).toMatchObject({ id: before.id, status: to, level: 1, updatedAt: at });
    expect(moved![STAMP[to]]).toEqual(at);
    // The columns of earlier steps keep their times (a second notice re-stamps notice_sent_at).
    for (const step of PATH_TO[from].filter((s) => s !== to))
      expect(moved![STAMP[step]]).toEqual(before[STAMP[step]]);
    expect(await rowOf(before.id)).toEqual(moved);
    const events = await eventsOf(before.id);
    expect(events).toHaveLength(eventsBefore.length + 1);
    expect(events.at(-1)).toMatchObject({
      takedownId: before.id,
      userId,
      fromStatus: from,
      toStatus: to,
      detail: `${from} to ${to}`,
      at,
    });
  });

  const refused = TAKEDOWN_STATUSES.flatMap((from) =>
    TAKEDOWN_STATUSES.filter((to) => !canTransition(from, to)).map((to) => [from, to] as const),
  );
  it.each(refused)('%s → %s is refused: null, nothing changed', async (from, to) => {
    const before = await takedownIn(from);
    const eventsBefore = await eventsOf(before.id);
    expect(await transitionTakedown(db, before.id, to, { patch: { level: 5 } })).toBeNull();
    expect(await rowOf(before.id)).toEqual(before);
    expect(await eventsOf(before.id)).toEqual(eventsBefore);
  });

  it('records the opening event of a takedown', async () => {
    const row = await insertTakedown(db, { userId });
    expect(await eventsOf(row.id)).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'confirmed', at: row.confirmedAt }),
    ]);
  });

  it('moves only from the statuses asked for', async () => {
    const row = await takedownIn('no_response');
    expect(await transitionTakedown(db, row.id, 'escalated', { from: ['rejected'] })).toBeNull();
    expect((await rowOf(row.id)).status).toBe('no_response');
    expect(
      await transitionTakedown(db, row.id, 'escalated', { from: ['rejected', 'no_response'] }),
    ).toMatchObject({ status: 'escalated' });
  });

  it('returns null for an unknown takedown', async () => {
    expect(await transitionTakedown(db, 'no-such-takedown', 'removed')).toBeNull();
  });

  it('lets one of two concurrent identical transitions win, with one event', async () => {
    const row = await takedownIn('notice_sent');
    const results = await Promise.all([
      transitionTakedown(db, row.id, 'no_response', { detail: 'worker A' }),
      transitionTakedown(db, row.id, 'no_response', { detail: 'worker B' }),
    ]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    const events = (await eventsOf(row.id)).filter((e) => e.toStatus === 'no_response');
    expect(events).toHaveLength(1);
  });

  it('lets one of two concurrent different transitions win; the loser returns null and adds no event', async () => {
    for (let round = 0; round < 5; round++) {
      const row = await takedownIn('notice_sent');
      const [rejected, noResponse] = await Promise.all([
        transitionTakedown(db, row.id, 'rejected'),
        transitionTakedown(db, row.id, 'no_response'),
      ]);
      expect([rejected, noResponse].filter((r) => r !== null)).toHaveLength(1);
      const final = await rowOf(row.id);
      const winner = rejected ?? noResponse;
      expect(final.status).toBe(winner!.status);
      const events = await eventsOf(row.id);
      expect(events.map((e) => e.toStatus)).toEqual(['confirmed', 'notice_sent', final.status]);
    }
  });

  it('still sees a removal when another worker moved the takedown on first (the removal wins after it)', async () => {
    const row = await takedownIn('notice_sent');
    const [noResponse, removed] = await Promise.all([
      transitionTakedown(db, row.id, 'no_response'),
      transitionTakedown(db, row.id, 'removed', { detail: 'HTTP 404' }),
    ]);
    expect(removed).toMatchObject({ status: 'removed' });
    const events = (await eventsOf(row.id)).map((e) => `${e.fromStatus}→${e.toStatus}`);
    // Either the removal came first (no_response then refused) or after no_response.
    if (noResponse)
      expect(events).toEqual([
        'null→confirmed',
        'confirmed→notice_sent',
        'notice_sent→no_response',
        'no_response→removed',
      ]);
    else expect(events).toEqual(['null→confirmed', 'confirmed→notice_sent', 'notice_sent→removed']);
    expect((await rowOf(row.id)).status).toBe('removed');
  });
});

describe('createTakedownTransitions', () => {
  it('moves a takedown as transitionTakedown does, and refuses the same steps', async () => {
    const row = await takedownIn('notice_sent');
    const transitions = createTakedownTransitions(db);
    expect(await transitions.move(row.id, 'escalated')).toBeNull();
    const moved = await transitions.move(row.id, 'rejected', { detail: 'refused by the host' });
    expect(moved).toMatchObject({ id: row.id, status: 'rejected' });
    expect(moved!.rejectedAt).toBeInstanceOf(Date);
    const events = await eventsOf(row.id);
    expect(events.at(-1)).toMatchObject({
      fromStatus: 'notice_sent',
      toStatus: 'rejected',
      detail: 'refused by the host',
    });
  });

  it('bound to a transaction, its moves are undone with it', async () => {
    const row = await takedownIn('notice_sent');
    await expect(
      db.transaction(async (tx) => {
        expect(await createTakedownTransitions(tx).move(row.id, 'removed')).not.toBeNull();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await rowOf(row.id)).status).toBe('notice_sent');
    expect((await eventsOf(row.id)).map((e) => e.toStatus)).toEqual(['confirmed', 'notice_sent']);
  });
});
