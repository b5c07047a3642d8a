// The outbox over SMTP (a real SMTP server on loopback): a refused send is retried with an exponential
// backoff and its error shown to the creator; after the last attempt it is failed for good; a send over
// the recipient's hourly limit is deferred, not failed, and goes out when the hour has passed.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TakedownDetail } from '@shark/contracts/takedowns.ts';
import { notice, outboxMessage, takedownRecipient } from '@shark/db/schema.ts';
import type { RdapStandIn } from '@shark/engine/recipients/testing/rdap-stand-in.ts';
import type { TestServer } from '#server/testing/test-server.ts';
import { waitFor } from '#server/testing/wait-for.ts';
import {
  ARIN_ABUSE,
  rdapEnv,
  recordLeak,
  RIPE_ABUSE,
  signAuthorization,
  startEnforcementServer,
  startSmtpStandIn,
  startTestRdap,
  takedownReaches,
  testCreator,
  THIRD_ABUSE,
  type SmtpStandIn,
} from '#server/features/takedowns/testing/enforcement-test-kit.ts';

let rdap: RdapStandIn;
let smtp: SmtpStandIn;
let server: TestServer;

beforeAll(async () => {
  rdap = await startTestRdap();
  smtp = await startSmtpStandIn();
  server = await startEnforcementServer({
    ...rdapEnv(rdap),
    SMTP_URL: smtp.url,
    TAKEDOWN_SEND_ATTEMPTS: '2',
    NOTICE_RATE_PER_RECIPIENT_PER_HOUR: '1',
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await rdap?.close();
});

const db = () => server.services.database.db;

async function outboxOf(userId: string) {
  const rows = await db()
    .select({ outbox: outboxMessage })
    .from(outboxMessage)
    .innerJoin(notice, eq(notice.id, outboxMessage.noticeId))
    .where(eq(notice.userId, userId));
  return rows.map((row) => row.outbox);
}

/** Waits until the creator's one outbox message matches. */
function outboxReaches(
  userId: string,
  check: (row: typeof outboxMessage.$inferSelect) => boolean,
  what: string,
) {
  return waitFor(
    async () => {
      const [row] = await outboxOf(userId);
      return row && check(row) ? row : undefined;
    },
    { what },
  );
}

/** Time passes: the message is due now (the sweep sends it again, as it does every ENFORCEMENT_SWEEP_SECONDS). */
async function makeDue(id: string) {
  await db()
    .update(outboxMessage)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(outboxMessage.id, id));
  await server.services.enforcement.sweep();
}

describe('the outbox', () => {
  it('retries a refused send with backoff, showing the error, then sends it', async () => {
    let refusals = 0;
    smtp.answer = (message) => {
      if (message.to.includes(ARIN_ABUSE) && refusals === 0) {
        refusals += 1;
        return { code: 451, text: '4.3.0 Mailbox busy, try again later' };
      }
      return 'accept';
    };
    const creator = await testCreator(server);
    await signAuthorization(creator);
    const before = Date.now();
    const { takedownId } = await recordLeak(
      server,
      creator.userId,
      'https://leaky-tube.example/watch/retry',
    );

    const failed = await outboxReaches(
      creator.userId,
      (row) => row.attempts === 1 && row.status === 'pending',
      'the first, refused attempt',
    );
    const after = Date.now();
    expect(failed.lastError).toMatch(/451 4\.3\.0 Mailbox busy/);
    // The first retry waits a minute.
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 60_000);
    expect(failed.nextAttemptAt.getTime()).toBeLessThanOrEqual(after + 60_000);
    const view = await creator.browser.get<TakedownDetail>(`/api/takedowns/${takedownId}`);
    expect(view.body.status).toBe('confirmed');
    expect(view.body.notices[0]!.delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringMatching(/Mailbox busy/),
      nextAttemptAt: failed.nextAttemptAt.toISOString(),
    });
    expect(smtp.accepted.filter((m) => m.to.includes(ARIN_ABUSE))).toHaveLength(0);

    await makeDue(failed.id);
    const sent = await outboxReaches(creator.userId, (row) => row.status === 'sent', 'the retry');
    expect(sent).toMatchObject({ attempts: 2, lastError: null });
    await takedownReaches(server, takedownId!, ['notice_sent']);
    const delivered = smtp.accepted.filter((m) => m.to.includes(ARIN_ABUSE));
    expect(delivered).toHaveLength(1);
    // Both attempts carried the notice's one Message-ID.
    expect(
      smtp.transmitted.filter((m) => m.to.includes(ARIN_ABUSE)).map((m) => m.messageId),
    ).toEqual([sent.messageId, sent.messageId]);
    expect(delivered[0]!.raw).toContain('Content-Type: application/pdf');
  });

  it('fails a send for good after the last attempt, and says why', async () => {
    smtp.answer = (message) =>
      message.to.includes(RIPE_ABUSE)
        ? { code: 550, text: '5.1.1 No such mailbox here' }
        : 'accept';
    const creator = await testCreator(server);
    await signAuthorization(creator);
    const { takedownId } = await recordLeak(
      server,
      creator.userId,
      'https://ripe-leaks.example/gallery/bounce',
    );
    const first = await outboxReaches(
      creator.userId,
      (row) => row.attempts === 1 && row.status === 'pending',
      'the first attempt',
    );
    await makeDue(first.id);
    const failed = await outboxReaches(
      creator.userId,
      (row) => row.status === 'failed',
      'the last attempt',
    );
    expect(failed).toMatchObject({
      attempts: 2,
      lastError: expect.stringMatching(/550 5\.1\.1 No such mailbox here/),
    });
    // Failed for good: the sweep does not send it again.
    await server.services.enforcement.sweep();
    expect((await outboxOf(creator.userId))[0]).toMatchObject({ status: 'failed', attempts: 2 });
    const view = await creator.browser.get<TakedownDetail>(`/api/takedowns/${takedownId}`);
    expect(view.body.notices[0]!.delivery).toMatchObject({
      status: 'failed',
      attempts: 2,
      nextAttemptAt: null,
    });
  });

  it('composes an unsent notice again without a URL whitelisted meanwhile, and withdraws it when she revokes', async () => {
    smtp.answer = (message) =>
      message.to.includes(RIPE_ABUSE)
        ? { code: 451, text: '4.7.1 Greylisted, come back later' }
        : 'accept';
    const creator = await testCreator(server);
    const mine = await recordLeak(server, creator.userId, 'https://ripe-leaks.example/promo/mine');
    const leak = await recordLeak(
      server,
      creator.userId,
      'https://ripe-leaks.example/gallery/stolen',
    );
    // Both wait for her signature, so one notice names both.
    await waitFor(
      async () =>
        (
          await db()
            .select()
            .from(takedownRecipient)
            .where(eq(takedownRecipient.address, RIPE_ABUSE))
        ).filter((r) => r.userId === creator.userId).length === 2,
      {
        what: 'both recipients',
      },
    );
    await signAuthorization(creator);
    const first = await outboxReaches(
      creator.userId,
      (row) => row.attempts === 1 && row.status === 'pending',
      'the first, refused attempt',
    );
    const [firstNotice] = await db().select().from(notice).where(eq(notice.id, first.noticeId));
    expect(firstNotice!.textBody).toContain('https://ripe-leaks.example/promo/mine');
    expect(firstNotice!.textBody).toContain('https://ripe-leaks.example/gallery/stolen');

    // Her own page after all: whitelisted while the notice naming it waits for its retry.
    const whitelisted = await creator.browser.post(`/api/findings/${mine.findingId}/review`, {
      action: 'whitelist',
    });
    expect(whitelisted.status, JSON.stringify(whitelisted.body)).toBe(200);
    expect((await takedownReaches(server, mine.takedownId!, ['closed'])).closedReason).toBe(
      'withdrawn',
    );
    const again = await outboxReaches(
      creator.userId,
      (row) => row.id !== first.id && row.attempts === 1 && row.status === 'pending',
      'the notice composed again',
    );
    const notices = await db().select().from(notice).where(eq(notice.userId, creator.userId));
    expect(notices.map((n) => n.id)).toEqual([again.noticeId]);
    expect(notices[0]!.textBody).toContain('https://ripe-leaks.example/gallery/stolen');
    expect(notices[0]!.textBody).not.toContain('https://ripe-leaks.example/promo/mine');
    expect(await server.services.storage.exists(firstNotice!.pdfKey!)).toBe(false);

    // Revoked before it could go out: withdrawn, and the takedown waits for a signature again.
    expect((await creator.browser.request('DELETE', '/api/authorization')).status).toBe(200);
    expect(await outboxOf(creator.userId)).toEqual([]);
    const view = await creator.browser.get<TakedownDetail>(`/api/takedowns/${leak.takedownId}`);
    expect(view.body).toMatchObject({
      status: 'confirmed',
      isWaitingForAuthorization: true,
      notices: [],
    });
    expect(smtp.accepted.filter((m) => m.to.includes(RIPE_ABUSE))).toHaveLength(0);

    // Signed again, the notice goes out; revoked while the server is still answering, the send in flight
    // completes (it is out of our hands), but its retry after a refusal is withdrawn.
    let answer: (reply: { code: number; text: string }) => void = () => undefined;
    smtp.answer = (message) =>
      message.to.includes(RIPE_ABUSE) ? new Promise((resolve) => (answer = resolve)) : 'accept';
    await signAuthorization(creator);
    const inFlight = await waitFor(
      async () => {
        const [row] = await outboxOf(creator.userId);
        return row?.status === 'sending' &&
          smtp.transmitted.some((m) => m.messageId === row.messageId)
          ? row
          : undefined;
      },
      { what: 'a send waiting for the server' },
    );
    expect((await creator.browser.request('DELETE', '/api/authorization')).status).toBe(200);
    expect((await outboxOf(creator.userId)).map((row) => row.status)).toEqual(['sending']);
    answer({ code: 451, text: '4.7.1 Try again later' });
    await outboxReaches(
      creator.userId,
      (row) => row.status === 'pending' && row.attempts === 1,
      'the refusal',
    );
    await makeDue(inFlight.id);
    await waitFor(async () => (await outboxOf(creator.userId)).length === 0, {
      what: 'the retry to be withdrawn',
    });
    expect(
      (await creator.browser.get<TakedownDetail>(`/api/takedowns/${leak.takedownId}`)).body,
    ).toMatchObject({ status: 'confirmed', isWaitingForAuthorization: true, notices: [] });
    expect(smtp.accepted.filter((m) => m.to.includes(RIPE_ABUSE))).toHaveLength(0);
  });

  it('defers a send over the per-recipient hourly limit instead of failing it, and sends it when the hour has passed', async () => {
    smtp.answer = () => 'accept';
    const first = await testCreator(server);
    await signAuthorization(first);
    const a = await recordLeak(server, first.userId, 'https://limit-a.example/v/1');
    const sentA = await outboxReaches(
      first.userId,
      (row) => row.status === 'sent',
      'the first notice to the host',
    );

    const second = await testCreator(server);
    await signAuthorization(second);
    const b = await recordLeak(server, second.userId, 'https://limit-b.example/v/1');
    const deferred = await outboxReaches(
      second.userId,
      (row) => row.lastError !== null,
      'the deferral',
    );
    expect(deferred).toMatchObject({ status: 'pending', attempts: 0, recipientKey: THIRD_ABUSE });
    expect(deferred.lastError).toMatch(
      /1 notices went to abuse@third-hosting\.example within the last hour \(limit 1\)/,
    );
    expect(deferred.nextAttemptAt.getTime()).toBe(sentA.sentAt!.getTime() + 3600_000);
    expect((await takedownReaches(server, a.takedownId!, ['notice_sent'])).status).toBe(
      'notice_sent',
    );
    expect(smtp.accepted.filter((m) => m.to.includes(THIRD_ABUSE))).toHaveLength(1);

    // An hour later: the first send has left the window.
    await db()
      .update(outboxMessage)
      .set({ sentAt: sql`now() - interval '61 minutes'` })
      .where(eq(outboxMessage.id, sentA.id));
    await makeDue(deferred.id);
    await takedownReaches(server, b.takedownId!, ['notice_sent']);
    expect((await outboxOf(second.userId))[0]).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
    });
    expect(smtp.accepted.filter((m) => m.to.includes(THIRD_ABUSE))).toHaveLength(2);
  });
});
