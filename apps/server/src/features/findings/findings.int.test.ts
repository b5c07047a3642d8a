// Findings on the test database (PGlite, or Postgres with SHARK_TEST_DB=postgres): one finding per page
// and reference however its address is written or however many workers record it at once; the
// whitelist at record time, through review and from the whitelist screen; automatic confirmation;
// the review list's pages, filters and counts; thumbnails (blurred before payment); and the API's
// sign-in, entitlement and per-account checks.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { getRequestListener } from '@hono/node-server';
import { OpenAPIHono } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTO_CONFIRM_CONFIDENCE,
  type FindingPage,
  type ReviewFindingResult,
} from '@shark/contracts/findings.ts';
import { finding, referenceFile, scan, user } from '@shark/db/schema.ts';
import { AppError } from '#server/http/app-error.ts';
import { createLogger } from '#server/http/logger.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';
import type { Entitled } from '#server/features/entitlements/entitlements.ts';
import {
  createFindingService,
  type FindingService,
  type RecordFindingInput,
} from './finding-service.ts';
import { createFindingRepository } from './finding-repository.ts';
import { findingRoutes } from './findings-routes.ts';
import { createReuploadRepository } from './reupload-repository.ts';

let server: TestServer;
let findings: FindingService;
let api: { url: string; close: () => Promise<void> };
const siteNames: Record<string, string> = { 'tube-one': 'Tube One', 'social-one': 'Social One' };

/** The findings routes on a small app of their own, with the main app's error mapping. */
async function serveRoutes(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = new OpenAPIHono();
  app.route(
    '/api',
    findingRoutes({
      auth: server.services.auth,
      findings,
      entitlements: server.services.entitlements,
    }),
  );
  app.onError((error, c) => {
    if (error instanceof AppError) return c.json(error.toBody(), error.status);
    return c.json({ code: 'INTERNAL', message: String(error) }, 500);
  });
  const listener = getRequestListener(app.fetch);
  const http: Server = createServer((req, res) => void listener(req, res));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

beforeAll(async () => {
  server = await startTestServer({}, { workers: false });
  findings = createFindingService({
    findings: createFindingRepository(server.services.database.db),
    reuploads: createReuploadRepository(server.services.database.db),
    storage: server.services.storage,
    whitelist: server.services.whitelist,
    logger: createLogger('silent'),
    siteName: (id) => siteNames[id],
  });
  api = await serveRoutes();
});

afterAll(async () => {
  await api?.close();
  await server?.close();
});

const db = () => server.services.database.db;
let counter = 0;

/** A subscribed creator (the review's whitelist action adds entries within the plan's limit). */
async function creator(): Promise<{ id: string; email: string; entitled: Entitled }> {
  const email = `findings${++counter}-${Date.now()}@example.com`;
  const { user: created } = await server.services.auth.api.signUpEmail({
    body: { name: email, email, password: 'findings pass 1' },
  });
  await server.services.accounts.grant(email, { status: 'subscribed', plan: 'premium' });
  return {
    id: created.id,
    email,
    entitled: await server.services.entitlements.require(created.id, 'setup'),
  };
}

async function newScan(
  userId: string,
  trigger: 'manual' | 'onboarding' = 'manual',
): Promise<string> {
  const id = randomUUID();
  // Finished: a creator has at most one queued or running scan.
  await db().insert(scan).values({ id, userId, trigger, status: 'completed' });
  return id;
}

async function reference(userId: string, name = 'beach.jpg'): Promise<string> {
  const id = `rf_${randomUUID()}`;
  await db()
    .insert(referenceFile)
    .values({
      id,
      userId,
      originalName: name,
      sizeBytes: 10,
      status: 'ready',
      storageKey: `reference-files/${userId}/${id}`,
    });
  return id;
}

function leak(
  userId: string,
  scanId: string,
  referenceFileId: string,
  over: Partial<RecordFindingInput> = {},
): RecordFindingInput {
  return {
    userId,
    scanId,
    kind: 'leak',
    pageUrl: 'https://www.tube.example/watch/123',
    mediaUrl: 'https://cdn.tube.example/123.jpg',
    pageTitle: 'Leaked set',
    source: 'brave-web',
    site: { id: 'tube-one', kind: 'tube' },
    referenceFileId,
    distance: 40,
    confidence: 0.7,
    mediaSha256: 'a'.repeat(64),
    ...over,
  };
}

async function rowsOf(userId: string) {
  return db().select().from(finding).where(eq(finding.userId, userId)).orderBy(finding.firstSeenAt);
}

async function rowOf(id: string) {
  const [row] = await db().select().from(finding).where(eq(finding.id, id));
  return row!;
}

describe('recording', () => {
  it('records one finding per page and reference, however the address is written', async () => {
    const me = await creator();
    const first = await newScan(me.id);
    const second = await newScan(me.id);
    const ref = await reference(me.id);
    const made = await findings.record(leak(me.id, first, ref));
    expect(made).toMatchObject({ created: true, status: 'pending_review' });

    for (const pageUrl of [
      'https://www.tube.example/watch/123',
      'http://tube.example/watch/123/',
      'https://TUBE.example/watch/123?utm_source=twitter&fbclid=abc#comments',
    ]) {
      expect(
        await findings.record(leak(me.id, second, ref, { pageUrl, mediaSha256: null })),
      ).toEqual({ id: made.id, created: false, status: 'pending_review' });
    }
    const rows = await rowsOf(me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      firstScanId: first,
      lastScanId: second,
      pageUrl: 'https://www.tube.example/watch/123',
    });
    expect(rows[0]!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(rows[0]!.firstSeenAt.getTime());

    // Another reference on the page, or another page (a parameter that chooses the page counts), is another finding.
    const other = await reference(me.id, 'pool.jpg');
    expect(
      (await findings.record(leak(me.id, second, other, { mediaSha256: 'b'.repeat(64) }))).created,
    ).toBe(true);
    expect(
      (
        await findings.record(
          leak(me.id, second, ref, { pageUrl: 'https://tube.example/watch/123?v=2' }),
        )
      ).created,
    ).toBe(true);
    expect(await rowsOf(me.id)).toHaveLength(3);

    // A reference that is not the creator's (or was deleted while the scan ran) is not shown as evidence.
    const stranger = await creator();
    const theirs = await reference(stranger.id, 'private.jpg');
    const foreign = await findings.record(
      leak(me.id, second, theirs, { pageUrl: 'https://tube.example/watch/777' }),
    );
    expect((await findings.get(me.id, foreign.id)).reference).toBeNull();
  });

  it('treats the same bytes on the same page as the same finding, whatever reference they matched', async () => {
    const me = await creator();
    const scanId = await newScan(me.id);
    const [a, b] = [await reference(me.id, 'a.jpg'), await reference(me.id, 'b.jpg')];
    const made = await findings.record(
      leak(me.id, scanId, a, { mediaSha256: 'c'.repeat(64), confidence: 0.6, distance: 60 }),
    );
    const again = await findings.record(
      leak(me.id, scanId, b, {
        pageUrl: 'http://tube.example/watch/123',
        mediaSha256: 'c'.repeat(64),
        confidence: 0.8,
        distance: 20,
      }),
    );
    expect(again).toEqual({ id: made.id, created: false, status: 'pending_review' });
    // The stronger match is the evidence now; a weaker one later does not lower it.
    expect(await rowOf(made.id)).toMatchObject({
      referenceFileId: b,
      confidence: 0.8,
      distance: 20,
    });
    await findings.record(
      leak(me.id, scanId, a, { mediaSha256: 'c'.repeat(64), confidence: 0.5, distance: 90 }),
    );
    expect(await rowOf(made.id)).toMatchObject({
      referenceFileId: b,
      confidence: 0.8,
      distance: 20,
    });
    // The same bytes on another page are another leak.
    expect(
      (
        await findings.record(
          leak(me.id, scanId, a, {
            pageUrl: 'https://mirror.example/p/1',
            mediaSha256: 'c'.repeat(64),
          }),
        )
      ).created,
    ).toBe(true);
  });

  it('keeps the creator’s review when a finding is seen again; a stronger match confirms an unreviewed one', async () => {
    const me = await creator();
    const scanId = await newScan(me.id);
    const ref = await reference(me.id);
    const rejected = await findings.record(
      leak(me.id, scanId, ref, { pageUrl: 'https://a.example/1' }),
    );
    await findings.review(me.entitled, rejected.id, 'reject');
    expect(
      (
        await findings.record(
          leak(me.id, scanId, ref, { pageUrl: 'https://a.example/1', confidence: 0.99 }),
        )
      ).status,
    ).toBe('rejected');

    const pending = await findings.record(
      leak(me.id, scanId, ref, { pageUrl: 'https://a.example/2' }),
    );
    expect(pending.status).toBe('pending_review');
    expect(
      await findings.record(
        leak(me.id, scanId, ref, { pageUrl: 'https://a.example/2', confidence: 0.97, distance: 8 }),
      ),
    ).toEqual({
      id: pending.id,
      created: false,
      status: 'confirmed',
    });
    expect(await rowOf(pending.id)).toMatchObject({
      reviewedBy: 'auto',
      confidence: 0.97,
      distance: 8,
    });
  });

  it('confirms sure leaks and impersonations automatically; mentions always wait for review', async () => {
    const me = await creator();
    const scanId = await newScan(me.id);
    const ref = await reference(me.id);
    const at = await findings.record(
      leak(me.id, scanId, ref, {
        pageUrl: 'https://b.example/at',
        confidence: AUTO_CONFIRM_CONFIDENCE,
      }),
    );
    const below = await findings.record(
      leak(me.id, scanId, ref, {
        pageUrl: 'https://b.example/below',
        confidence: AUTO_CONFIRM_CONFIDENCE - 0.001,
      }),
    );
    const mention = await findings.record({
      userId: me.id,
      scanId,
      kind: 'mention',
      pageUrl: 'https://b.example/talk',
      source: 'brave-web',
      confidence: 1,
    });
    const impersonation = await findings.record({
      userId: me.id,
      scanId,
      kind: 'impersonation',
      pageUrl: 'https://social.example/alice_vip',
      source: 'catalog:social-one',
      site: { id: 'social-one', kind: 'social-network' },
      confidence: 0.95,
      impersonation: {
        platform: 'social-one',
        username: 'Alice_VIP',
        displayName: 'Alice',
        reasons: ['uses-name', 'username-variant'],
      },
    });
    expect([at.status, below.status, mention.status, impersonation.status]).toEqual([
      'confirmed',
      'pending_review',
      'pending_review',
      'confirmed',
    ]);
    expect(await rowOf(at.id)).toMatchObject({ reviewedBy: 'auto' });
    expect((await rowOf(at.id)).reviewedAt).toBeInstanceOf(Date);
    expect(await rowOf(below.id)).toMatchObject({ reviewedBy: null, reviewedAt: null });
    // The same profile under another spelling of its name is the same impersonator.
    expect(
      await findings.record({
        userId: me.id,
        scanId,
        kind: 'impersonation',
        pageUrl: 'https://social.example/Alice_VIP',
        source: 'catalog:social-one',
        site: { id: 'social-one', kind: 'social-network' },
        confidence: 0.95,
        impersonation: {
          platform: 'social-one',
          username: 'alice_vip',
          displayName: 'Alice',
          reasons: ['uses-name'],
        },
      }),
    ).toEqual({ ...impersonation, created: false });
  });

  it('adds nothing for a mention of a page with a leak, and lets a leak replace an unreviewed mention', async () => {
    const me = await creator();
    const scanId = await newScan(me.id);
    const ref = await reference(me.id);
    const mention = (pageUrl: string) =>
      findings.record({
        userId: me.id,
        scanId,
        kind: 'mention',
        pageUrl,
        source: 'catalog:forum',
        confidence: 0.5,
      });

    const leaked = await findings.record(
      leak(me.id, scanId, ref, { pageUrl: 'https://c.example/thread/1' }),
    );
    expect(await mention('http://www.c.example/thread/1/')).toEqual({ ...leaked, created: false });
    expect((await rowsOf(me.id)).map((r) => r.kind)).toEqual(['leak']);

    const named = await mention('https://c.example/thread/2');
    expect(named.created).toBe(true);
    const later = await findings.record(
      leak(me.id, scanId, ref, {
        pageUrl: 'https://c.example/thread/2',
        mediaSha256: 'd'.repeat(64),
      }),
    );
    expect(later.created).toBe(true);
    expect((await rowsOf(me.id)).map((r) => [r.kind, r.normalizedUrl])).toEqual([
      ['leak', 'c.example/thread/1'],
      ['leak', 'c.example/thread/2'],
    ]);
  });

  it('records one finding when several workers record it at once', async () => {
    const me = await creator();
    const scanId = await newScan(me.id);
    const [a, b] = [await reference(me.id, 'a.jpg'), await reference(me.id, 'b.jpg')];
    const spellings = [
      'https://www.d.example/v/9',
      'http://d.example/v/9',
      'https://d.example/v/9/?utm_campaign=x',
      'https://D.example/v/9#top',
    ];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        findings.record(
          leak(me.id, scanId, i % 2 === 0 ? a : b, {
            pageUrl: spellings[i % spellings.length]!,
            mediaSha256: 'e'.repeat(64),
            confidence: 0.5 + i / 100,
          }),
        ),
      ),
    );
    // Same page, same bytes: one leak, created once, with the strongest of the matches.
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    const rows = await rowsOf(me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.confidence).toBeCloseTo(0.61);

    // A mention and a leak of one page at once: the leak either way, never both.
    const page = 'https://d.example/v/10';
    const mixed = await Promise.all([
      findings.record({
        userId: me.id,
        scanId,
        kind: 'mention',
        pageUrl: page,
        source: 's',
        confidence: 0.4,
      }),
      findings.record(leak(me.id, scanId, a, { pageUrl: page, mediaSha256: 'f'.repeat(64) })),
      findings.record({
        userId: me.id,
        scanId,
        kind: 'mention',
        pageUrl: page,
        source: 's',
        confidence: 0.4,
      }),
    ]);
    const onPage = (await rowsOf(me.id)).filter((r) => r.normalizedUrl === 'd.example/v/10');
    expect(onPage.map((r) => r.kind)).toEqual(['leak']);
    expect(mixed[1].id).toBe(onPage[0]!.id);
  });
});

describe('whitelist', () => {
  it('records a covered page, or covered media, as whitelisted and never confirms it', async () => {
    const me = await creator();
    const scanId = await newScan(me.id);
    const ref = await reference(me.id);
    const domain = await server.services.whitelist.add(me.entitled, { value: 'my-promo.example' });
    const cdn = await server.services.whitelist.add(me.entitled, {
      value: 'partner-cdn.example/me/*',
    });
    const page = await findings.record(
      leak(me.id, scanId, ref, {
        pageUrl: 'https://shop.my-promo.example/set/1',
        confidence: 0.99,
      }),
    );
    expect(page.status).toBe('whitelisted');
    expect(await rowOf(page.id)).toMatchObject({ whitelistEntryId: domain.id, reviewedBy: null });
    const media = await findings.record(
      leak(me.id, scanId, ref, {
        pageUrl: 'https://blog.example/p',
        mediaUrl: 'https://partner-cdn.example/me/1.jpg',
      }),
    );
    expect(await rowOf(media.id)).toMatchObject({
      status: 'whitelisted',
      whitelistEntryId: cdn.id,
    });
    const list = await findings.list(me.id, { status: 'whitelisted' });
    expect(list.findings.map((f) => [f.id, f.whitelistedBy])).toEqual(
      expect.arrayContaining([
        [page.id, 'my-promo.example'],
        [media.id, 'partner-cdn.example/me/*'],
      ]),
    );
  });

  it('whitelists a page through review, with every open finding the entry covers', async () => {
    const me = await creator();
    const scanId = await newScan(me.id);
    const [a, b] = [await reference(me.id, 'a.jpg'), await reference(me.id, 'b.jpg')];
    const reviewed = await findings.record(
      leak(me.id, scanId, a, { pageUrl: 'https://e.example/gallery?id=5&utm_source=x' }),
    );
    const sameCopy = await findings.record(
      leak(me.id, scanId, b, {
        pageUrl: 'http://www.e.example/gallery/?id=5',
        mediaSha256: '1'.repeat(64),
        confidence: 0.95,
      }),
    );
    const rejected = await findings.record(
      leak(me.id, scanId, a, {
        pageUrl: 'https://e.example/gallery?id=5',
        mediaSha256: '2'.repeat(64),
        referenceFileId: null,
      }),
    );
    await findings.review(me.entitled, rejected.id, 'reject');
    const elsewhere = await findings.record(
      leak(me.id, scanId, a, { pageUrl: 'https://e.example/gallery?id=6' }),
    );

    const result = await findings.review(me.entitled, reviewed.id, 'whitelist');
    expect(result.finding).toMatchObject({
      id: reviewed.id,
      status: 'whitelisted',
      reviewedBy: 'creator',
      whitelistedBy: 'e.example/gallery?id=5',
    });
    expect(result.alsoWhitelisted).toBe(1);
    const { entries } = await server.services.whitelist.list(me.id);
    expect(entries.map((e) => [e.kind, e.value])).toEqual([['url', 'e.example/gallery?id=5']]);
    expect((await rowOf(sameCopy.id)).status).toBe('whitelisted');
    expect((await rowOf(rejected.id)).status).toBe('rejected');
    expect((await rowOf(elsewhere.id)).status).toBe('pending_review');

    // Whitelisting again, or another finding the entry covers already, adds no second entry.
    await findings.review(me.entitled, reviewed.id, 'whitelist');
    await findings.review(me.entitled, rejected.id, 'whitelist');
    expect((await server.services.whitelist.list(me.id)).entries).toHaveLength(1);
    expect((await rowOf(rejected.id)).status).toBe('whitelisted');

    // A whitelisted finding is never confirmed by hand: its entry goes first.
    await expect(findings.review(me.entitled, reviewed.id, 'confirm')).rejects.toMatchObject({
      code: 'CONFLICT',
      status: 409,
    });
    await expect(findings.review(me.entitled, reviewed.id, 'reject')).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('follows entries added and removed on the whitelist screen', async () => {
    const me = await creator();
    const scanId = await newScan(me.id);
    const ref = await reference(me.id);
    const sure = await findings.record(
      leak(me.id, scanId, ref, { pageUrl: 'https://f.example/a', confidence: 0.95 }),
    );
    const unsure = await findings.record(
      leak(me.id, scanId, ref, { pageUrl: 'https://f.example/b' }),
    );
    const confirmed = await findings.record(
      leak(me.id, scanId, ref, { pageUrl: 'https://f.example/c' }),
    );
    await findings.review(me.entitled, confirmed.id, 'confirm');
    const other = await findings.record(
      leak(me.id, scanId, ref, { pageUrl: 'https://g.example/a' }),
    );
    // Seen by this process before the entry exists, so the change below is what it must notice.
    expect((await findings.list(me.id, {})).counts).toMatchObject({ whitelisted: 0 });

    const entry = await server.services.whitelist.add(me.entitled, { value: 'f.example' });
    const page = await findings.list(me.id, {});
    const statusOf = (id: string) => page.findings.find((f) => f.id === id)?.status;
    expect([
      statusOf(sure.id),
      statusOf(unsure.id),
      statusOf(confirmed.id),
      statusOf(other.id),
    ]).toEqual(['whitelisted', 'whitelisted', 'whitelisted', 'pending_review']);
    expect(page.counts).toEqual({ pending_review: 1, confirmed: 0, rejected: 0, whitelisted: 3 });

    // Removing the entry sends them back where a new finding would start.
    await server.services.whitelist.remove(me.id, entry.id);
    const after = await findings.list(me.id, {});
    expect(after.counts).toEqual({ pending_review: 3, confirmed: 1, rejected: 0, whitelisted: 0 });
    expect(await rowOf(sure.id)).toMatchObject({
      status: 'confirmed',
      reviewedBy: 'auto',
      whitelistEntryId: null,
    });
    // And a review right after a removal sees it too.
    const again = await server.services.whitelist.add(me.entitled, { value: 'f.example/b' });
    await server.services.whitelist.remove(me.id, again.id);
    expect((await findings.review(me.entitled, unsure.id, 'confirm')).finding.status).toBe(
      'confirmed',
    );
    // applyWhitelist is there for callers that want the change at once.
    await server.services.whitelist.add(me.entitled, { value: 'g.example' });
    expect(await findings.applyWhitelist(me.id)).toEqual({ whitelisted: [other.id], restored: 0 });
  });
});

describe('list, counts and the free scan summary', () => {
  it('pages newest first with an opaque cursor, filters, and counts by status over everything', async () => {
    const me = await creator();
    const [s1, s2] = [await newScan(me.id), await newScan(me.id)];
    const ref = await reference(me.id);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push(
        (
          await findings.record(
            leak(me.id, i < 4 ? s1 : s2, ref, {
              pageUrl: `https://h.example/${i}`,
              confidence: i === 0 ? 0.95 : 0.5,
            }),
          )
        ).id,
      );
    }
    const mention = await findings.record({
      userId: me.id,
      scanId: s2,
      kind: 'mention',
      pageUrl: 'https://h.example/talk',
      source: 's',
      confidence: 0.3,
    });
    await findings.review(me.entitled, ids[1]!, 'reject');

    const all = (await findings.list(me.id, { limit: 100 })).findings.map((f) => f.id);
    expect(all).toHaveLength(8);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page: FindingPage = await findings.list(me.id, { limit: 3, cursor });
      expect(page.findings.length).toBeLessThanOrEqual(3);
      expect(page.counts).toEqual({ pending_review: 6, confirmed: 1, rejected: 1, whitelisted: 0 });
      seen.push(...page.findings.map((f) => f.id));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(all);
    const times = (await findings.list(me.id, { limit: 100 })).findings.map((f) =>
      Date.parse(f.firstSeenAt),
    );
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    expect((await findings.list(me.id, { status: 'rejected' })).findings.map((f) => f.id)).toEqual([
      ids[1],
    ]);
    expect((await findings.list(me.id, { kind: 'mention' })).findings.map((f) => f.id)).toEqual([
      mention.id,
    ]);
    expect((await findings.list(me.id, { scanId: s1 })).findings.map((f) => f.id).sort()).toEqual(
      ids.slice(0, 4).sort(),
    );
    const shown = (await findings.list(me.id, { status: 'confirmed' })).findings[0]!;
    expect(shown).toMatchObject({
      id: ids[0],
      kind: 'leak',
      reviewedBy: 'auto',
      pageUrl: 'https://h.example/0',
      mediaUrl: 'https://cdn.tube.example/123.jpg',
      pageTitle: 'Leaked set',
      site: { id: 'tube-one', name: 'Tube One', kind: 'tube' },
      reference: { id: ref, name: 'beach.jpg' },
      distance: 40,
      confidence: 0.95,
      hasThumbnail: false,
      impersonation: null,
      whitelistedBy: null,
      source: 'brave-web',
    });
    // A page outside the catalog is named by its host.
    const outside = await findings.record(
      leak(me.id, s2, ref, { pageUrl: 'https://www.unknown-site.example/x', site: null }),
    );
    expect((await findings.get(me.id, outside.id)).site).toEqual({
      id: null,
      name: 'unknown-site.example',
      kind: 'other',
    });

    await expect(findings.list(me.id, { cursor: 'garbage' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      extra: { fields: { cursor: expect.any(String) } },
    });
  });

  it('counts a scan’s open findings by kind, and sums up the free scan with pictures first', async () => {
    const me = await creator();
    const scanId = await newScan(me.id, 'onboarding');
    const before = await newScan(me.id);
    await findings.record({
      userId: me.id,
      scanId: before,
      kind: 'mention',
      pageUrl: 'https://old.example/1',
      source: 's',
      confidence: 0.3,
    });
    const picture = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#c33' },
    })
      .png()
      .toBuffer();
    const mentions = [];
    for (let i = 0; i < 3; i++) {
      mentions.push(
        await findings.record({
          userId: me.id,
          scanId,
          kind: 'mention',
          pageUrl: `https://forum.example/t/${i}`,
          pageTitle: `Thread ${i}`,
          source: 'catalog:forum-one',
          site: { id: null, kind: 'forum' },
          confidence: 0.4,
          thumbnail: i === 2 ? picture : null,
        }),
      );
    }
    const imp = async (username: string) =>
      findings.record({
        userId: me.id,
        scanId,
        kind: 'impersonation',
        pageUrl: `https://social.example/${username}`,
        source: 'catalog:social-one',
        site: { id: 'social-one', kind: 'social-network' },
        confidence: 0.6,
        impersonation: {
          platform: 'social-one',
          username,
          displayName: null,
          reasons: ['username-variant'],
        },
      });
    await imp('alice.vip');
    await imp('alice_0fficial');
    const notMine = await imp('alice_fan');
    await findings.review(me.entitled, notMine.id, 'reject');
    await findings.record({
      userId: me.id,
      scanId,
      kind: 'mention',
      pageUrl: 'https://tg.example/c/1',
      source: 's',
      site: { id: null, kind: 'telegram-index' },
      confidence: 0.4,
    });

    expect(await findings.countByKindForScan(scanId)).toEqual({
      leak: 0,
      mention: 4,
      impersonation: 2,
      likeness: 0,
    });
    const summary = await findings.freeScanSummary(me.id, scanId);
    expect(summary.total).toBe(6);
    expect(summary.byKind).toEqual({ forum: 3, 'social-network': 2, 'telegram-index': 1 });
    expect(summary.examples).toHaveLength(4);
    expect(summary.examples[0]).toEqual({
      id: mentions[2]!.id,
      siteName: 'forum.example',
      siteKind: 'forum',
      title: 'Thread 2',
      hasThumbnail: true,
    });
    expect(summary.examples.slice(1).every((e) => !e.hasThumbnail)).toBe(true);
  });
});

describe('thumbnails', () => {
  /** Sharp edges everywhere: what a blur must remove. */
  const checkerboard = () => {
    const width = 800;
    const height = 600;
    const pixels = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++)
        pixels.fill(
          (Math.floor(x / 10) + Math.floor(y / 10)) % 2 === 0 ? 0 : 255,
          (y * width + x) * 3,
          (y * width + x + 1) * 3,
        );
    }
    return sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
  };

  /** Mean difference between neighbouring pixels: high for detail, near zero for a blur. */
  async function detail(jpeg: Buffer): Promise<number> {
    const { data, info } = await sharp(jpeg)
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let sum = 0;
    for (let y = 0; y < info.height; y++) {
      for (let x = 1; x < info.width; x++)
        sum += Math.abs(data[y * info.width + x]! - data[y * info.width + x - 1]!);
    }
    return sum / (info.height * (info.width - 1));
  }

  it('stores a small JPEG once per finding and keeps the first picture', async () => {
    const me = await creator();
    const scanId = await newScan(me.id);
    const ref = await reference(me.id);
    const made = await findings.record(
      leak(me.id, scanId, ref, { pageUrl: 'https://i.example/1', thumbnail: await checkerboard() }),
    );
    const row = await rowOf(made.id);
    expect(row.thumbnailKey).toBe(`findings/${me.id}/${made.id}.jpg`);
    const stored = await buffer(await server.services.storage.read(row.thumbnailKey!));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width, meta.height)).toBe(320);

    const red = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    await findings.record(
      leak(me.id, scanId, ref, { pageUrl: 'https://i.example/1', thumbnail: red }),
    );
    expect(await buffer(await server.services.storage.read(row.thumbnailKey!))).toEqual(stored);
    // A picture nobody can read costs the finding its thumbnail, not the finding.
    const broken = await findings.record(
      leak(me.id, scanId, ref, {
        pageUrl: 'https://i.example/2',
        thumbnail: Buffer.from('not a picture'),
      }),
    );
    expect(await rowOf(broken.id)).toMatchObject({ thumbnailKey: null });
  });

  it('serves the picture to its owner, blurred for a creator without a subscription', async () => {
    const paying = await signedInUser(server);
    await server.services.accounts.grant(paying.email, { status: 'subscribed', plan: 'standard' });
    const free = await signedInUser(server);
    const idOf = async (email: string) =>
      (await db().select().from(user).where(eq(user.email, email)))[0]!.id;
    const [payingId, freeId] = [await idOf(paying.email), await idOf(free.email)];
    const picture = await checkerboard();
    const record = async (userId: string) => {
      const scanId = await newScan(userId);
      return (
        await findings.record({
          userId,
          scanId,
          kind: 'mention',
          pageUrl: 'https://j.example/1',
          source: 's',
          confidence: 0.5,
          thumbnail: picture,
        })
      ).id;
    };
    const [paid, unpaid] = [await record(payingId), await record(freeId)];
    const client = (browser: TestClient) => {
      const c = new TestClient(api.url);
      for (const [k, v] of browser.cookies) c.cookies.set(k, v);
      return c;
    };
    const image = async (c: TestClient, path: string) => {
      const res = await fetch(new URL(path, api.url), {
        headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        cache: res.headers.get('cache-control'),
        body: Buffer.from(await res.arrayBuffer()),
      };
    };

    const clear = await image(client(paying.browser), `/api/findings/${paid}/thumbnail`);
    expect(clear).toMatchObject({ status: 200, type: 'image/jpeg', cache: 'private, no-cache' });
    const blurredOnRequest = await image(
      client(paying.browser),
      `/api/findings/${paid}/thumbnail?blur=1`,
    );
    const blurredForFree = await image(client(free.browser), `/api/findings/${unpaid}/thumbnail`);
    const freeAsksClear = await image(
      client(free.browser),
      `/api/findings/${unpaid}/thumbnail?blur=0`,
    );
    expect([blurredOnRequest.status, blurredForFree.status, freeAsksClear.status]).toEqual([
      200, 200, 200,
    ]);
    const sharpness = await detail(clear.body);
    expect(sharpness).toBeGreaterThan(40);
    for (const blurred of [blurredOnRequest, blurredForFree, freeAsksClear]) {
      expect((await sharp(blurred.body).metadata()).format).toBe('jpeg');
      expect(await detail(blurred.body)).toBeLessThan(sharpness / 10);
    }

    // Owner only: another account, an unknown id, a finding without a picture, and no session.
    expect((await image(client(free.browser), `/api/findings/${paid}/thumbnail`)).status).toBe(404);
    expect(
      (await image(client(paying.browser), `/api/findings/${randomUUID()}/thumbnail`)).status,
    ).toBe(404);
    const bare = (
      await findings.record({
        userId: payingId,
        scanId: await newScan(payingId),
        kind: 'mention',
        pageUrl: 'https://j.example/2',
        source: 's',
        confidence: 0.5,
      })
    ).id;
    expect((await image(client(paying.browser), `/api/findings/${bare}/thumbnail`)).status).toBe(
      404,
    );
    expect((await image(new TestClient(api.url), `/api/findings/${paid}/thumbnail`)).status).toBe(
      401,
    );
    expect(
      (await image(client(paying.browser), `/api/findings/${paid}/thumbnail?blur=yes`)).status,
    ).toBe(400);
  });
});

describe('the API', () => {
  async function subscriber() {
    const signed = await signedInUser(server);
    await server.services.accounts.grant(signed.email, { status: 'subscribed', plan: 'standard' });
    const c = new TestClient(api.url);
    for (const [k, v] of signed.browser.cookies) c.cookies.set(k, v);
    const [row] = await db().select().from(user).where(eq(user.email, signed.email));
    return { client: c, id: row!.id };
  }

  it('requires sign-in before reading input, and the set-up entitlement for the list and review', async () => {
    const anonymous = new TestClient(api.url);
    expect((await anonymous.get('/api/findings?limit=9999')).status).toBe(401);
    expect((await anonymous.post('/api/findings/x/review', { action: 'nonsense' })).status).toBe(
      401,
    );
    const free = await signedInUser(server);
    const c = new TestClient(api.url);
    for (const [k, v] of free.browser.cookies) c.cookies.set(k, v);
    expect(await c.get('/api/findings')).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    expect((await c.post('/api/findings/x/review', { action: 'confirm' })).status).toBe(403);
  });

  it('lists, reviews and refuses bad input and other accounts’ findings', async () => {
    const me = await subscriber();
    const stranger = await subscriber();
    const scanId = await newScan(me.id);
    const ref = await reference(me.id);
    const mine = await findings.record(
      leak(me.id, scanId, ref, { pageUrl: 'https://k.example/1' }),
    );
    await findings.record(leak(me.id, scanId, ref, { pageUrl: 'https://k.example/2' }));

    const page = await me.client.get<FindingPage>('/api/findings?limit=1&kind=leak');
    expect(page.status).toBe(200);
    expect(page.body.findings).toHaveLength(1);
    expect(page.body.counts.pending_review).toBe(2);
    const next = await me.client.get<FindingPage>(
      `/api/findings?limit=1&kind=leak&cursor=${page.body.nextCursor}`,
    );
    expect(next.body.findings[0]!.id).not.toBe(page.body.findings[0]!.id);
    expect(next.body.nextCursor).toBeNull();
    expect((await me.client.get('/api/findings?status=maybe')).status).toBe(400);
    expect((await me.client.get('/api/findings?limit=0')).status).toBe(400);
    expect(await me.client.get('/api/findings?cursor=abc')).toMatchObject({
      status: 400,
      body: { fields: { cursor: expect.any(String) } },
    });

    const confirmed = await me.client.post<ReviewFindingResult>(`/api/findings/${mine.id}/review`, {
      action: 'confirm',
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      finding: { id: mine.id, status: 'confirmed', reviewedBy: 'creator' },
      alsoWhitelisted: 0,
    });
    expect(
      await me.client.post(`/api/findings/${mine.id}/review`, { action: 'maybe' }),
    ).toMatchObject({
      status: 400,
      body: { fields: { action: 'Choose confirm, not mine or whitelist.' } },
    });

    // Another account: the same answer as a finding that does not exist, and nothing changes.
    for (const action of ['confirm', 'reject', 'whitelist']) {
      expect(
        await stranger.client.post(`/api/findings/${mine.id}/review`, { action }),
      ).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    }
    expect((await stranger.client.get<FindingPage>('/api/findings')).body.findings).toEqual([]);
    expect(
      (await stranger.client.post(`/api/findings/${randomUUID()}/review`, { action: 'confirm' }))
        .status,
    ).toBe(404);
    expect((await server.services.whitelist.list(stranger.id)).entries).toEqual([]);
    const [row] = await db()
      .select()
      .from(finding)
      .where(and(eq(finding.id, mine.id), eq(finding.userId, me.id)));
    expect(row).toMatchObject({ status: 'confirmed' });

    const whitelisted = await me.client.post<ReviewFindingResult>(
      `/api/findings/${mine.id}/review`,
      { action: 'whitelist' },
    );
    expect(whitelisted.body.finding).toMatchObject({
      status: 'whitelisted',
      whitelistedBy: 'k.example/1',
    });
    expect(
      await me.client.post(`/api/findings/${mine.id}/review`, { action: 'confirm' }),
    ).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
  });
});
