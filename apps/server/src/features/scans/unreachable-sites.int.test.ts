// Sites of the catalog that do not resolve or refuse connections, scanned through the real server,
// queue and crawler: each is tried once per scan, its other tasks are skipped without a fetch (no
// retries with backoff), the scan lists them with the reason, and the next scan tries them again.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scan } from '@shark/contracts/scans.ts';
import { scanTask } from '@shark/db/schema.ts';
import { siteKeyOf } from '@shark/engine/discovery/site-key.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { seedCreator } from '#server/testing/seed-creator.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { waitFor } from '#server/testing/wait-for.ts';

const email = 'gone.sites@example.com';
const password = 'unreachable sites test 1';
const results = {
  item: 'div.card',
  link: 'a',
  title: 'a',
  media: [{ css: 'img', attributes: ['src'] }],
};

let server: TestServer;
let browser: TestClient;
let directory: string;
let refusedOrigin: string;
/** The crawler's fetches (pages and media), by site key, counted as the stages ask for them. */
const fetches = new Map<string, number>();

async function closedPort(): Promise<number> {
  const listener = createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as { port: number };
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  return port;
}

function catalogOf(refused: string) {
  return {
    version: 1,
    sites: [
      {
        id: 'gone-tube',
        name: 'Gone Tube',
        kind: 'tube',
        baseUrl: 'https://gone-tube.invalid',
        search: { url: 'https://gone-tube.invalid/search?q={query}', results },
        profile: { url: 'https://gone-tube.invalid/channel/{username}', results },
      },
      {
        id: 'gone-social',
        name: 'Gone Social',
        kind: 'social-network',
        baseUrl: 'https://gone-social.invalid',
        profile: {
          url: 'https://gone-social.invalid/u/{username}',
          identity: { displayName: 'h1', avatar: { css: 'img.avatar', attributes: ['src'] } },
        },
      },
      {
        id: 'closed-forum',
        name: 'Closed Forum',
        kind: 'forum',
        baseUrl: refused,
        search: { url: `${refused}/search?q={query}`, results },
      },
    ],
  };
}

async function scanToEnd(): Promise<Scan> {
  const started = await browser.post<Scan>('/api/scans', {});
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return waitFor(
    async () => {
      const current = await browser.get<Scan>(`/api/scans/${started.body.id}`);
      return current.body.status !== 'queued' && current.body.status !== 'running' && current.body;
    },
    { what: 'the scan to finish', timeoutMs: 120_000, intervalMs: 100 },
  );
}

async function tasksOf(scanId: string) {
  return server.services.database.db.select().from(scanTask).where(eq(scanTask.scanId, scanId));
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'shark-gone-sites-'));
  const port = await closedPort();
  refusedOrigin = `http://127.0.0.1:${port}`;
  const catalogFile = join(directory, 'catalog.json');
  writeFileSync(catalogFile, JSON.stringify(catalogOf(refusedOrigin)));
  server = await startTestServer({
    SITE_CATALOG_FILE: catalogFile,
    SHARK_FETCH_ALLOWLIST: `127.0.0.1:${port}`,
    SCAN_PER_HOST_INTERVAL_MS: '0',
    SCAN_VARIANTS_PER_USERNAME: '4',
    WORKER_CONCURRENCY: '6',
  });
  // Counts what the stages ask the crawler for, and lets the real crawler do it.
  const crawler = server.services.crawler;
  const fetchPage = crawler.fetchPage.bind(crawler);
  const fetchMedia = crawler.fetchMedia.bind(crawler);
  const count = (url: string) => {
    const site = siteKeyOf(url) ?? url;
    fetches.set(site, (fetches.get(site) ?? 0) + 1);
  };
  crawler.fetchPage = (url, options) => {
    count(url);
    return fetchPage(url, options);
  };
  crawler.fetchMedia = (url, options) => {
    count(url);
    return fetchMedia(url, options);
  };
  await seedCreator(server.services, {
    email,
    password,
    name: 'Gone Sites',
    plan: 'premium',
    accounts: [
      { platform: 'onlyfans', username: 'lunafox' },
      { platform: 'fansly', username: 'lunafox_official' },
    ],
    terms: ['luna fox leaks'],
  });
  browser = new TestClient(server.url);
  expect((await browser.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await server?.close();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

describe('a scan of sites that are gone', () => {
  const goneTube = siteKeyOf('https://gone-tube.invalid/')!;
  const goneSocial = siteKeyOf('https://gone-social.invalid/')!;
  const closedForum = () => siteKeyOf(refusedOrigin)!;
  let first: Scan;

  beforeAll(async () => {
    first = await scanToEnd();
  }, 150_000);

  it('completes with each site fetched once and its other tasks skipped, none failed', async () => {
    expect(first.status).toBe('completed');
    expect(Object.fromEntries(fetches)).toEqual({
      [goneTube]: 1,
      [goneSocial]: 1,
      [closedForum()]: 1,
    });
    const tasks = await tasksOf(first.id);
    // Two usernames and a term on two search and listing sites, and look-alikes on the network.
    expect(tasks.length).toBeGreaterThan(6);
    expect(tasks.filter((t) => t.status !== 'skipped')).toEqual([]);
    const skippedFor = (words: string) =>
      tasks.filter((t) => t.error?.endsWith(`${words}; skipped for this scan`)).length;
    // Every task but the one that found each site gone says why it was not run.
    expect(skippedFor(`${goneTube} did not resolve`)).toBeGreaterThan(0);
    expect(skippedFor(`${goneSocial} did not resolve`)).toBeGreaterThan(0);
    expect(skippedFor(`${closedForum()} refused connections`)).toBeGreaterThan(0);
    expect(
      tasks.filter((t) => t.error?.includes('is skipped for the rest of this scan')),
    ).toHaveLength(3);
  });

  it('lists the sites it gave up with their reasons and the tasks each cost', async () => {
    const tasks = await tasksOf(first.id);
    const onSite = (site: string) => tasks.filter((t) => t.error?.includes(`${site} `)).length;
    const { body } = await browser.get<Scan>(`/api/scans/${first.id}`);
    const unreachable = [...body.sites.unreachable].sort((a, b) => a.site.localeCompare(b.site));
    expect(unreachable).toEqual(
      [
        {
          site: closedForum(),
          origin: refusedOrigin,
          reason: 'refused',
          message: `${closedForum()} refused the connection.`,
          skippedTasks: onSite(closedForum()),
          at: expect.any(String),
        },
        {
          site: goneSocial,
          origin: 'https://gone-social.invalid',
          reason: 'dns',
          message: 'The name gone-social.invalid could not be found.',
          skippedTasks: onSite(goneSocial),
          at: expect.any(String),
        },
        {
          site: goneTube,
          origin: 'https://gone-tube.invalid',
          reason: 'dns',
          message: 'The name gone-tube.invalid could not be found.',
          skippedTasks: onSite(goneTube),
          at: expect.any(String),
        },
      ].sort((a, b) => a.site.localeCompare(b.site)),
    );
    expect(unreachable.reduce((n, s) => n + s.skippedTasks, 0)).toBe(tasks.length);
    expect(body.sites.expanded).toEqual([]);
  });

  it('tries the sites again in the next scan', async () => {
    const second = await scanToEnd();
    expect(second.status).toBe('completed');
    expect(Object.fromEntries(fetches)).toEqual({
      [goneTube]: 2,
      [goneSocial]: 2,
      [closedForum()]: 2,
    });
    expect(second.sites.unreachable.map((s) => s.site).sort()).toEqual(
      [goneTube, goneSocial, closedForum()].sort(),
    );
  }, 150_000);
});
