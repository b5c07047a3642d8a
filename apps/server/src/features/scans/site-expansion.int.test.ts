// Site expansion end to end: two forums no catalog knows, on loopback. A search finds only the first
// page of a thread that names the creator; the scan then finds the copies on pages that never name her
// (the thread's later pages, the uploader's page, a page only the sitemap lists), never fetches what
// robots.txt disallows, stops an endless site at its page budget, and her next scan starts from the
// sites it remembered.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorSite, discoveredSite, finding, scanSite, scanTask } from '@shark/db/schema.ts';
import type { Scan } from '@shark/contracts/scans.ts';
import { handleBrave } from '@shark/simulated-web/brave-stand-in.ts';
import { PictureStore, type Picture } from '@shark/simulated-web/pictures.ts';
import { urlKey, parseWebAddress } from '@shark/engine/whitelist/web-address.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { seedCreator } from '#server/testing/seed-creator.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { waitFor } from '#server/testing/wait-for.ts';

const USERNAME = 'lunafoxie';
const BUDGET = 15;
const email = 'luna.expansion@example.com';
const password = 'expansion test password 1';
const pictures = new PictureStore(7);

interface Site {
  origin: string;
  server: Server;
  requested: string[];
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;
const img = (key: string) => `<img src="/img/${key}.jpg" width="640" height="480">`;
const copy = (reference: number, edit: 'watermark-text' | 'mirror' | 'greyscale'): Picture => ({
  kind: 'copy',
  reference,
  edit,
  variant: 0,
});
const unrelated = (variant: number): Picture => ({ kind: 'unrelated', variant });

async function startSite(
  routes: (path: string) => { type: string; body: string } | null,
  media: Map<string, Picture>,
): Promise<Site> {
  const requested: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requested.push(`${url.pathname}${url.search}`);
    const picture = /^\/img\/(.+)\.jpg$/.exec(url.pathname);
    if (picture && media.has(picture[1]!)) {
      void pictures.bytes(media.get(picture[1]!)!).then((bytes) => {
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': bytes.length });
        res.end(bytes);
      });
      return;
    }
    const found = routes(`${url.pathname}${url.search}`);
    res.writeHead(found ? 200 : 404, { 'content-type': found?.type ?? 'text/plain' });
    res.end(found?.body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, server, requested };
}

const html = (body: string) => ({ type: 'text/html; charset=utf-8', body });

/** The forum: a thread whose first page names her, two more pages, the uploader, a sitemap-only page. */
function forumRoutes(origin: () => string) {
  return (path: string) => {
    switch (path) {
      case '/robots.txt':
        return {
          type: 'text/plain',
          body: `User-agent: *\nDisallow: /private/\nSitemap: ${origin()}/sitemap.xml\n`,
        };
      case '/sitemap.xml':
        return {
          type: 'application/xml',
          body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
            <url><loc>${origin()}/threads/spring/</loc></url>
            <url><loc>${origin()}/hidden/gallery-77</loc></url></urlset>`,
        };
      case '/':
        return html(
          page(
            'Quiet Forum',
            `<a href="/threads/other/">Other thread</a><a href="/login">Log in</a>`,
          ),
        );
      case '/threads/spring/':
        return html(
          page(
            `Luna Fox (${USERNAME}) spring set – page 1`,
            `<p>The ${USERNAME} spring set.</p>${img('p1')}
             <a href="/members/uploader9/">uploader9</a>
             <a href="/private/vault/">vault</a>
             <a href="/threads/spring/page-2" rel="next">Next</a>`,
          ),
        );
      case '/threads/spring/page-2':
        return html(
          page(
            'Spring set – page 2',
            `${img('p2')}<a href="/threads/spring/page-3">Next</a><a href="/private/vault/2">more</a>`,
          ),
        );
      case '/threads/spring/page-3':
        return html(page('Spring set – page 3', img('p3')));
      case '/members/uploader9/':
        return html(page('uploader9 – uploads', img('up')));
      case '/hidden/gallery-77':
        return html(page('Gallery 77', img('hid')));
      case '/threads/other/':
        return html(page('Other thread', img('other')));
      case '/private/vault/':
      case '/private/vault/2':
        return html(page('Vault', img('priv')));
      default:
        return null;
    }
  };
}

/** A site without end: each page of its thread links to the next five. */
function endlessRoutes(path: string) {
  if (path === '/robots.txt') return { type: 'text/plain', body: 'User-agent: *\nAllow: /\n' };
  const match = /^\/t\/big\/page-(\d+)$/.exec(path);
  if (!match) return null;
  const n = Number(match[1]);
  const next = [1, 2, 3, 4, 5].map((d) => `<a href="/t/big/page-${n + d}">${n + d}</a>`).join(' ');
  const named = n === 1 ? `<p>${USERNAME} leaked</p>${img('big1')}` : img('filler');
  return html(page(n === 1 ? `${USERNAME} big thread` : `Big thread ${n}`, `${named}${next}`));
}

let forum: Site;
let endless: Site;
let brave: Server;
let braveOn = true;
let server: TestServer;
let browser: TestClient;
let creatorId: string;
let directory: string;

const forumPage = (path: string) => `${forum.origin}${path}`;
const key = (url: string) => {
  const parsed = parseWebAddress(url);
  if (!parsed.ok) throw new Error(url);
  return urlKey(parsed.value);
};

async function scanToEnd(): Promise<Scan> {
  const started = await browser.post('/api/scans', {});
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const id = (started.body as Scan).id;
  return waitFor(
    async () => {
      const current = await browser.get<Scan>(`/api/scans/${id}`);
      return current.body.status !== 'queued' && current.body.status !== 'running' && current.body;
    },
    { what: 'the scan to finish', timeoutMs: 120_000, intervalMs: 200 },
  );
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'shark-expansion-'));
  let forumOrigin = '';
  forum = await startSite(
    forumRoutes(() => forumOrigin),
    new Map<string, Picture>([
      ['p1', copy(0, 'watermark-text')],
      ['p2', copy(1, 'watermark-text')],
      ['p3', copy(2, 'watermark-text')],
      ['up', copy(0, 'mirror')],
      ['hid', copy(1, 'greyscale')],
      ['other', unrelated(1)],
      ['priv', copy(2, 'mirror')],
    ]),
  );
  forumOrigin = forum.origin;
  endless = await startSite(
    endlessRoutes,
    new Map<string, Picture>([
      ['big1', copy(2, 'greyscale')],
      ['filler', unrelated(2)],
    ]),
  );
  const references: string[] = [];
  for (const reference of [0, 1, 2]) {
    const path = join(directory, `reference-${reference}.jpg`);
    writeFileSync(path, await pictures.bytes({ kind: 'reference', reference }));
    references.push(path);
  }
  let braveOrigin = '';
  brave = createServer((req, res) => {
    const url = new URL(req.url ?? '/', braveOrigin);
    if (url.pathname === '/catalog/search') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(page('Search', '<div id="results"></div>'));
      return;
    }
    void handleBrave(req, res, url, {
      apiKey: 'expansion-key',
      origin: () => braveOrigin,
      namesCreator: (query) => braveOn && query.toLowerCase().includes(USERNAME),
      web: [
        { url: forumPage('/threads/spring/'), title: 'spring set', description: USERNAME },
        { url: `${endless.origin}/t/big/page-1`, title: 'big thread', description: USERNAME },
      ],
      images: [],
      hasThumbnail: () => false,
      thumbnail: () => Promise.resolve(null),
    });
  });
  await new Promise<void>((resolve) => brave.listen(0, '127.0.0.1', resolve));
  braveOrigin = `http://127.0.0.1:${(brave.address() as AddressInfo).port}`;
  const catalogFile = join(directory, 'catalog.json');
  writeFileSync(
    catalogFile,
    JSON.stringify({
      version: 1,
      sites: [
        {
          id: 'stand-in-tube',
          name: 'Stand-in Tube',
          kind: 'tube',
          baseUrl: braveOrigin,
          search: {
            url: `${braveOrigin}/catalog/search?q={query}`,
            results: { item: '#results div.card', link: 'a' },
          },
        },
      ],
    }),
  );
  server = await startTestServer({
    SITE_CATALOG_FILE: catalogFile,
    BRAVE_API_KEY: 'expansion-key',
    BRAVE_API_URL: braveOrigin,
    SHARK_FETCH_ALLOWLIST: [forum.origin, endless.origin, braveOrigin]
      .map((o) => new URL(o).host)
      .join(','),
    SCAN_SITE_PAGE_BUDGET: String(BUDGET),
    SCAN_PER_HOST_INTERVAL_MS: '0',
    SOURCE_RATE_PER_SECOND: '100',
    WORKER_CONCURRENCY: '4',
  });
  const seeded = await seedCreator(server.services, {
    email,
    password,
    name: 'Luna Fox',
    plan: 'premium',
    accounts: [{ platform: 'instagram', username: USERNAME }],
    references,
  });
  creatorId = seeded.userId;
  browser = new TestClient(server.url);
  expect((await browser.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
}, 300_000);

afterAll(async () => {
  await server?.close();
  for (const s of [forum?.server, endless?.server, brave])
    await new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
  if (directory) rmSync(directory, { recursive: true, force: true });
});

describe('site expansion', () => {
  let first: Scan;

  beforeAll(async () => {
    first = await scanToEnd();
  }, 180_000);

  const leaksOf = async () =>
    (await server.services.database.db.select().from(finding).where(eq(finding.userId, creatorId)))
      .filter((f) => f.kind === 'leak')
      .map((f) => f.normalizedUrl);

  it('finds the copies on the forum’s pages that never name her', async () => {
    expect(first.status).toBe('completed');
    const leaks = await leaksOf();
    for (const path of [
      '/threads/spring/',
      '/threads/spring/page-2',
      '/threads/spring/page-3',
      '/members/uploader9/',
      '/hidden/gallery-77',
    ])
      expect(leaks, path).toContain(key(forumPage(path)));
    // An unrelated picture on a page the expansion fetched is no leak.
    expect(forum.requested).toContain('/threads/other/');
    expect(leaks).not.toContain(key(forumPage('/threads/other/')));
  });

  it('never fetches what robots.txt disallows, nor account pages', () => {
    expect(forum.requested.filter((p) => p.startsWith('/private/'))).toEqual([]);
    expect(forum.requested).not.toContain('/login');
  });

  it('stops a site without end at its page budget, the refused pages skipped', async () => {
    const db = server.services.database.db;
    const [row] = await db
      .select()
      .from(scanSite)
      .where(and(eq(scanSite.scanId, first.id), eq(scanSite.site, new URL(endless.origin).host)));
    expect(row).toMatchObject({ expanded: true, expansionPages: BUDGET });
    // The search found page 1; every other request was a page the budget paid for.
    const pages = endless.requested.filter((p) => p.startsWith('/t/big/') || p === '/robots.txt');
    expect(pages.length).toBeLessThanOrEqual(BUDGET + 2);
    const refused = await db
      .select()
      .from(scanTask)
      .where(and(eq(scanTask.scanId, first.id), eq(scanTask.status, 'skipped')));
    expect(
      refused.filter((t) => t.error === `Page budget for ${new URL(endless.origin).host} spent.`)
        .length,
    ).toBeGreaterThan(0);
    expect(first.stages.fetch.skipped).toBeGreaterThan(0);
  });

  it('remembers the sites that yielded copies, for her and across creators', async () => {
    const db = server.services.database.db;
    const remembered = await db.select().from(creatorSite).where(eq(creatorSite.userId, creatorId));
    const forumRow = remembered.find((r) => r.site === new URL(forum.origin).host);
    expect(forumRow).toMatchObject({ origin: forum.origin });
    expect(forumRow!.copies).toBeGreaterThanOrEqual(5);
    const discovered = await db
      .select()
      .from(discoveredSite)
      .where(eq(discoveredSite.site, new URL(forum.origin).host));
    expect(discovered[0]).toMatchObject({ name: 'Quiet Forum', status: 'candidate' });
  });

  it('starts her next scan from the remembered sites, without a search leading there', async () => {
    braveOn = false;
    forum.requested.length = 0;
    const second = await scanToEnd();
    expect(second.status).toBe('completed');
    expect(forum.requested).toContain('/threads/spring/page-3');
    expect(forum.requested).toContain('/hidden/gallery-77');
    const rows = await server.services.database.db
      .select()
      .from(finding)
      .where(eq(finding.userId, creatorId));
    const page3 = rows.find(
      (f) => f.kind === 'leak' && f.normalizedUrl === key(forumPage('/threads/spring/page-3')),
    );
    expect(page3?.lastScanId).toBe(second.id);
    expect(forum.requested.filter((p) => p.startsWith('/private/'))).toEqual([]);
  }, 180_000);
});
