// A creator's scan of the simulated web, end to end through the real server, queue, crawler, matcher
// and findings: every planted copy and impersonator is found with its evidence, official pages are
// whitelisted, no decoy becomes a leak, robots.txt and the address guard hold, and a second scan adds
// no duplicate.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finding, referenceFile, scanQuery, scanTask } from '@shark/db/schema.ts';
import type { Scan } from '@shark/contracts/scans.ts';
import { startSimulatedWeb, type SimulatedWeb } from '@shark/simulated-web/index.ts';
import { urlKey, parseWebAddress } from '@shark/engine/whitelist/web-address.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { seedCreator } from '#server/testing/seed-creator.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { waitFor } from '#server/testing/wait-for.ts';

let web: SimulatedWeb;
let server: TestServer;
let creatorId: string;
let browser: TestClient;

const email = 'luna.scan@example.com';
const password = 'scan test password 1';

function pageKey(url: string): string {
  const parsed = parseWebAddress(url);
  if (!parsed.ok) throw new Error(`not a URL: ${url}`);
  return urlKey(parsed.value);
}

async function findingsOf(userId: string) {
  return server.services.database.db.select().from(finding).where(eq(finding.userId, userId));
}

async function scanToEnd(
  client: TestClient,
  start: () => Promise<{ status: number; body: unknown }>,
): Promise<Scan> {
  const started = await start();
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const id = (started.body as Scan).id;
  return waitFor(
    async () => {
      const current = await client.get<Scan>(`/api/scans/${id}`);
      return current.body.status !== 'queued' && current.body.status !== 'running' && current.body;
    },
    { what: 'the scan to finish', timeoutMs: 240_000, intervalMs: 250 },
  );
}

beforeAll(async () => {
  web = await startSimulatedWeb();
  server = await startTestServer({
    ...web.env(),
    SCAN_PER_HOST_INTERVAL_MS: '0',
    SOURCE_RATE_PER_SECOND: '100',
    WORKER_CONCURRENCY: '6',
  });
  const seeded = await seedCreator(server.services, {
    email,
    password,
    name: web.creator.displayName,
    plan: 'premium',
    accounts: web.creator.accounts,
    whitelist: web.creator.whitelist,
    references: web.creator.references.map((r) => r.path),
  });
  creatorId = seeded.userId;
  browser = new TestClient(server.url);
  const signedIn = await browser.post('/api/auth/sign-in/email', { email, password });
  expect(signedIn.status).toBe(200);
}, 300_000);

afterAll(async () => {
  await server?.close();
  await web?.close();
});

describe('a scan of the simulated web', () => {
  let scan: Scan;
  let rows: Awaited<ReturnType<typeof findingsOf>>;

  beforeAll(async () => {
    scan = await scanToEnd(browser, () => browser.post('/api/scans', {}));
    rows = await findingsOf(creatorId);
  }, 300_000);

  it('completes with progress counted per stage and the queries it used', async () => {
    expect(scan.status).toBe('completed');
    expect(scan.stages.discover.done).toBeGreaterThan(0);
    expect(scan.stages.fetch.done).toBeGreaterThan(0);
    expect(scan.stages.match.done).toBeGreaterThan(0);
    expect(scan.stages.profile.done).toBeGreaterThan(0);
    expect(scan.sources.map((s) => s.id)).toEqual(expect.arrayContaining(['brave-web']));
    const queries = await server.services.database.db
      .select()
      .from(scanQuery)
      .where(eq(scanQuery.scanId, scan.id));
    expect(queries.some((q) => q.source === 'brave-web' && q.queriesUsed === 1)).toBe(true);
    // The search API and every site are told who asks, in the same words.
    const agents = new Set(web.requests().map((r) => r.userAgent));
    expect(web.requests('brave').length).toBeGreaterThan(0);
    expect([...agents]).toEqual([
      expect.stringMatching(/^SharkBot\/[\d.]+ \(content protection[;)]/),
    ]);
    // Her display name is searched as a phrase too, beside her usernames.
    expect(
      queries.some(
        (q) =>
          q.source === 'brave-web' && q.query === `"${web.creator.displayName}"` && q.page === 0,
      ),
    ).toBe(true);
    expect(queries.some((q) => q.source.startsWith('catalog:'))).toBe(true);
    const unsettled = await server.services.database.db
      .select()
      .from(scanTask)
      .where(and(eq(scanTask.scanId, scan.id), eq(scanTask.status, 'queued')));
    expect(unsettled).toEqual([]);
    // Each fetched page is recorded: status, where it led, its title and the start of its text.
    const fetched = await server.services.database.db
      .select()
      .from(scanTask)
      .where(
        and(eq(scanTask.scanId, scan.id), eq(scanTask.stage, 'fetch'), eq(scanTask.status, 'done')),
      );
    expect(fetched.length).toBeGreaterThan(0);
    for (const task of fetched) {
      expect(task.result).toMatchObject({
        status: 200,
        finalUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:/),
      });
    }
    expect(
      fetched.some(
        (t) =>
          typeof (t.result as { title?: unknown }).title === 'string' &&
          typeof (t.result as { text?: unknown }).text === 'string',
      ),
    ).toBe(true);
  });

  it('finds every planted copy, with the reference it copies and its evidence', async () => {
    const references = await server.services.database.db
      .select()
      .from(referenceFile)
      .where(eq(referenceFile.userId, creatorId));
    const nameOf = new Map(references.map((r) => [r.id, r.originalName]));
    const leaks = rows.filter((r) => r.kind === 'leak');
    for (const expected of web.expected.leaks) {
      const found = leaks.find(
        (r) =>
          r.normalizedUrl === pageKey(expected.pageUrl) &&
          nameOf.get(r.referenceFileId ?? '') === expected.reference,
      );
      expect(found, `leak ${expected.pageUrl} of ${expected.reference}`).toBeDefined();
      expect(found!.confidence).toBeGreaterThan(0.5);
      expect(found!.mediaUrl).toMatch(/^http/);
      expect(found!.mediaSha256).toMatch(/^[0-9a-f]{64}$/);
      expect(found!.firstScanId).toBe(scan.id);
    }
  });

  it('records the official pages as whitelisted and no decoy as a leak or impersonation', () => {
    for (const url of web.expected.whitelisted) {
      const onPage = rows.filter((r) => r.normalizedUrl === pageKey(url) && r.kind !== 'mention');
      expect(onPage.length, `official page ${url}`).toBeGreaterThan(0);
      for (const row of onPage) expect(row.status).toBe('whitelisted');
    }
    const decoys = new Set(web.expected.decoys.map(pageKey));
    const wrong = rows.filter((r) => r.kind !== 'mention' && decoys.has(r.normalizedUrl));
    expect(wrong.map((r) => r.pageUrl)).toEqual([]);
    const decoyMedia = new Set(web.expected.decoyMedia.map(pageKey));
    expect(
      rows
        .filter((r) => r.mediaUrl && decoyMedia.has(pageKey(r.mediaUrl)) && r.kind === 'leak')
        .map((r) => r.mediaUrl),
    ).toEqual([]);
  });

  it('finds the impersonators and not the look-alike profiles of other people', () => {
    const impersonations = rows.filter((r) => r.kind === 'impersonation');
    for (const expected of web.expected.impersonators) {
      const found = impersonations.find(
        (r) => r.username?.toLowerCase() === expected.username.toLowerCase(),
      );
      expect(found, `impersonator ${expected.username} on ${expected.site}`).toBeDefined();
      expect(found!.reasons.length).toBeGreaterThan(0);
    }
    for (const innocent of web.expected.notImpersonators) {
      expect(
        impersonations.find((r) => r.username?.toLowerCase() === innocent.username.toLowerCase()),
        `${innocent.username}: ${innocent.why}`,
      ).toBeUndefined();
    }
  });

  it('never fetches what robots.txt disallows, nor a private address', () => {
    for (const url of web.expected.robotsDisallowed) expect(web.wasRequested(url), url).toBe(false);
    expect(web.requests('trap')).toEqual([]);
    for (const url of web.expected.privateTraps)
      expect(rows.some((r) => r.pageUrl.startsWith(url) || r.mediaUrl?.startsWith(url))).toBe(
        false,
      );
  });

  it('a second scan sees the same findings again without adding any', async () => {
    const before = await findingsOf(creatorId);
    const again = await scanToEnd(browser, () => browser.post('/api/scans', {}));
    expect(again.status).toBe('completed');
    const after = await findingsOf(creatorId);
    const relevant = (list: typeof before) =>
      list
        .filter((r) => r.kind !== 'mention')
        .map((r) => r.dedupKey)
        .sort();
    expect(relevant(after)).toEqual(relevant(before));
    const leak = after.find((r) => r.kind === 'leak' && r.status !== 'whitelisted');
    expect(leak?.lastScanId).toBe(again.id);
  }, 300_000);

  it('keeps another account out of the scan', async () => {
    const other = new TestClient(server.url);
    await seedCreator(server.services, {
      email: 'other.scan@example.com',
      password,
      name: 'Other',
      plan: 'standard',
      accounts: [{ platform: 'instagram', username: 'someone_else' }],
    });
    expect(
      (await other.post('/api/auth/sign-in/email', { email: 'other.scan@example.com', password }))
        .status,
    ).toBe(200);
    expect((await other.get(`/api/scans/${scan.id}`)).status).toBe(404);
  });
});
