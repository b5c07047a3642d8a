// A scan on a social network the site catalog does not list: one impersonator's profile turns up in a
// web search, the network's profile address is learnt from it, and her usernames' variants are
// checked there. Every impersonator is found as an impersonation (never her photo as a leak on its
// avatar), the look-alike handle of somebody else is not reported, and a post's copy is still a leak.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finding } from '@shark/db/schema.ts';
import type { Scan } from '@shark/contracts/scans.ts';
import { siteKeyOf } from '@shark/engine/discovery/site-key.ts';
import { usernameVariants } from '@shark/engine/impersonation/username-variants.ts';
import { handleBrave } from '@shark/simulated-web/brave-stand-in.ts';
import { PictureStore, type Picture } from '@shark/simulated-web/pictures.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { seedCreator } from '#server/testing/seed-creator.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { waitFor } from '#server/testing/wait-for.ts';

const VARIANTS_PER_USERNAME = 8;
const email = 'luna.network@example.com';
const password = 'network test password 1';

interface NetworkProfile {
  handle: string;
  name: string;
  avatar: Picture;
  posts: Picture[];
}

/** Found only through the search result: too far down her variants to be checked as one. */
const searched: NetworkProfile = {
  handle: 'lunafox_backup',
  name: 'Luna Fox (backup)',
  avatar: { kind: 'copy', reference: 0, edit: 'resize', variant: 1 },
  posts: [
    { kind: 'copy', reference: 1, edit: 'watermark-text', variant: 2 },
    { kind: 'unrelated', variant: 3 },
  ],
};
const impersonators: NetworkProfile[] = [
  searched,
  {
    handle: 'reallunafox',
    name: 'Luna Fox',
    avatar: { kind: 'copy', reference: 0, edit: 'crop-center', variant: 2 },
    posts: [{ kind: 'unrelated', variant: 4 }],
  },
  {
    handle: 'lunafox_',
    name: 'Luna Fox ✨',
    avatar: { kind: 'copy', reference: 1, edit: 'jpeg-low', variant: 3 },
    posts: [],
  },
];
/** A handle like hers, somebody else's: his own name and picture. */
const lookAlike: NetworkProfile = {
  handle: 'lunafox.vip',
  name: 'Lucas Fernandez',
  avatar: { kind: 'unrelated', variant: 7 },
  posts: [{ kind: 'unrelated', variant: 8 }],
};
const profiles = new Map([...impersonators, lookAlike].map((p) => [p.handle, p]));

const pictures = new PictureStore(11);
let network: Server;
let brave: Server;
let networkOrigin: string;
let server: TestServer;
let creatorId: string;
let browser: TestClient;
const requested: string[] = [];
let directory: string;

function originOf(listening: Server): string {
  return `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const listening = createServer(handler);
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return listening;
}

function profilePage(profile: NetworkProfile): string {
  const avatar = `/avatars/${profile.handle}.jpg`;
  const posts = profile.posts
    .map((_, n) => `<article><img src="/media/${profile.handle}-${n}.jpg" alt="post"></article>`)
    .join('');
  return `<!doctype html><html><head><title>${profile.name} (@${profile.handle}) - Chatter</title>
<meta property="og:type" content="profile"><meta property="profile:username" content="${profile.handle}">
<meta property="og:title" content="${profile.name} (@${profile.handle})">
<meta property="og:image" content="${networkOrigin}${avatar}"></head><body>
<header><img class="avatar" src="${avatar}" alt=""><h1>${profile.name}</h1>
<p>${profile.posts.length * 40 + 12} followers · 80 following</p></header>${posts}</body></html>`;
}

/** The network's people search: every profile, each with its avatar, linking to it. */
function peopleSearch(): Buffer {
  const people = [...profiles.values()]
    .map(
      (p) =>
        `<li><a href="/@${p.handle}"><img class="avatar-small" src="/avatars/${p.handle}.jpg" alt=""> ${p.name}</a></li>`,
    )
    .join('');
  return Buffer.from(
    `<html><head><title>Search · Chatter</title></head><body><ul>${people}</ul></body></html>`,
  );
}

/** The uncatalogued network: /@handle profiles, their avatars and posts, a 404 for anyone else. */
function serveNetwork(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', networkOrigin);
  requested.push(url.pathname);
  const send = (status: number, type: string, body: string | Buffer) => {
    res.writeHead(status, { 'content-type': type, 'content-length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  if (url.pathname === '/robots.txt') return send(200, 'text/plain', 'User-agent: *\nAllow: /\n');
  if (url.pathname === '/search') return send(200, 'text/html; charset=utf-8', peopleSearch());
  const at = /^\/@([^/]+)$/.exec(url.pathname);
  const profile = at ? profiles.get(decodeURIComponent(at[1]!).toLowerCase()) : undefined;
  if (profile) return send(200, 'text/html; charset=utf-8', Buffer.from(profilePage(profile)));
  const picture = /^\/(avatars|media)\/(.+?)(?:-(\d+))?\.jpg$/.exec(url.pathname);
  const owner = picture ? profiles.get(picture[2]!) : undefined;
  const chosen =
    owner && picture?.[1] === 'avatars' ? owner.avatar : owner?.posts[Number(picture?.[3])];
  if (chosen) {
    pictures.bytes(chosen).then(
      (bytes) => send(200, 'image/jpeg', bytes),
      () => send(500, 'text/plain', 'no picture'),
    );
    return;
  }
  send(404, 'text/html', Buffer.from('<html><head><title>Not found</title></head></html>'));
}

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'shark-unknown-network-'));
  network = await listen(serveNetwork);
  networkOrigin = originOf(network);
  const braveKey = 'network-test-brave-key';
  brave = await listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    void handleBrave(req, res, url, {
      apiKey: braveKey,
      origin: () => originOf(brave),
      namesCreator: (query) => /luna\s*_?fox/i.test(query),
      web: [
        {
          url: `${networkOrigin}/@${searched.handle}`,
          title: `${searched.name} (@${searched.handle}) - Chatter`,
          description: 'Backup account. Follow for more.',
        },
        {
          url: `${networkOrigin}/search?q=luna+fox`,
          title: 'Search · Chatter',
          description: 'People named Luna Fox',
        },
      ],
      images: [],
      hasThumbnail: () => false,
      thumbnail: () => Promise.resolve(null),
    });
  });
  // The catalog lists one forum only, on an address the fetcher may not reach: the network is not in it.
  const catalogFile = join(directory, 'catalog.json');
  writeFileSync(
    catalogFile,
    JSON.stringify({
      version: 1,
      sites: [
        {
          id: 'far-forum',
          name: 'Far Forum',
          kind: 'forum',
          baseUrl: 'http://127.0.0.1:9',
          search: {
            url: 'http://127.0.0.1:9/search?q={query}',
            results: { item: '.result', link: 'a' },
          },
        },
      ],
    }),
  );
  server = await startTestServer({
    SITE_CATALOG_FILE: catalogFile,
    BRAVE_API_KEY: braveKey,
    BRAVE_API_URL: originOf(brave),
    SHARK_FETCH_ALLOWLIST: [networkOrigin, originOf(brave)].map((o) => new URL(o).host).join(','),
    SCAN_PER_HOST_INTERVAL_MS: '0',
    SOURCE_RATE_PER_SECOND: '100',
    WORKER_CONCURRENCY: '6',
    SCAN_VARIANTS_PER_USERNAME: String(VARIANTS_PER_USERNAME),
  });
  const references = [0, 1].map((reference) => join(directory, `luna-${reference}.jpg`));
  for (const [reference, path] of references.entries())
    writeFileSync(path, await pictures.bytes({ kind: 'reference', reference }));
  const seeded = await seedCreator(server.services, {
    email,
    password,
    name: 'Luna Fox',
    plan: 'premium',
    accounts: [{ platform: 'instagram', username: 'lunafox' }],
    references,
  });
  creatorId = seeded.userId;
  browser = new TestClient(server.url);
  expect((await browser.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
}, 300_000);

afterAll(async () => {
  await server?.close();
  for (const listening of [network, brave]) {
    listening?.closeAllConnections();
    await new Promise((resolve) => listening?.close(resolve));
  }
  if (directory) rmSync(directory, { recursive: true, force: true });
});

describe('a scan reaching a social network outside the catalog', () => {
  let rows: (typeof finding.$inferSelect)[];

  beforeAll(async () => {
    const started = await browser.post<Scan>('/api/scans', {});
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const scan = await waitFor(
      async () => {
        const current = await browser.get<Scan>(`/api/scans/${started.body.id}`);
        return (
          current.body.status !== 'queued' && current.body.status !== 'running' && current.body
        );
      },
      { what: 'the scan to finish', timeoutMs: 240_000, intervalMs: 250 },
    );
    expect(scan.status).toBe('completed');
    rows = await server.services.database.db
      .select()
      .from(finding)
      .where(eq(finding.userId, creatorId));
  }, 300_000);

  it('checks variants the scan could not have reached without the learnt profile address', () => {
    const key = siteKeyOf(networkOrigin)!;
    const checked = usernameVariants('lunafox', { max: VARIANTS_PER_USERNAME, platform: key });
    expect(checked.map((v) => v.username)).toEqual(
      expect.arrayContaining(['reallunafox', 'lunafox_', lookAlike.handle]),
    );
    expect(checked.map((v) => v.username)).not.toContain(searched.handle);
    for (const variant of checked) expect(requested).toContain(`/@${variant.username}`);
  });

  it('finds all three impersonators as impersonations on the network', () => {
    const key = siteKeyOf(networkOrigin);
    for (const expected of impersonators) {
      const found = rows.find(
        (r) => r.kind === 'impersonation' && r.username?.toLowerCase() === expected.handle,
      );
      expect(found, expected.handle).toBeDefined();
      expect(found).toMatchObject({
        siteId: null,
        siteKind: 'social-network',
        platform: key,
        pageUrl: `${networkOrigin}/@${expected.handle}`,
      });
      expect(found!.reasons).toEqual(expect.arrayContaining(['uses-picture', 'uses-name']));
    }
  });

  it('records no avatar as a leak, on a profile or a people search, but still a posted copy', () => {
    expect(requested).toContain('/search');
    const avatarLeaks = rows.filter((r) => r.kind === 'leak' && r.mediaUrl?.includes('/avatars/'));
    expect(avatarLeaks.map((r) => r.mediaUrl)).toEqual([]);
    const postLeak = rows.find(
      (r) => r.kind === 'leak' && r.mediaUrl === `${networkOrigin}/media/${searched.handle}-0.jpg`,
    );
    expect(postLeak).toBeDefined();
    // The people search names her only through the profiles it lists, which are assessed themselves.
    const onSearch = rows.filter((r) => r.pageUrl.includes('/search'));
    expect(onSearch.map((r) => `${r.kind} ${r.pageUrl}`)).toEqual([]);
  });

  it('does not report the look-alike handle of somebody else', () => {
    expect(requested).toContain(`/@${lookAlike.handle}`);
    const about = rows.filter(
      (r) =>
        r.username?.toLowerCase() === lookAlike.handle ||
        r.pageUrl.includes(`/@${lookAlike.handle}`),
    );
    expect(about.map((r) => `${r.kind} ${r.pageUrl}`)).toEqual([]);
  });
});
