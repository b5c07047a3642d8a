// Enforcement end to end on one Shark (mail as .eml files, RDAP from a local stand-in, DNS injected):
// a confirmed finding opens one takedown; its recipients come from ARIN- and RIPE-style RDAP answers and
// Cloudflare's ranges; nothing is sent before the creator signs her authorisation; then one notice per
// recipient, with every §512(c)(3)(A) element and without her address, its PDF kept; delisting files.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { and, eq, inArray } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TakedownDetail } from '@shark/contracts/takedowns.ts';
import {
  delistingBatch,
  delistingRequest,
  notice,
  noticeItem,
  outboxMessage,
  takedown,
  takedownEvent,
} from '@shark/db/schema.ts';
import {
  ACCURACY_AUTHORITY_STATEMENT,
  GOOD_FAITH_STATEMENT,
} from '@shark/engine/notices/dmca-notice.ts';
import type { RdapStandIn } from '@shark/engine/recipients/testing/rdap-stand-in.ts';
import { TestClient } from '#server/testing/http-client.ts';
import type { TestServer } from '#server/testing/test-server.ts';
import { waitFor } from '#server/testing/wait-for.ts';
import {
  delistingFileKeyOf,
  utcDay,
} from '#server/features/takedowns/notices/delisting-service.ts';
import {
  ARIN_ABUSE,
  HOME_ADDRESS,
  LEGAL_NAME,
  recordLeak,
  REGISTRAR_ABUSE,
  RIPE_ABUSE,
  signAuthorization,
  startEnforcementServer,
  startTestRdap,
  takedownOf,
  takedownReaches,
  testCreator,
  type TestCreator,
} from '#server/features/takedowns/testing/enforcement-test-kit.ts';

let rdap: RdapStandIn;
let server: TestServer;

beforeAll(async () => {
  rdap = await startTestRdap();
  server = await startEnforcementServer({
    RDAP_BOOTSTRAP_IPV4_URL: rdap.bootstrap.ipv4Url,
    RDAP_BOOTSTRAP_IPV6_URL: rdap.bootstrap.ipv6Url,
    RDAP_BOOTSTRAP_DNS_URL: rdap.bootstrap.dnsUrl,
    SHARK_FETCH_ALLOWLIST: new URL(rdap.origin).host,
  });
});
afterAll(async () => {
  await server?.close();
  await rdap?.close();
});

const db = () => server.services.database.db;

interface NoticeMail {
  file: string;
  to: string;
  from: string;
  replyTo: string;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  attachments: { filename: string | null; mimeType: string; content: Buffer }[];
}

async function noticeMails(to: string): Promise<NoticeMail[]> {
  let files: string[];
  try {
    files = readdirSync(server.config.mailDir).filter(
      (file) => file.startsWith('notice-') && file.endsWith('.eml'),
    );
  } catch {
    return [];
  }
  const mails: NoticeMail[] = [];
  for (const file of files.sort()) {
    const parsed = await PostalMime.parse(readFileSync(join(server.config.mailDir, file)));
    const recipient = parsed.to?.map((a) => a.address ?? '').join(', ') ?? '';
    if (recipient !== to) continue;
    mails.push({
      file,
      to: recipient,
      from: `${parsed.from?.name ?? ''} <${parsed.from?.address ?? ''}>`,
      replyTo: parsed.replyTo?.map((a) => a.address).join(', ') ?? '',
      subject: parsed.subject ?? '',
      messageId: parsed.messageId ?? '',
      text: parsed.text ?? '',
      html: parsed.html ?? '',
      attachments: parsed.attachments.map((a) => ({
        filename: a.filename,
        mimeType: a.mimeType,
        content: Buffer.from(a.content as ArrayBuffer),
      })),
    });
  }
  return mails;
}

async function detail(creator: TestCreator, takedownId: string): Promise<TakedownDetail> {
  const res = await creator.browser.get<TakedownDetail>(`/api/takedowns/${takedownId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Waits until the takedown's recipients are written (the resolve job ran). */
function resolved(takedownId: string) {
  return waitFor(
    async () => {
      const [row] = await db().select().from(takedown).where(eq(takedown.id, takedownId));
      return row?.recipientsResolvedAt ? row : undefined;
    },
    { what: `the recipients of ${takedownId}` },
  );
}

async function review(
  creator: TestCreator,
  findingId: string,
  action: 'confirm' | 'reject' | 'whitelist',
) {
  const res = await creator.browser.post(`/api/findings/${findingId}/review`, { action });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('opening takedowns', () => {
  it('opens exactly one takedown for a confirmed finding, however often it is confirmed', async () => {
    const creator = await testCreator(server);
    const pending = await server.services.findings.record({
      userId: creator.userId,
      scanId: null,
      kind: 'leak',
      pageUrl: 'https://leaky-tube.example/watch/unsure',
      mediaUrl: 'https://leaky-tube.example/media/unsure.jpg',
      source: 'test',
      confidence: 0.5,
      mediaSha256: 'a'.repeat(64),
    });
    expect(pending.status).toBe('pending_review');
    expect(await takedownOf(server, pending.id)).toBeUndefined();

    await review(creator, pending.id, 'confirm');
    await review(creator, pending.id, 'confirm');
    // Seen again by a later scan: still the same one.
    await server.services.findings.record({
      userId: creator.userId,
      scanId: null,
      kind: 'leak',
      pageUrl: 'https://leaky-tube.example/watch/unsure',
      mediaUrl: 'https://leaky-tube.example/media/unsure.jpg',
      source: 'test',
      confidence: 0.5,
      mediaSha256: 'a'.repeat(64),
    });
    const rows = await db().select().from(takedown).where(eq(takedown.findingId, pending.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'confirmed',
      kind: 'leak',
      host: 'leaky-tube.example',
      userId: creator.userId,
      level: 0,
    });
    const events = await db()
      .select()
      .from(takedownEvent)
      .where(eq(takedownEvent.takedownId, rows[0]!.id));
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([[null, 'confirmed']]);
    expect(events[0]!.detail).toMatch(/Confirmed by the creator/);

    // A sure match is confirmed as it is recorded, and opens its takedown at once.
    const sure = await recordLeak(server, creator.userId, 'https://leaky-tube.example/watch/sure');
    expect(sure.takedownId).not.toBeNull();
  });

  it('takes down a confirmed mention as a leak of its page; never a rejected one', async () => {
    const creator = await testCreator(server);
    const mention = await recordLeak(
      server,
      creator.userId,
      'https://ripe-leaks.example/thread/42',
      'mention',
    );
    expect(mention.takedownId).toBeNull();
    await review(creator, mention.findingId, 'confirm');
    expect(await takedownOf(server, mention.findingId)).toMatchObject({
      kind: 'leak',
      pageUrl: 'https://ripe-leaks.example/thread/42',
    });

    const rejected = await recordLeak(
      server,
      creator.userId,
      'https://ripe-leaks.example/thread/43',
      'mention',
    );
    await review(creator, rejected.findingId, 'reject');
    expect(await takedownOf(server, rejected.findingId)).toBeUndefined();
  });

  it('closes the takedown of a finding whitelisted before any notice went out', async () => {
    const creator = await testCreator(server);
    const leak = await recordLeak(
      server,
      creator.userId,
      'https://leaky-tube.example/my-own-promo',
    );
    await review(creator, leak.findingId, 'whitelist');
    const closed = await takedownReaches(server, leak.takedownId!, ['closed']);
    expect(closed.closedReason).toBe('withdrawn');
    const shown = await detail(creator, leak.takedownId!);
    expect(shown.events.map((e) => e.to)).toEqual(['confirmed', 'closed']);
  });

  it("reports an impersonating profile to the platform's impersonation channel, as a prepared form", async () => {
    const creator = await testCreator(server);
    await signAuthorization(creator);
    const recorded = await server.services.findings.record({
      userId: creator.userId,
      scanId: null,
      kind: 'impersonation',
      pageUrl: 'https://www.instagram.com/lunavale.official/',
      source: 'catalog:instagram',
      site: { id: 'instagram', name: 'Instagram', kind: 'social-network' },
      confidence: 0.95,
      impersonation: {
        platform: 'instagram',
        username: 'lunavale.official',
        displayName: 'Luna Vale',
        reasons: ['uses-name', 'username-variant'],
      },
    });
    expect(recorded.status).toBe('confirmed');
    const opened = (await takedownOf(server, recorded.id))!;
    expect(opened.kind).toBe('impersonation');
    const view = await waitFor(
      async () => {
        const shown = await detail(creator, opened.id);
        return shown.notices.length > 0 && shown;
      },
      { what: 'the impersonation report' },
    );
    expect(view.recipients).toEqual([
      expect.objectContaining({
        level: 0,
        role: 'site',
        name: 'Instagram',
        channel: 'form',
        address: 'https://help.instagram.com/contact/636276399721841',
        source: 'catalog:instagram:impersonation',
      }),
    ]);
    expect(view.notices[0]).toMatchObject({
      kind: 'impersonation',
      channel: 'form',
      form: { status: 'open' },
      hasPdf: true,
    });
    const task = await server.services.enforcement.forms.show(
      (await server.services.enforcement.forms.list()).find(
        (t) => t.creatorEmail === creator.email,
      )!.id,
    );
    const text = task.fields.map((f) => `${f.label}: ${f.value}`).join('\n');
    expect(text).toContain('https://www.instagram.com/lunavale.official/');
    expect(text).toContain('https://onlyfans.com/lunavale');
    expect(text).toContain(LEGAL_NAME);
    expect(text).not.toContain(HOME_ADDRESS.addressLine1);
    // Never delisted: a profile is reported to its platform, not to search engines.
    expect(view.delisting).toEqual([]);
  });

  it('shows a takedown to its owner only', async () => {
    const owner = await testCreator(server);
    const other = await testCreator(server);
    const leak = await recordLeak(server, owner.userId, 'https://leaky-tube.example/watch/private');
    expect((await other.browser.get(`/api/takedowns/${leak.takedownId}`)).status).toBe(404);
    expect((await new TestClient(server.url).get(`/api/takedowns/${leak.takedownId}`)).status).toBe(
      401,
    );
    expect((await owner.browser.get('/api/takedowns/no-such-takedown')).status).toBe(404);
  });

  it('needs the takedown report’s subscription: the same 403 as the list, before any id is looked up', async () => {
    const owner = await testCreator(server);
    const leak = await recordLeak(server, owner.userId, 'https://leaky-tube.example/watch/lapsed');
    const paths = [
      `/api/takedowns/${leak.takedownId}`,
      `/api/takedowns/${leak.takedownId}/notices/n_missing.pdf`,
      '/api/takedowns/no-such-takedown',
    ];
    expect((await owner.browser.get(paths[0]!)).status).toBe(200);

    // Her subscription ends: her own takedown is answered as the report is.
    await server.services.accounts.grant(owner.email, { status: 'former' });
    const list = await owner.browser.get<{ code: string; message: string }>('/api/takedowns');
    expect(list.status).toBe(403);
    expect(list.body.message).toMatch(/needs an active subscription/);
    for (const path of paths) {
      const response = await owner.browser.get(path);
      expect(response.status, path).toBe(403);
      expect(response.body, path).toEqual(list.body);
    }

    // A free account gets the same answer for another account's takedown: nothing says it exists.
    const free = await testCreator(server);
    await server.services.accounts.grant(free.email, { status: 'free' });
    expect((await free.browser.get('/api/takedowns')).body).toEqual(list.body);
    for (const path of paths) {
      const response = await free.browser.get(path);
      expect(response.status, path).toBe(403);
      expect(response.body, path).toEqual(list.body);
    }
    // Subscribed, the other account sees a 404; the owner, subscribed again, her takedown.
    await server.services.accounts.grant(free.email, { status: 'subscribed', plan: 'standard' });
    expect((await free.browser.get(paths[0]!)).status).toBe(404);
    await server.services.accounts.grant(owner.email, { status: 'subscribed', plan: 'premium' });
    expect((await owner.browser.get(paths[0]!)).status).toBe(200);
  });
});

describe('recipients, notices and delisting', () => {
  let creator: TestCreator;
  let tube1: string;
  let tube2: string;
  let sameNetwork: string;
  let ripe: string;
  let cdn: string;

  beforeAll(async () => {
    creator = await testCreator(server);
    tube1 = (await recordLeak(server, creator.userId, 'https://leaky-tube.example/watch/1001'))
      .takedownId!;
    tube2 = (await recordLeak(server, creator.userId, 'https://leaky-tube.example/watch/1002'))
      .takedownId!;
    sameNetwork = (await recordLeak(server, creator.userId, 'https://second-leaks.example/v/7'))
      .takedownId!;
    ripe = (await recordLeak(server, creator.userId, 'https://ripe-leaks.example/gallery/9'))
      .takedownId!;
    cdn = (await recordLeak(server, creator.userId, 'https://cdn-leaks.example/post/5'))
      .takedownId!;
    for (const id of [tube1, tube2, sameNetwork, ripe, cdn]) await resolved(id);
  });

  it('finds the host from an ARIN-style and a RIPE-style RDAP answer, Cloudflare by its ranges, then the registrar', async () => {
    const tube = await detail(creator, tube1);
    expect(tube.recipients.map((r) => [r.level, r.role, r.channel, r.address])).toEqual([
      [0, 'host', 'email', ARIN_ABUSE],
      [1, 'registrar', 'email', REGISTRAR_ABUSE],
    ]);
    expect(tube.recipients[0]!.source).toMatch(
      /^rdap:http:\/\/127\.0\.0\.1:\d+\/arin\/ip\/198\.51\.100\.7$/,
    );
    expect(tube.recipients[0]!.isCurrent).toBe(true);

    const ripeView = await detail(creator, ripe);
    expect(ripeView.recipients[0]).toMatchObject({
      level: 0,
      role: 'host',
      channel: 'email',
      address: RIPE_ABUSE,
    });
    expect(ripeView.recipients[0]!.source).toContain('/ripe/ip/203.0.113.9');

    const cdnView = await detail(creator, cdn);
    expect(cdnView.recipients[0]).toMatchObject({
      level: 0,
      role: 'cdn',
      name: 'Cloudflare, Inc.',
      channel: 'form',
      address: 'https://abuse.cloudflare.com/',
      source: 'cdn:cloudflare',
    });
    expect(cdnView.recipients.at(-1)).toMatchObject({
      role: 'registrar',
      address: REGISTRAR_ABUSE,
    });
    expect(rdap.requests).toEqual(
      expect.arrayContaining([
        '/arin/ip/198.51.100.7',
        '/ripe/ip/203.0.113.9',
        '/verisign/domain/leaky-tube.example',
      ]),
    );
  });

  it('sends nothing while the creator has not signed her authorisation', async () => {
    for (const id of [tube1, ripe, cdn]) {
      const view = await detail(creator, id);
      expect(view).toMatchObject({
        status: 'confirmed',
        isWaitingForAuthorization: true,
        isResolvingRecipients: false,
        notices: [],
      });
    }
    const notices = await db().select().from(notice).where(eq(notice.userId, creator.userId));
    expect(notices).toHaveLength(0);
    // The notice job itself, run now, finds no authorisation and writes nothing.
    expect(await server.services.enforcement.notices.notify(creator.userId, ARIN_ABUSE)).toEqual({
      waiting: 'authorization',
    });
    expect(await noticeMails(ARIN_ABUSE)).toHaveLength(0);
  });

  it('after she signs, sends one notice per recipient grouping its URLs, with every §512(c)(3)(A) element and without her address', async () => {
    const waiting = await creator.browser.get<{ waitingTakedowns: number }>('/api/authorization');
    expect(waiting.body.waitingTakedowns).toBe(5);
    await signAuthorization(creator);

    const [mail] = await waitFor(
      async () => {
        const mails = await noticeMails(ARIN_ABUSE);
        return mails.length > 0 && mails;
      },
      { what: 'the notice to the ARIN host' },
    );
    await takedownReaches(server, tube1, ['notice_sent']);
    expect(await noticeMails(ARIN_ABUSE)).toHaveLength(1);

    // Three URLs on two hosts of one network: one recipient, one notice.
    for (const url of [
      'https://leaky-tube.example/watch/1001',
      'https://leaky-tube.example/watch/1002',
      'https://second-leaks.example/v/7',
    ]) {
      expect(mail!.text).toContain(url);
    }
    expect(mail!.subject).toMatch(/\S/);
    expect(mail!.from).toBe('Shark <no-reply@shark.example>');
    expect(mail!.replyTo).toBe('dmca@shark.example');
    const [row] = await db()
      .select()
      .from(outboxMessage)
      .innerJoin(notice, eq(notice.id, outboxMessage.noticeId))
      .where(and(eq(notice.userId, creator.userId), eq(notice.address, ARIN_ABUSE)));
    expect(mail!.messageId).toBe(row!.outbox_message.messageId);
    expect(mail!.file).toBe(`notice-${row!.outbox_message.id}.eml`);

    // §512(c)(3)(A): (i) signature, (ii) the works, (iii) the material, (iv) contact, (v) good faith, (vi) accuracy and authority.
    const text = mail!.text.replace(/\s+/g, ' ');
    expect(text).toContain(
      `/s/ Jordan Reyes, on behalf of Shark, authorised agent of ${LEGAL_NAME}`,
    );
    expect(text).toMatch(
      /The works are original photographs and videos created by Luna Maria Vale/,
    );
    expect(text).toContain('https://onlyfans.com/lunavale');
    expect(text).toMatch(/3 items at leaky-tube\.example and second-leaks\.example/);
    expect(text).toContain('dmca@shark.example');
    expect(text).toContain('548 Market Street');
    expect(text).toContain(GOOD_FAITH_STATEMENT);
    expect(text).toContain(ACCURACY_AUTHORITY_STATEMENT);
    for (const part of [HOME_ADDRESS.addressLine1, HOME_ADDRESS.city, HOME_ADDRESS.postalCode]) {
      expect(mail!.text).not.toContain(part);
      expect(mail!.html).not.toContain(part);
    }
    const [pdf] = mail!.attachments;
    expect(pdf).toMatchObject({ mimeType: 'application/pdf' });
    expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');

    // The RIPE host gets its own notice; the Cloudflare form gets a task, not a mail.
    await waitFor(async () => (await noticeMails(RIPE_ABUSE)).length === 1, {
      what: 'the notice to the RIPE host',
    });
    const cdnView = await waitFor(
      async () => {
        const view = await detail(creator, cdn);
        return view.notices.length > 0 && view;
      },
      { what: 'the Cloudflare form task' },
    );
    expect(cdnView.notices[0]).toMatchObject({
      channel: 'form',
      address: 'https://abuse.cloudflare.com/',
      delivery: null,
      form: { status: 'open' },
      sentAt: null,
    });
    expect(cdnView.status).toBe('confirmed');
  });

  it('moves the takedowns to notice_sent with their response window, and shows the notice, its PDF and delisting', async () => {
    const before = Date.now();
    const sent = await takedownReaches(server, tube2, ['notice_sent']);
    expect(sent.responseDueAt!.getTime() - sent.noticeSentAt!.getTime()).toBe(72 * 3600_000);
    expect(sent.nextCheckAt!.getTime() - sent.noticeSentAt!.getTime()).toBe(24 * 3600_000);
    expect(sent.noticeSentAt!.getTime()).toBeLessThanOrEqual(before);

    const view = await detail(creator, tube2);
    expect(view.status).toBe('notice_sent');
    expect(view.isWaitingForAuthorization).toBe(false);
    expect(view.events.map((e) => e.to)).toEqual(['confirmed', 'notice_sent']);
    expect(view.events[1]!.detail).toContain(ARIN_ABUSE);
    expect(view.notices).toHaveLength(1);
    const [shown] = view.notices;
    expect(shown).toMatchObject({
      kind: 'dmca',
      level: 0,
      role: 'host',
      channel: 'email',
      address: ARIN_ABUSE,
      itemCount: 3,
      hasPdf: true,
      delivery: { status: 'sent', attempts: 1, lastError: null },
    });
    expect(view.delisting.map((d) => [d.engine, d.status, d.url])).toEqual([
      ['bing', 'queued', 'https://leaky-tube.example/watch/1002'],
      ['google', 'queued', 'https://leaky-tube.example/watch/1002'],
    ]);

    const pdf = await fetch(
      new URL(`/api/takedowns/${tube2}/notices/${shown!.id}.pdf`, server.url),
      {
        headers: { cookie: [...creator.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const stranger = await testCreator(server);
    expect(
      (await stranger.browser.get(`/api/takedowns/${tube2}/notices/${shown!.id}.pdf`)).status,
    ).toBe(404);
    expect(
      (await creator.browser.get(`/api/takedowns/${ripe}/notices/${shown!.id}.pdf`)).status,
    ).toBe(404);
  });

  it('never makes a second notice for a takedown and level when the job runs again', async () => {
    const count = async () =>
      (
        await db()
          .select()
          .from(noticeItem)
          .where(inArray(noticeItem.takedownId, [tube1, tube2, sameNetwork]))
      ).length;
    expect(await count()).toBe(3);
    await Promise.all([
      server.services.enforcement.notices.notify(creator.userId, ARIN_ABUSE),
      server.services.enforcement.notices.notify(creator.userId, ARIN_ABUSE),
    ]);
    expect(await count()).toBe(3);
    expect(await noticeMails(ARIN_ABUSE)).toHaveLength(1);
  });

  it("writes each engine's delisting file for the day, once", async () => {
    const day = utcDay(new Date());
    const result = await server.services.enforcement.delisting.batch(day);
    expect(result.batches).toHaveLength(2);
    const google = (
      await buffer(await server.services.storage.read(delistingFileKeyOf('google', day)))
    ).toString('utf8');
    const lines = google.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Infringing URL,Copyrighted work,Authorized example of the work (URL),Copyright owner,Reporting organization,Notice ID',
    );
    const mine = lines.filter((line) => line.includes(LEGAL_NAME));
    // The URLs of the notices sent so far (the ARIN and RIPE hosts' and Cloudflare's form): five.
    expect(mine).toHaveLength(5);
    expect(mine.find((line) => line.startsWith('https://leaky-tube.example/watch/1001,'))).toMatch(
      /https:\/\/onlyfans\.com\/lunavale,Luna Maria Vale,Shark,ntc_[0-9a-f]{16}$/,
    );
    const bing = (
      await buffer(await server.services.storage.read(delistingFileKeyOf('bing', day)))
    ).toString('utf8');
    expect(bing.split('\r\n')[0]).toBe(
      'Infringing URL,Search type,Title of the copyrighted work,URL of the original work,Copyright owner,Reporting organization,Notice ID',
    );

    const batches = await db().select().from(delistingBatch).where(eq(delistingBatch.day, day));
    expect(batches.map((b) => b.engine).sort()).toEqual(['bing', 'google']);
    const requests = await db()
      .select()
      .from(delistingRequest)
      .where(eq(delistingRequest.takedownId, tube1));
    expect(requests.map((r) => r.status)).toEqual(['batched', 'batched']);
    expect((await detail(creator, tube1)).delisting.map((d) => [d.status, d.batchDay])).toEqual([
      ['batched', day],
      ['batched', day],
    ]);
    // Run again (a retried job): the day is done.
    expect((await server.services.enforcement.delisting.batch(day)).batches).toEqual([]);
    expect(
      await db().select().from(delistingBatch).where(eq(delistingBatch.day, day)),
    ).toHaveLength(2);
  });

  it('sends no new notice once she revokes; signing again sends it', async () => {
    const revoked = await creator.browser.request('DELETE', '/api/authorization');
    expect(revoked.status).toBe(200);
    const late = (
      await recordLeak(server, creator.userId, 'https://ripe-leaks.example/gallery/late')
    ).takedownId!;
    await resolved(late);
    // The job runs (sent when the recipients were found) and finds no authorisation.
    expect(await server.services.enforcement.notices.notify(creator.userId, RIPE_ABUSE)).toEqual({
      waiting: 'authorization',
    });
    expect((await detail(creator, late)).isWaitingForAuthorization).toBe(true);
    expect(await noticeMails(RIPE_ABUSE)).toHaveLength(1);

    await signAuthorization(creator);
    await waitFor(async () => (await noticeMails(RIPE_ABUSE)).length === 2, {
      what: 'the late notice',
    });
    const lateMail = (await noticeMails(RIPE_ABUSE)).find((m) =>
      m.text.includes('https://ripe-leaks.example/gallery/late'),
    );
    expect(lateMail?.text).not.toContain('https://ripe-leaks.example/gallery/9');
  });
});
