// Verification against a real site on 127.0.0.1 (reached through SHARK_FETCH_ALLOWLIST), through the real
// server's crawler, matcher and queue: a page that still carries the leaked picture stays; 404, 410, a page
// without the file and a redirect to the site's home page are removals; 503 and unreachable files are not
// (checked again later, with backoff). A removed picture that appears again on another page becomes a new
// finding linked to the old one. Time is driven by the `now` each check takes.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finding, scan, takedown, takedownEvent } from '@shark/db/schema.ts';
import { PictureStore, type Picture } from '@shark/simulated-web/pictures.ts';
import { seedCreator } from '#server/testing/seed-creator.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { waitFor } from '#server/testing/wait-for.ts';
import {
  insertTakedown,
  markNoticeSent,
} from '#server/features/takedowns/testing/takedown-test-fixtures.ts';
import type { TakedownRow } from '#server/features/takedowns/opening/takedown-transitions.ts';

const HOUR = 3600_000;
const T0 = new Date('2031-05-01T12:00:00.000Z');
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

type PageState =
  | { kind: 'page'; pictures: string[] }
  | { kind: 'status'; status: number }
  | { kind: 'redirect'; to: string }
  /** An HTML page whose pictures answer this status. */
  | { kind: 'page-with-failing-picture'; status: number };

/** The stand-in site: each path answers as the test says, pictures under /img/. */
const pages = new Map<string, PageState>();
const pictures = new Map<string, Buffer>();
let site: Server;
let origin: string;
let dir: string;
let server: TestServer;
let userId: string;
let referenceId: string;
const store = new PictureStore(7);
const picture = (p: Picture) => store.bytes(p);

function html(title: string, body: string): string {
  return `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;
}

async function startSite(): Promise<void> {
  site = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === '/')
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(html('Tube home', '<h1>Welcome</h1>'));
    if (path === '/robots.txt')
      return void res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end('User-agent: *\nDisallow: /admin/\n');
    const img = pictures.get(path);
    if (img) return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(img);
    if (path.startsWith('/broken/'))
      return void res
        .writeHead(Number(path.split('/')[2]), { 'content-type': 'text/plain' })
        .end('no');
    if (path.startsWith('/u/')) {
      const state = pages.get(path);
      if (state?.kind === 'status')
        return void res
          .writeHead(state.status, { 'content-type': 'text/html' })
          .end(html('Page not found', ''));
      if (state?.kind === 'redirect') return void res.writeHead(302, { location: state.to }).end();
      const name = decodeURIComponent(path.slice(3));
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          html(
            `Luna Fox (@${name}) / Chirp`,
            `<h1 class="display-name">Luna Fox</h1><img class="avatar" src="/img/avatar.jpg">`,
          ),
        );
    }
    const state = pages.get(path);
    if (!state)
      return void res.writeHead(404, { 'content-type': 'text/html' }).end(html('Not found', ''));
    switch (state.kind) {
      case 'status':
        return void res
          .writeHead(state.status, { 'content-type': 'text/html' })
          .end(html(`HTTP ${state.status}`, ''));
      case 'redirect':
        return void res.writeHead(302, { location: state.to }).end();
      case 'page':
        return void res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            html(
              'Luna Fox leaked set',
              state.pictures.map((src) => `<img src="${src}" width="640" height="480">`).join('\n'),
            ),
          );
      case 'page-with-failing-picture':
        return void res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(html('Luna Fox leaked set', `<img src="/broken/${state.status}/x.jpg">`));
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  await startSite();
  dir = mkdtempSync(join(tmpdir(), 'shark-verify-'));
  const reference = join(dir, 'luna-fox-01.jpg');
  const other = join(dir, 'luna-fox-02.jpg');
  writeFileSync(reference, await picture({ kind: 'reference', reference: 1 }));
  writeFileSync(other, await picture({ kind: 'reference', reference: 2 }));
  pictures.set(
    '/img/copy-a.jpg',
    await picture({ kind: 'copy', reference: 1, edit: 'watermark-text', variant: 0 }),
  );
  pictures.set(
    '/img/copy-b.jpg',
    await picture({ kind: 'copy', reference: 1, edit: 'mirror', variant: 1 }),
  );
  pictures.set('/img/unrelated.jpg', await picture({ kind: 'unrelated', variant: 3 }));
  pictures.set('/img/avatar.jpg', await picture({ kind: 'unrelated', variant: 4 }));
  // A catalog with one social network on the stand-in, for the impersonation check.
  const catalogFile = join(dir, 'catalog.json');
  writeFileSync(
    catalogFile,
    JSON.stringify({
      version: 1,
      sites: [
        {
          id: 'sim-chirp',
          name: 'Chirp',
          kind: 'social-network',
          baseUrl: `${origin}/`,
          profile: {
            url: `${origin}/u/{username}`,
            identity: {
              displayName: 'h1.display-name',
              avatar: { css: 'img.avatar', attributes: ['src'] },
            },
          },
        },
      ],
    }),
  );
  server = await startTestServer({
    SHARK_FETCH_ALLOWLIST: new URL(origin).host,
    SITE_CATALOG_FILE: catalogFile,
    SCAN_PER_HOST_INTERVAL_MS: '0',
    // The background sweeps stay out of the way: the tests drive time themselves.
    SCAN_SCHEDULE_CHECK_SECONDS: '86400',
    ENFORCEMENT_SWEEP_SECONDS: '86400',
  });
  const seeded = await seedCreator(server.services, {
    email: 'luna.verify@example.com',
    password: 'verify test password 1',
    name: 'Luna Fox',
    plan: 'premium',
    accounts: [{ platform: 'onlyfans', username: 'lunafox' }],
    references: [reference, other],
  });
  userId = seeded.userId;
  referenceId = seeded.references.get('luna-fox-01.jpg')!;
}, 240_000);

afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const db = () => server.services.database.db;
const lifecycle = () => server.services.takedownLifecycle;
const rowOf = async (id: string) =>
  (await db().select().from(takedown).where(eq(takedown.id, id)))[0]!;
const eventsOf = (id: string) =>
  db()
    .select()
    .from(takedownEvent)
    .where(eq(takedownEvent.takedownId, id))
    .orderBy(asc(takedownEvent.at), asc(takedownEvent.id));

/** A leak of reference 01 on a page of the stand-in, its notice sent at T0 (first check due at +24 h). */
async function leakTakedown(
  path: string,
  state: PageState,
  evidence = '/img/copy-a.jpg',
  owner: { userId: string; referenceId: string } = { userId, referenceId },
): Promise<TakedownRow> {
  pages.set(path, state);
  const row = await insertTakedown(db(), {
    userId: owner.userId,
    pageUrl: `${origin}${path}`,
    confirmedAt: T0,
    finding: {
      referenceFileId: owner.referenceId,
      mediaUrl: `${origin}${evidence}`,
      mediaSha256: sha256(pictures.get(evidence)!),
    },
  });
  return (await markNoticeSent(db(), row.id, T0))!;
}

describe('verification', () => {
  it('keeps a page that still carries the file, then sees it removed when the page answers 404', async () => {
    const row = await leakTakedown('/watch/one', {
      kind: 'page',
      pictures: ['/img/unrelated.jpg', '/img/copy-a.jpg'],
    });
    const first = await lifecycle().verify(row.id, { now: at(24), check: 0 });
    expect(first).toEqual({
      outcome: 'present',
      reason: `Still there: The page still carries the same file (${origin}/img/copy-a.jpg).`,
    });
    expect(await rowOf(row.id)).toMatchObject({
      status: 'notice_sent',
      checkCount: 1,
      lastCheckedAt: at(24),
      lastCheckResult: first.reason,
      nextCheckAt: at(24 + 48),
    });

    pages.set('/watch/one', { kind: 'status', status: 404 });
    const second = await lifecycle().verify(row.id, { now: at(72), check: 1 });
    expect(second).toEqual({ outcome: 'removed', reason: 'The page answers HTTP 404.' });
    expect(await rowOf(row.id)).toMatchObject({
      status: 'removed',
      removedAt: at(72),
      checkCount: 2,
      lastCheckedAt: at(72),
      nextCheckAt: null,
    });
    const events = await eventsOf(row.id);
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.at])).toEqual([
      [null, 'confirmed', T0],
      ['confirmed', 'notice_sent', T0],
      ['notice_sent', 'removed', at(72)],
    ]);
    expect(events.at(-1)!.detail).toBe('Check 2: The page answers HTTP 404.');

    // The job of a check already made, run again, changes nothing.
    expect(await lifecycle().verify(row.id, { now: at(73), check: 1 })).toMatchObject({
      outcome: 'skipped',
    });
    expect((await eventsOf(row.id)).length).toBe(3);
  });

  it('recognises an edited copy of the reference by matching it, not by its bytes', async () => {
    const row = await leakTakedown('/watch/edited', {
      kind: 'page',
      pictures: ['/img/copy-b.jpg'],
    });
    const result = await lifecycle().verify(row.id, { now: at(24) });
    expect(result).toEqual({
      outcome: 'present',
      reason: `Still there: The page still carries a copy of luna-fox-01.jpg (${origin}/img/copy-b.jpg).`,
    });
  });

  it('sees a removal when the page answers 410', async () => {
    const row = await leakTakedown('/watch/gone', { kind: 'status', status: 410 });
    expect(await lifecycle().verify(row.id, { now: at(24) })).toEqual({
      outcome: 'removed',
      reason: 'The page answers HTTP 410.',
    });
    expect(await rowOf(row.id)).toMatchObject({ status: 'removed', removedAt: at(24) });
  });

  it('sees a removal when the page no longer carries the file', async () => {
    const row = await leakTakedown('/watch/cleaned', {
      kind: 'page',
      pictures: ['/img/copy-a.jpg'],
    });
    expect(await lifecycle().verify(row.id, { now: at(24) })).toMatchObject({ outcome: 'present' });
    pages.set('/watch/cleaned', { kind: 'page', pictures: ['/img/unrelated.jpg'] });
    expect(await lifecycle().verify(row.id, { now: at(72) })).toEqual({
      outcome: 'removed',
      reason: 'The page no longer carries a copy of luna-fox-01.jpg (1 file checked).',
    });
    expect(await rowOf(row.id)).toMatchObject({ status: 'removed', removedAt: at(72) });
  });

  it('sees a removal when the page now sends visitors to the site’s home page', async () => {
    const row = await leakTakedown('/watch/moved', { kind: 'redirect', to: '/' });
    expect(await lifecycle().verify(row.id, { now: at(24) })).toEqual({
      outcome: 'removed',
      reason: `The page now redirects to the site’s home page (${origin}/).`,
    });
  });

  it('does not count 503 as a removal: recorded, and checked again later with backoff', async () => {
    const row = await leakTakedown('/watch/flaky', { kind: 'status', status: 503 });
    const expectedWaits = [48, 96, 168, 168];
    let now = at(24);
    for (const [i, wait] of expectedWaits.entries()) {
      const result = await lifecycle().verify(row.id, { now });
      expect(result).toEqual({
        outcome: 'unknown',
        reason: 'Could not check: The page could not be checked: HTTP 503.',
      });
      const next = new Date(now.getTime() + wait * HOUR);
      expect(await rowOf(row.id)).toMatchObject({
        status: 'notice_sent',
        checkCount: i + 1,
        lastCheckedAt: now,
        lastCheckResult: result.reason,
        nextCheckAt: next,
      });
      now = next;
    }
    expect((await eventsOf(row.id)).map((e) => e.toStatus)).toEqual(['confirmed', 'notice_sent']);
    pages.set('/watch/flaky', { kind: 'status', status: 404 });
    expect(await lifecycle().verify(row.id, { now })).toMatchObject({ outcome: 'removed' });
  });

  it('does not count a page whose pictures cannot be fetched (503) as a removal', async () => {
    const row = await leakTakedown('/watch/cdn-down', {
      kind: 'page-with-failing-picture',
      status: 503,
    });
    const result = await lifecycle().verify(row.id, { now: at(24) });
    expect(result.outcome).toBe('unknown');
    expect(result.reason).toContain('1 of the page’s files could not be fetched');
    expect((await rowOf(row.id)).status).toBe('notice_sent');
    // A picture that is gone (404) is no longer carried.
    pages.set('/watch/cdn-down', { kind: 'page-with-failing-picture', status: 404 });
    expect(await lifecycle().verify(row.id, { now: at(72) })).toMatchObject({
      outcome: 'removed',
      reason: 'The page no longer carries a copy of luna-fox-01.jpg (0 files checked).',
    });
  });

  it('checks an escalated, rejected or unanswered takedown too, and leaves closed and removed ones alone', async () => {
    const row = await leakTakedown('/watch/escalated', { kind: 'status', status: 404 });
    await lifecycle().escalate(row.id, at(72));
    expect((await rowOf(row.id)).status).toBe('escalated');
    expect(await lifecycle().verify(row.id, { now: at(73) })).toMatchObject({ outcome: 'removed' });
    expect(await lifecycle().verify(row.id, { now: at(74) })).toEqual({
      outcome: 'skipped',
      reason: 'The takedown is removed.',
    });
  });

  it('sees an impersonating profile removed when its site says it does not exist', async () => {
    pages.set('/u/lunafox_official', { kind: 'page', pictures: [] });
    const row = await insertTakedown(db(), {
      userId,
      kind: 'impersonation',
      pageUrl: `${origin}/u/lunafox_official`,
      confirmedAt: T0,
      finding: {
        kind: 'impersonation',
        siteId: 'sim-chirp',
        platform: 'sim-chirp',
        username: 'lunafox_official',
        displayName: 'Luna Fox',
        reasons: ['uses-name'],
      },
    });
    await markNoticeSent(db(), row.id, T0);
    expect(await lifecycle().verify(row.id, { now: at(24) })).toEqual({
      outcome: 'present',
      reason: 'Still there: The profile lunafox_official on Chirp still exists (“Luna Fox”).',
    });
    pages.set('/u/lunafox_official', { kind: 'status', status: 404 });
    expect(await lifecycle().verify(row.id, { now: at(72) })).toEqual({
      outcome: 'removed',
      reason: 'Chirp says the profile lunafox_official does not exist (HTTP 404).',
    });
    expect(await rowOf(row.id)).toMatchObject({ status: 'removed', removedAt: at(72) });
  });

  it('checks a page taken down for naming the creator (a mention) by the page alone', async () => {
    pages.set('/threads/names-her', { kind: 'page', pictures: ['/img/unrelated.jpg'] });
    const row = await insertTakedown(db(), {
      userId,
      pageUrl: `${origin}/threads/names-her`,
      confirmedAt: T0,
      finding: { kind: 'mention' },
    });
    await markNoticeSent(db(), row.id, T0);
    expect(await lifecycle().verify(row.id, { now: at(24) })).toEqual({
      outcome: 'present',
      reason: 'Still there: The page still answers (HTTP 200).',
    });
    pages.set('/threads/names-her', { kind: 'status', status: 410 });
    expect(await lifecycle().verify(row.id, { now: at(72) })).toMatchObject({
      outcome: 'removed',
      reason: 'The page answers HTTP 410.',
    });
  });

  it('with the reference deleted, takes the same file address still on the page as the file, and its absence as a removal', async () => {
    pages.set('/watch/orphan', { kind: 'page', pictures: ['/img/copy-b.jpg'] });
    const row = await insertTakedown(db(), {
      userId,
      pageUrl: `${origin}/watch/orphan`,
      confirmedAt: T0,
      // The bytes changed since (re-encoded), and no reference is left to match them against.
      finding: {
        referenceFileId: null,
        mediaUrl: `${origin}/img/copy-b.jpg`,
        mediaSha256: 'f'.repeat(64),
      },
    });
    await markNoticeSent(db(), row.id, T0);
    expect(await lifecycle().verify(row.id, { now: at(24) })).toMatchObject({
      outcome: 'present',
      reason: expect.stringContaining('its reference file was deleted'),
    });
    pages.set('/watch/orphan', { kind: 'page', pictures: ['/img/unrelated.jpg'] });
    expect(await lifecycle().verify(row.id, { now: at(72) })).toMatchObject({ outcome: 'removed' });
  });

  it('runs due checks as takedown.verify jobs sent by the sweep', async () => {
    const row = await leakTakedown('/watch/swept', { kind: 'status', status: 410 });
    const due = new Date(Date.now() - 60_000);
    await db().update(takedown).set({ nextCheckAt: due }).where(eq(takedown.id, row.id));
    const sent = await lifecycle().sweep(new Date());
    expect(sent.checks).toBeGreaterThanOrEqual(1);
    const removed = await waitFor(
      async () => {
        const current = await rowOf(row.id);
        return current.status === 'removed' && current;
      },
      { what: 'the verify job to see the page removed' },
    );
    expect(removed.lastCheckResult).toBe('The page answers HTTP 410.');
  });
});

describe('re-uploads', () => {
  // A creator of her own: the takedowns of the tests above are not hers.
  let owner: { userId: string; referenceId: string; otherReferenceId: string };
  beforeAll(async () => {
    const seeded = await seedCreator(
      server.services,
      {
        email: 'luna.reupload@example.com',
        password: 'reupload test password 1',
        name: 'Luna Fox',
        plan: 'premium',
        accounts: [{ platform: 'onlyfans', username: 'lunafox2' }],
        references: [join(dir, 'luna-fox-01.jpg'), join(dir, 'luna-fox-02.jpg')],
      },
      { waitForFingerprints: false },
    );
    owner = {
      userId: seeded.userId,
      referenceId: seeded.references.get('luna-fox-01.jpg')!,
      otherReferenceId: seeded.references.get('luna-fox-02.jpg')!,
    };
  });

  async function newScan(): Promise<string> {
    const id = randomUUID();
    await db()
      .insert(scan)
      .values({ id, userId: owner.userId, trigger: 'manual', status: 'completed' });
    return id;
  }

  async function record(path: string, picturePath: string, reference: string) {
    const bytes = pictures.get(picturePath)!;
    return server.services.findings.record({
      userId: owner.userId,
      scanId: await newScan(),
      kind: 'leak',
      pageUrl: `${origin}${path}`,
      mediaUrl: `${origin}${picturePath}`,
      pageTitle: 'Luna Fox leaked set',
      source: 'brave-web',
      site: { id: null, kind: 'tube' },
      referenceFileId: reference,
      distance: 20,
      confidence: 0.8,
      mediaSha256: sha256(bytes),
    });
  }

  it('links the same picture found on another page after its removal to the old finding', async () => {
    const old = await leakTakedown(
      '/watch/original',
      { kind: 'page', pictures: ['/img/copy-a.jpg'] },
      '/img/copy-a.jpg',
      owner,
    );
    // Before the removal, the same picture elsewhere is just another copy.
    const before = await record('/watch/mirror-before', '/img/copy-a.jpg', owner.referenceId);
    expect(
      (await db().select().from(finding).where(eq(finding.id, before.id)))[0]!.reuploadOfFindingId,
    ).toBeNull();

    pages.set('/watch/original', { kind: 'status', status: 404 });
    expect(await lifecycle().verify(old.id, { now: at(24) })).toMatchObject({ outcome: 'removed' });

    pages.set('/watch/reupload', { kind: 'page', pictures: ['/img/copy-a.jpg'] });
    const again = await record('/watch/reupload', '/img/copy-a.jpg', owner.referenceId);
    expect(again.created).toBe(true);
    const [row] = await db().select().from(finding).where(eq(finding.id, again.id));
    expect(row!.reuploadOfFindingId).toBe(old.findingId);
    const shown = await server.services.findings.get(owner.userId, again.id);
    expect(shown.reuploadOf).toEqual({
      findingId: old.findingId,
      pageUrl: `${origin}/watch/original`,
      removedAt: at(24).toISOString(),
    });
    const listed = await server.services.findings.list(owner.userId, {});
    expect(listed.findings.find((f) => f.id === again.id)?.reuploadOf).toEqual(shown.reuploadOf);
    expect(listed.findings.find((f) => f.id === before.id)?.reuploadOf).toBeNull();

    // Another copy of the same reference (other bytes) is the same file back too; another reference is not.
    const edited = await record('/watch/reupload-edited', '/img/copy-b.jpg', owner.referenceId);
    expect(
      (await server.services.findings.get(owner.userId, edited.id)).reuploadOf?.findingId,
    ).toBe(old.findingId);
    const unrelated = await record(
      '/watch/other-file',
      '/img/unrelated.jpg',
      owner.otherReferenceId,
    );
    expect((await server.services.findings.get(owner.userId, unrelated.id)).reuploadOf).toBeNull();
  });
});
