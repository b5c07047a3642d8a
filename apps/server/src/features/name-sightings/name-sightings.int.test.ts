// A scan of two small sites on loopback: a design studio that shares the creator's name gives name
// sightings and no finding, a leak thread's second page naming her without a copy gives nothing, and
// the thread's first page (leak words, a file-host link) gives a mention. Then the API: grouped by
// site, whitelisting a site, dismissing one, bad input, and another account's 404.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  NameSightingList,
  WhitelistSightedSiteResult,
} from '@shark/contracts/name-sightings.ts';
import type { Scan } from '@shark/contracts/scans.ts';
import type { WhitelistList } from '@shark/contracts/whitelist.ts';
import { finding, nameSighting } from '@shark/db/schema.ts';
import {
  startFakeProvider,
  type FakeAnswer,
  type FakeProviderServer,
  type RecordedRequest,
} from '@shark/engine/discovery/sources/fake-provider-server.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { seedCreator } from '#server/testing/seed-creator.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { waitFor } from '#server/testing/wait-for.ts';

const password = 'sightings test password 1';
let studio: FakeProviderServer;
let forum: FakeProviderServer;
let server: TestServer;
let creatorId: string;
let browser: TestClient;
let stranger: TestClient;
let catalogDir: string;

const html = (title: string, body: string, head = '') =>
  `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`;

const STUDIO_PAGES: Record<string, string> = {
  '/': html(
    'Luna Fox Studio — Branding & Web Design',
    '<h1>Luna Fox Studio</h1><p>Luna Fox Studio is a design studio in Lisbon. We craft brands and websites. Contact us for a quote.</p>',
  ),
  '/about': html(
    'About us | Luna Fox Studio',
    '<p>Founded in 2015, Luna Fox Studio works with clients across Europe.</p>',
  ),
  '/work/orchard-coffee': html(
    'Orchard Coffee — Luna Fox Studio',
    '<p>Case study: a new identity for Orchard Coffee, designed at Luna Fox Studio.</p>',
  ),
};

const FORUM_PAGES: Record<string, string> = {
  '/threads/luna-fox-leaks.1/': html(
    'Luna Fox leaked OnlyFans',
    '<p>Luna Fox leaks, full set: <a href="https://mega.nz/folder/abc">mega</a></p>',
  ),
  '/threads/luna-fox-leaks.1/page-2': html(
    'Luna Fox leaked OnlyFans — Page 2',
    '<p>Thanks for the Luna Fox leaks!</p>',
    '<link rel="prev" href="/threads/luna-fox-leaks.1/">',
  ),
};

function site(pages: Record<string, string>, search?: () => FakeAnswer) {
  return (request: RecordedRequest): FakeAnswer => {
    if (request.path === '/res/v1/web/search' && search) return search();
    if (request.path === '/res/v1/images/search') return { body: { type: 'images', results: [] } };
    const page = pages[request.path];
    return page === undefined ? { status: 404, body: 'Not found' } : { body: page };
  };
}

async function scanToEnd(client: TestClient): Promise<Scan> {
  const started = await client.post<Scan>('/api/scans', {});
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return waitFor(
    async () => {
      const current = await client.get<Scan>(`/api/scans/${started.body.id}`);
      return current.body.status !== 'queued' && current.body.status !== 'running' && current.body;
    },
    { what: 'the scan to finish', timeoutMs: 120_000, intervalMs: 200 },
  );
}

async function signIn(email: string): Promise<TestClient> {
  const client = new TestClient(server.url);
  const res = await client.post('/api/auth/sign-in/email', { email, password });
  expect(res.status).toBe(200);
  return client;
}

const hostOf = (provider: FakeProviderServer) => new URL(provider.endpoint).host;

beforeAll(async () => {
  studio = await startFakeProvider();
  forum = await startFakeProvider();
  const results = [
    ...Object.keys(STUDIO_PAGES).map((path) => ({ url: `${studio.endpoint}${path}` })),
    ...Object.keys(FORUM_PAGES).map((path) => ({ url: `${forum.endpoint}${path}` })),
  ].map((r) => ({ ...r, title: 'Luna Fox', description: 'Luna Fox' }));
  studio.answer(site(STUDIO_PAGES, () => ({ body: { type: 'search', web: { results } } })));
  forum.answer(site(FORUM_PAGES));
  catalogDir = mkdtempSync(join(tmpdir(), 'shark-sightings-'));
  const catalogFile = join(catalogDir, 'catalog.json');
  // One site off the allowlist: the catalog may not be empty, and this scan is about the two above.
  const elsewhere = {
    id: 'elsewhere',
    name: 'Elsewhere',
    kind: 'forum',
    baseUrl: 'https://elsewhere.example',
    search: {
      url: 'https://elsewhere.example/search?q={query}',
      results: { item: 'li', link: 'a' },
    },
  };
  writeFileSync(catalogFile, JSON.stringify({ version: 1, sites: [elsewhere] }));
  server = await startTestServer({
    SITE_CATALOG_FILE: catalogFile,
    BRAVE_API_KEY: 'test-key',
    BRAVE_API_URL: studio.endpoint,
    SHARK_FETCH_ALLOWLIST: `${hostOf(studio)},${hostOf(forum)}`,
    SCAN_PER_HOST_INTERVAL_MS: '0',
    SOURCE_RATE_PER_SECOND: '100',
  });
  const seeded = await seedCreator(server.services, {
    email: 'luna.sightings@example.com',
    password,
    name: 'Luna Fox',
    plan: 'premium',
    accounts: [{ platform: 'onlyfans', username: 'lunafox' }],
    terms: ['luna fox'],
  });
  creatorId = seeded.userId;
  await seedCreator(server.services, {
    email: 'other.sightings@example.com',
    password,
    name: 'Other Creator',
    plan: 'premium',
    accounts: [{ platform: 'onlyfans', username: 'othercreator' }],
  });
  browser = await signIn('luna.sightings@example.com');
  stranger = await signIn('other.sightings@example.com');
}, 120_000);

afterAll(async () => {
  await server?.close();
  await studio?.close();
  await forum?.close();
  if (catalogDir) rmSync(catalogDir, { recursive: true, force: true });
});

describe('a scan of pages that name the creator', () => {
  let scan: Scan;

  beforeAll(async () => {
    scan = await scanToEnd(browser);
  }, 150_000);

  it('records the studio’s pages as sightings, the thread’s first page as a mention, its page 2 as nothing', async () => {
    expect(scan.status).toBe('completed');
    // Every page was fetched: what follows is the classification, not a page never seen.
    for (const path of Object.keys(FORUM_PAGES))
      expect(
        forum.requests.some((r) => r.path === path),
        path,
      ).toBe(true);
    const db = server.services.database.db;
    const findings = await db.select().from(finding).where(eq(finding.userId, creatorId));
    expect(findings.map((f) => [f.kind, f.pageUrl])).toEqual([
      ['mention', `${forum.endpoint}/threads/luna-fox-leaks.1/`],
    ]);
    const sightings = await db
      .select()
      .from(nameSighting)
      .where(eq(nameSighting.userId, creatorId));
    expect(sightings.map((s) => s.pageUrl).sort()).toEqual(
      Object.keys(STUDIO_PAGES)
        .map((path) => `${studio.endpoint}${path}`)
        .sort(),
    );
    expect(new Set(sightings.map((s) => s.site))).toEqual(new Set([hostOf(studio)]));
    expect(sightings.every((s) => s.lastScanId === scan.id)).toBe(true);
  });

  it('lists the sightings grouped by site, newest first, only to their owner', async () => {
    const res = await browser.get<NameSightingList>('/api/name-sightings');
    expect(res.status).toBe(200);
    expect(res.body.sites).toEqual([
      {
        site: hostOf(studio),
        siteName: hostOf(studio),
        count: 3,
        lastSeenAt: expect.any(String),
        pages: expect.arrayContaining([
          {
            url: `${studio.endpoint}/about`,
            title: 'About us | Luna Fox Studio',
            lastSeenAt: expect.any(String),
          },
        ]),
      },
    ]);
    const pages = res.body.sites[0]!.pages.map((p) => p.lastSeenAt);
    expect(pages).toEqual([...pages].sort().reverse());
    expect((await stranger.get<NameSightingList>('/api/name-sightings')).body).toEqual({
      sites: [],
    });
    expect((await new TestClient(server.url).get('/api/name-sightings')).status).toBe(401);
  });

  it('answers 400 for input that is no site and 404 for a site of another account', async () => {
    const bad = await browser.post<{ message: string }>('/api/name-sightings/whitelist-site', {
      site: 'not a site!',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Give the site as its domain');
    expect((await browser.request('DELETE', '/api/name-sightings/Bad%20Site')).status).toBe(400);
    const theirs = { site: hostOf(studio) };
    expect((await stranger.post('/api/name-sightings/whitelist-site', theirs)).status).toBe(404);
    const dismissed = await stranger.request('DELETE', `/api/name-sightings/${hostOf(studio)}`);
    expect(dismissed.status).toBe(404);
    expect((await stranger.get<WhitelistList>('/api/whitelist')).body.entries).toEqual([]);
    expect((await browser.get<NameSightingList>('/api/name-sightings')).body.sites).toHaveLength(1);
  });

  it('whitelists the site in one click and forgets its sightings; a scan after that keeps none', async () => {
    const res = await browser.post<WhitelistSightedSiteResult>(
      '/api/name-sightings/whitelist-site',
      { site: hostOf(studio) },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      site: hostOf(studio),
      whitelistedAs: hostOf(studio),
      wasWhitelisted: false,
      removed: 3,
    });
    const entries = (await browser.get<WhitelistList>('/api/whitelist')).body.entries;
    expect(entries.map((e) => [e.kind, e.value])).toEqual([['pattern', hostOf(studio)]]);
    expect((await browser.get<NameSightingList>('/api/name-sightings')).body.sites).toEqual([]);
    // Seen again on the next scan, the whitelisted site's pages are not kept again.
    expect((await scanToEnd(browser)).status).toBe('completed');
    expect((await browser.get<NameSightingList>('/api/name-sightings')).body.sites).toEqual([]);
    expect((await browser.request('DELETE', `/api/name-sightings/${hostOf(studio)}`)).status).toBe(
      404,
    );
  }, 150_000);
});
