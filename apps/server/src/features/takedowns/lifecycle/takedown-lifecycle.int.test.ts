// The lifecycle on the test database (PGlite, or Postgres with SHARK_TEST_DB=postgres), time driven by the
// `now` each call takes: response windows and escalation (site → host → registrar, then closed), the
// answers an operator records, and the sweep that sends what is due. Checks of pages are in
// verification.int.test.ts; enforcement's part (sending the notice) is done here by the fixture that moves
// a takedown to notice_sent as the notify job does.
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@shark/db/client.ts';
import {
  finding,
  notice,
  noticeItem,
  outboxMessage,
  takedown,
  takedownEvent,
} from '@shark/db/schema.ts';
import { createCrawler } from '@shark/engine/fetch/crawler.ts';
import { createSafeFetcher } from '@shark/engine/fetch/safe-fetch.ts';
import { FingerprintPool } from '@shark/engine/matching/fingerprint-pool.ts';
import { AppError } from '#server/http/app-error.ts';
import { createLogger } from '#server/http/logger.ts';
import { createReferenceIndex } from '#server/features/matching/reference-index.ts';
import { createReferenceRepository } from '#server/features/matching/reference-repository.ts';
import { createScanMatcher } from '#server/features/scans/scan-matcher.ts';
import {
  insertCreator,
  insertTakedown,
  markNoticeSent,
  openTestDatabase,
  SITE_HOST_REGISTRAR,
} from '#server/features/takedowns/testing/takedown-test-fixtures.ts';
import type { TakedownRow } from '#server/features/takedowns/opening/takedown-transitions.ts';
import { moveToNoticeSent } from '#server/features/takedowns/outbox/outbox-repository.ts';
import { createTakedownRepositories } from '#server/features/takedowns/takedown-repositories.ts';
import { createTakedownLifecycle, type TakedownLifecycle } from './takedown-lifecycle-service.ts';

const HOUR = 3600_000;
const T0 = new Date('2031-03-01T09:00:00.000Z');
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);

let db: Database;
let close: () => Promise<void>;
let fingerprints: FingerprintPool;
let lifecycle: TakedownLifecycle;
let userId: string;
/** What the lifecycle asked of its ports: notices of enforcement, jobs of the queue. */
const requested: string[] = [];
const sentVerify: { takedownId: string; check: number }[] = [];
const sentEscalate: string[] = [];

beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
  fingerprints = new FingerprintPool({ threads: 0 });
  const fetcher = createSafeFetcher();
  const repositories = createTakedownRepositories(db);
  lifecycle = createTakedownLifecycle({
    repo: repositories.lifecycle,
    transitions: repositories.transitions,
    crawler: createCrawler({ fetcher }),
    matcher: createScanMatcher({
      index: createReferenceIndex(createReferenceRepository(db)),
      fingerprints,
    }),
    respectRobots: true,
    siteById: () => undefined,
    schedule: { firstCheckHours: 24, maxCheckHours: 168 },
    requestNotice: (takedownId) => {
      requested.push(takedownId);
      return Promise.resolve();
    },
    sendVerify: (takedownId, check) => {
      const isNew = !sentVerify.some((s) => s.takedownId === takedownId && s.check === check);
      sentVerify.push({ takedownId, check });
      return Promise.resolve(isNew);
    },
    sendEscalate: (takedownId) => {
      sentEscalate.push(takedownId);
      return Promise.resolve(true);
    },
    logger: createLogger('silent'),
  });
  userId = await insertCreator(db);
});
afterAll(async () => {
  await fingerprints?.close();
  await close?.();
});

const rowOf = async (id: string) =>
  (await db.select().from(takedown).where(eq(takedown.id, id)))[0]!;
const eventsOf = (id: string) =>
  db
    .select()
    .from(takedownEvent)
    .where(eq(takedownEvent.takedownId, id))
    .orderBy(asc(takedownEvent.at), asc(takedownEvent.id));

async function sentTakedown(recipients = SITE_HOST_REGISTRAR): Promise<TakedownRow> {
  const row = await insertTakedown(db, { userId, recipients, confirmedAt: T0 });
  return (await markNoticeSent(db, row.id, T0))!;
}

describe('response windows and escalation', () => {
  it('notice_sent → no_response → escalated → notice_sent → removed, each step timestamped and in takedown_event', async () => {
    const row = await sentTakedown();
    requested.length = 0;
    // Inside the 72-hour window: nothing to do.
    expect(await lifecycle.escalate(row.id, at(71.9))).toEqual([]);
    expect((await rowOf(row.id)).status).toBe('notice_sent');

    expect(await lifecycle.escalate(row.id, at(72))).toEqual(['no_response', 'escalated']);
    const escalated = await rowOf(row.id);
    expect(escalated).toMatchObject({
      status: 'escalated',
      level: 1,
      responseDueAt: null,
      noResponseAt: at(72),
      escalatedAt: at(72),
    });
    expect(requested).toEqual([row.id]);

    // Enforcement sends the host's notice; the host removes the page and says so.
    await markNoticeSent(db, row.id, at(73));
    await lifecycle.respond(row.id, { kind: 'removed', note: 'ticket 4411' }, at(80));
    const removed = await rowOf(row.id);
    expect(removed).toMatchObject({
      status: 'removed',
      level: 1,
      confirmedAt: T0,
      noticeSentAt: at(73),
      noResponseAt: at(72),
      escalatedAt: at(72),
      removedAt: at(80),
      nextCheckAt: null,
    });

    const events = await eventsOf(row.id);
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.at])).toEqual([
      [null, 'confirmed', T0],
      ['confirmed', 'notice_sent', T0],
      ['notice_sent', 'no_response', at(72)],
      ['no_response', 'escalated', at(72)],
      ['escalated', 'notice_sent', at(73)],
      ['notice_sent', 'removed', at(80)],
    ]);
    expect(events[2]!.detail).toBe(
      `No answer from ClipTube (site) at dmca@cliptube.example by ${at(72).toISOString()}.`,
    );
    expect(events[3]!.detail).toBe('escalated from ClipTube (site) to Hosty Networks (host)');
    expect(events[5]!.detail).toBe(
      'Hosty Networks (host) confirmed the removal (recorded by an operator): ticket 4411',
    );
  });

  it('rejected → escalated to the next recipient', async () => {
    const row = await sentTakedown();
    requested.length = 0;
    const shown = await lifecycle.respond(
      row.id,
      { kind: 'rejected', reason: 'They say it is fair use.' },
      at(5),
    );
    expect(shown).toMatchObject({ status: 'rejected', times: { rejectedAt: at(5).toISOString() } });
    expect(shown.events.at(-1)).toEqual({
      at: at(5).toISOString(),
      from: 'notice_sent',
      to: 'rejected',
      detail: 'ClipTube (site) rejected the notice: They say it is fair use.',
    });

    expect(await lifecycle.escalate(row.id, at(5.1))).toEqual(['escalated']);
    expect(await rowOf(row.id)).toMatchObject({
      status: 'escalated',
      level: 1,
      rejectedAt: at(5),
      escalatedAt: at(5.1),
    });
    expect(requested).toEqual([row.id]);
  });

  it('site → host → registrar, and closed when the last recipient ignores the notice', async () => {
    const row = await sentTakedown();
    requested.length = 0;
    expect(await lifecycle.escalate(row.id, at(72))).toEqual(['no_response', 'escalated']);
    await markNoticeSent(db, row.id, at(73));
    expect(await lifecycle.escalate(row.id, at(73 + 72))).toEqual(['no_response', 'escalated']);
    expect(await rowOf(row.id)).toMatchObject({ level: 2 });
    await markNoticeSent(db, row.id, at(150));
    expect(await lifecycle.escalate(row.id, at(150 + 72))).toEqual(['no_response', 'closed']);
    expect(await rowOf(row.id)).toMatchObject({
      status: 'closed',
      level: 2,
      closedReason: 'no recipient left',
      closedAt: at(222),
      nextCheckAt: null,
    });
    expect(requested).toEqual([row.id, row.id]);
    const details = (await eventsOf(row.id)).map((e) => e.detail);
    expect(details).toContain(
      'escalated from Hosty Networks (host) to Names Registrar (registrar)',
    );
    expect(details.at(-1)).toBe('No recipient left after Names Registrar (registrar).');
    // Closed is the end: nothing moves it any more.
    expect(await lifecycle.escalate(row.id, at(1000))).toEqual([]);
  });

  it('closes a takedown whose only recipient rejects it', async () => {
    const row = await sentTakedown([SITE_HOST_REGISTRAR[0]!]);
    await lifecycle.respond(row.id, { kind: 'rejected', reason: 'Not ours.' }, at(1));
    expect(await lifecycle.escalate(row.id, at(2))).toEqual(['closed']);
    expect(await rowOf(row.id)).toMatchObject({
      status: 'closed',
      closedReason: 'no recipient left',
    });
  });

  it('escalates once however often, and however many workers at once, it runs', async () => {
    const row = await sentTakedown();
    requested.length = 0;
    const runs = await Promise.all([
      lifecycle.escalate(row.id, at(80)),
      lifecycle.escalate(row.id, at(80)),
      lifecycle.escalate(row.id, at(80)),
    ]);
    expect(runs.flat().sort()).toEqual(['escalated', 'no_response']);
    expect(await lifecycle.escalate(row.id, at(80))).toEqual([]);
    expect(requested).toEqual([row.id]);
    expect((await eventsOf(row.id)).map((e) => e.toStatus)).toEqual([
      'confirmed',
      'notice_sent',
      'no_response',
      'escalated',
    ]);
  });
});

describe('the TAKE IT DOWN Act’s 48 hours', () => {
  /** A notice to the takedown's current recipient, sent at `sentAt` the way e-mails and forms move it. */
  async function sendNotice(row: TakedownRow, sentAt: Date): Promise<void> {
    const current = await rowOf(row.id);
    const noticeId = randomUUID();
    await db.insert(notice).values({
      id: noticeId,
      userId,
      kind: 'dmca',
      role: 'site',
      recipientName: 'test',
      channelKind: 'email',
      address: `level${current.level}@example.com`,
      level: current.level,
      subject: 'test',
      textBody: 'test',
      htmlBody: 'test',
      createdAt: sentAt,
    });
    await db.insert(noticeItem).values({ noticeId, takedownId: row.id, userId });
    // The configured window is 72 hours; the statute's 48 win for a TAKE IT DOWN takedown.
    await moveToNoticeSent(
      db,
      noticeId,
      sentAt,
      { responseDueAt: at(72 + (sentAt.getTime() - T0.getTime()) / HOUR), nextCheckAt: sentAt },
      'notice sent (test)',
    );
  }

  it('gives each recipient 48 hours from its notice, then escalates to the next one', async () => {
    const row = await insertTakedown(db, {
      userId,
      kind: 'likeness',
      legalBasis: 'take_it_down',
      finding: { likenessNature: 'forgery' },
      confirmedAt: T0,
    });
    await sendNotice(row, T0);
    expect((await rowOf(row.id)).responseDueAt).toEqual(at(48));
    requested.length = 0;
    expect(await lifecycle.escalate(row.id, at(47.9))).toEqual([]);
    expect(await lifecycle.escalate(row.id, at(48))).toEqual(['no_response', 'escalated']);
    expect(await rowOf(row.id)).toMatchObject({ status: 'escalated', level: 1 });
    expect(requested).toEqual([row.id]);

    // The host gets its own 48 hours from its notice.
    await sendNotice(row, at(50));
    expect((await rowOf(row.id)).responseDueAt).toEqual(at(98));
    expect(await lifecycle.escalate(row.id, at(97.9))).toEqual([]);
    expect(await lifecycle.escalate(row.id, at(98))).toEqual(['no_response', 'escalated']);
    expect((await rowOf(row.id)).level).toBe(2);
  });

  it('keeps the configured window for DMCA and DSA takedowns', async () => {
    for (const legalBasis of ['dmca', 'dsa_article_16'] as const) {
      const row = await insertTakedown(db, { userId, legalBasis, confirmedAt: T0 });
      await sendNotice(row, T0);
      expect((await rowOf(row.id)).responseDueAt, legalBasis).toEqual(at(72));
      expect(await lifecycle.escalate(row.id, at(48)), legalBasis).toEqual([]);
    }
  });
});

describe('the sweep', () => {
  it('sends a check for each takedown whose check is due, and an escalation for each whose window passed or that was refused', async () => {
    const other = await insertCreator(db, 'Sweep Creator');
    const make = async () =>
      (await markNoticeSent(
        db,
        (await insertTakedown(db, { userId: other, confirmedAt: at(1000) })).id,
        at(1000),
      ))!;
    const dueCheck = await make(); // first check at +24 h
    const dueWindow = await make(); // window ends at +72 h
    const refused = await make();
    await lifecycle.respond(refused.id, { kind: 'rejected', reason: 'No.' }, at(1001));
    const notYet = await make();
    await db
      .update(takedown)
      .set({ nextCheckAt: at(1100), responseDueAt: at(1100) })
      .where(eq(takedown.id, notYet.id));
    const done = await make();
    await lifecycle.respond(done.id, { kind: 'removed' }, at(1001));
    await db
      .update(takedown)
      .set({ nextCheckAt: at(1001) })
      .where(eq(takedown.id, done.id));

    const onlyMine = (ids: string[]) =>
      ids.filter((id) => [dueCheck, dueWindow, refused, notYet, done].some((r) => r.id === id));
    sentVerify.length = 0;
    sentEscalate.length = 0;
    await lifecycle.sweep(at(1024));
    expect(onlyMine(sentVerify.map((s) => s.takedownId)).sort()).toEqual(
      [dueCheck.id, dueWindow.id, refused.id].sort(),
    );
    expect(sentVerify.every((s) => s.check === 0)).toBe(true);
    expect(onlyMine(sentEscalate)).toEqual([refused.id]);

    sentEscalate.length = 0;
    await lifecycle.sweep(at(1072));
    expect(onlyMine(sentEscalate).sort()).toEqual([dueCheck.id, dueWindow.id, refused.id].sort());
  });

  it('pages through more due takedowns than one query reads', async () => {
    const many = await insertCreator(db, 'Many Takedowns');
    const rows = Array.from({ length: 520 }, (_, i) => ({
      i,
      findingId: randomUUID(),
      id: randomUUID(),
      url: `https://tube.example/many/${i}`,
    }));
    await db.insert(finding).values(
      rows.map((r) => ({
        id: r.findingId,
        userId: many,
        kind: 'leak' as const,
        dedupKey: `leak:${r.url}`,
        status: 'confirmed' as const,
        pageUrl: r.url,
        normalizedUrl: r.url.slice(8),
        confidence: 0.95,
      })),
    );
    await db.insert(takedown).values(
      rows.map((r) => ({
        id: r.id,
        userId: many,
        findingId: r.findingId,
        kind: 'leak' as const,
        pageUrl: r.url,
        normalizedUrl: r.url.slice(8),
        host: 'tube.example',
        status: 'notice_sent' as const,
        confirmedAt: at(2000),
        noticeSentAt: at(2000),
        // Some share a time: the sweep's pages are ordered by time and id.
        nextCheckAt: at(2000 + Math.floor(r.i / 4) / 100),
      })),
    );
    const ids = rows.map((r) => r.id);
    sentVerify.length = 0;
    await lifecycle.sweep(at(2010));
    const swept = new Set(sentVerify.map((s) => s.takedownId));
    expect(ids.every((id) => swept.has(id))).toBe(true);
  });
});

describe('recipients’ answers', () => {
  it('refuses an unknown takedown, an empty reason and an answer that does not fit the status, changing nothing', async () => {
    await expect(lifecycle.respond('no-such-id', { kind: 'removed' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'No takedown with the id "no-such-id".',
    });
    await expect(lifecycle.describe('no-such-id')).rejects.toBeInstanceOf(AppError);

    const confirmed = await insertTakedown(db, { userId, confirmedAt: T0 });
    await expect(
      lifecycle.respond(confirmed.id, { kind: 'rejected', reason: 'x' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('is confirmed') });
    const sent = await sentTakedown();
    await expect(
      lifecycle.respond(sent.id, { kind: 'rejected', reason: '  ' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await rowOf(sent.id)).status).toBe('notice_sent');
    await lifecycle.respond(sent.id, { kind: 'removed' }, at(3));
    await expect(lifecycle.respond(sent.id, { kind: 'removed' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('is removed already'),
    });
    expect((await eventsOf(sent.id)).map((e) => e.toStatus)).toEqual([
      'confirmed',
      'notice_sent',
      'removed',
    ]);
  });

  it('shows a takedown with its events, recipients and notices', async () => {
    const row = await sentTakedown();
    const noticeId = randomUUID();
    await db.insert(notice).values({
      id: noticeId,
      userId,
      kind: 'dmca',
      role: 'site',
      recipientName: 'ClipTube',
      channelKind: 'email',
      address: 'dmca@cliptube.example',
      level: 0,
      subject: 'DMCA notice: 1 URL',
      textBody: 'text',
      htmlBody: '<p>text</p>',
    });
    await db.insert(noticeItem).values({ noticeId, takedownId: row.id, userId });
    await db.insert(outboxMessage).values({
      id: randomUUID(),
      noticeId,
      userId,
      recipientKey: 'dmca@cliptube.example',
      status: 'sent',
      messageId: '<x@shark>',
      attempts: 1,
      sentAt: T0,
    });
    const shown = await lifecycle.describe(row.id);
    expect(shown).toMatchObject({
      id: row.id,
      status: 'notice_sent',
      level: 0,
      pageUrl: row.pageUrl,
      responseDueAt: at(72).toISOString(),
      nextCheckAt: at(24).toISOString(),
      checkCount: 0,
      finding: { id: row.findingId, kind: 'leak', status: 'confirmed' },
      times: { confirmedAt: T0.toISOString(), noticeSentAt: T0.toISOString(), removedAt: null },
    });
    expect(shown.events.map((e) => e.to)).toEqual(['confirmed', 'notice_sent']);
    expect(shown.recipients).toEqual([
      {
        level: 0,
        role: 'site',
        name: 'ClipTube',
        channel: 'email',
        address: 'dmca@cliptube.example',
        source: 'test',
        isCurrent: true,
      },
      {
        level: 1,
        role: 'host',
        name: 'Hosty Networks',
        channel: 'email',
        address: 'abuse@hosty.example',
        source: 'test',
        isCurrent: false,
      },
      {
        level: 2,
        role: 'registrar',
        name: 'Names Registrar',
        channel: 'email',
        address: 'abuse@registrar.example',
        source: 'test',
        isCurrent: false,
      },
    ]);
    expect(shown.notices).toEqual([
      expect.objectContaining({
        id: noticeId,
        level: 0,
        recipientName: 'ClipTube',
        channel: 'email',
        subject: 'DMCA notice: 1 URL',
        delivery: { status: 'sent', attempts: 1, sentAt: T0.toISOString(), lastError: null },
      }),
    ]);
  });
});
