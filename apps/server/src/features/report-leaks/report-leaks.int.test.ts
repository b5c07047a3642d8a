// Report Leaks and Report Impersonation through the real server, queue, crawler and matcher, against the
// simulated web: pasted and CSV reports judged line by line; a reported page carrying an edited copy of
// a reference becomes a matched finding with its evidence, confirmed by the creator; a page without a
// match and a page that answers 404 are still tracked; a job run twice leaves one finding; a fake
// profile becomes a confirmed impersonation finding; guards and isolation hold.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_HEADER, type ApiError } from '@shark/contracts/http.ts';
import type {
  ImpersonationPlatformList,
  ImpersonationReport,
  ImpersonationReportPage,
  ReportedUrl,
  ReportedUrlPage,
  ReportLeaksResult,
} from '@shark/contracts/report-leaks.ts';
import { finding, reportedUrl, takedown } from '@shark/db/schema.ts';
import { startSimulatedWeb, type SimulatedWeb } from '@shark/simulated-web/index.ts';
import { parseWebAddress, urlKey } from '@shark/engine/whitelist/web-address.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { seedCreator, type SeededCreator } from '#server/testing/seed-creator.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';
import { waitFor } from '#server/testing/wait-for.ts';

let web: SimulatedWeb;
let server: TestServer;
let creator: SeededCreator;
let browser: TestClient;

const email = 'luna.reports@example.com';
const password = 'reports test password 1';

function keyOf(url: string): string {
  const parsed = parseWebAddress(url);
  if (!parsed.ok) throw new Error(`not a URL: ${url}`);
  return urlKey(parsed.value);
}

const originOf = (id: string) => web.sites.find((s) => s.id === id)!.origin;
const db = () => server.services.database.db;

/** A CSV file sent as the SPA's file input sends it, with the browser's cookies. */
async function uploadCsv(
  client: TestClient,
  csv: string | Blob,
  fields: Record<string, string> = { ownershipConfirmed: 'true' },
) {
  const form = new FormData();
  form.append(
    'file',
    typeof csv === 'string' ? new Blob([csv], { type: 'text/csv' }) : csv,
    'leaks.csv',
  );
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(new URL('/api/report-leaks/csv', server.url), {
    method: 'POST',
    headers: {
      [PROVIDER_HEADER]: 'shark',
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as ReportLeaksResult & ApiError };
}

/** Waits until none of her reported addresses is queued, and returns the list. */
async function settledReports(client: TestClient): Promise<ReportedUrlPage> {
  return waitFor(
    async () => {
      const res = await client.get<ReportedUrlPage>('/api/report-leaks?limit=200');
      expect(res.status).toBe(200);
      return (
        res.body.counts.queued === 0 &&
        res.body.reports.every((r) => r.status !== 'queued') &&
        res.body
      );
    },
    { what: 'the reported addresses to be checked', timeoutMs: 120_000, intervalMs: 200 },
  );
}

async function findingOf(id: string | null) {
  if (!id) throw new Error('no finding id');
  const [row] = await db().select().from(finding).where(eq(finding.id, id));
  if (!row) throw new Error(`finding ${id} missing`);
  return row;
}

beforeAll(async () => {
  web = await startSimulatedWeb();
  server = await startTestServer({
    ...web.env(),
    SCAN_PER_HOST_INTERVAL_MS: '0',
    WORKER_CONCURRENCY: '4',
  });
  creator = await seedCreator(server.services, {
    email,
    password,
    name: web.creator.displayName,
    plan: 'premium',
    accounts: web.creator.accounts,
    whitelist: web.creator.whitelist,
    references: web.creator.references.map((r) => r.path),
  });
  browser = new TestClient(server.url);
  const signedIn = await browser.post('/api/auth/sign-in/email', { email, password });
  expect(signedIn.status).toBe(200);
}, 300_000);

afterAll(async () => {
  await server?.close();
  await web?.close();
});

describe('who may report', () => {
  it('documents every endpoint in the OpenAPI document', async () => {
    const doc = await new TestClient(server.url, null).get<{
      paths: Record<string, Record<string, unknown>>;
    }>('/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/report-leaks',
        '/report-leaks/csv',
        '/report-leaks/{id}',
        '/report-impersonation',
        '/report-impersonation/platforms',
        '/report-impersonation/{id}',
      ]),
    );
    expect(Object.keys(doc.body.paths['/report-leaks/csv']!.post as object)).toContain(
      'requestBody',
    );
  });

  it('asks for sign-in on every endpoint', async () => {
    const anonymous = new TestClient(server.url);
    for (const [method, path] of [
      ['GET', '/api/report-leaks'],
      ['POST', '/api/report-leaks'],
      ['POST', '/api/report-leaks/csv'],
      ['GET', '/api/report-leaks/ru_x'],
      ['GET', '/api/report-impersonation'],
      ['POST', '/api/report-impersonation'],
      ['GET', '/api/report-impersonation/platforms'],
      ['GET', '/api/report-impersonation/ir_x'],
    ] as const) {
      const res = await anonymous.request(method, path, method === 'POST' ? {} : undefined);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('needs a subscription with submitLeak for leaks, and with impersonation for fake profiles', async () => {
    const free = await signedInUser(server);
    const leak = { urls: ['https://example.com/leak'], ownershipConfirmed: true };
    const refused = await free.browser.post<ApiError>('/api/report-leaks', leak);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/needs an active subscription that includes Report Leaks/);
    expect((await free.browser.get('/api/report-impersonation')).status).toBe(403);

    // The features alone, without a subscription, are not enough (the page's guard says the same).
    await server.services.accounts.grant(free.email, { features: ['submitLeak', 'impersonation'] });
    expect((await free.browser.get('/api/report-leaks')).status).toBe(403);

    // Standard includes submitLeak, not impersonation.
    await server.services.accounts.grant(free.email, {
      status: 'subscribed',
      plan: 'standard',
      features: [],
    });
    expect((await free.browser.get('/api/report-leaks')).status).toBe(200);
    const impersonation = await free.browser.get<ApiError>('/api/report-impersonation/platforms');
    expect(impersonation.status).toBe(403);
    expect(impersonation.body.message).toMatch(/impersonation protection/);

    // A granted feature counts as the plan's would.
    await server.services.accounts.grant(free.email, { features: ['impersonation'] });
    expect((await free.browser.get('/api/report-impersonation/platforms')).status).toBe(200);
  });
});

describe('Report Leaks', () => {
  let pasted: ReportLeaksResult;
  let reports: ReportedUrlPage;
  const leak = () =>
    web.expected.leaks.find((l) => l.pageUrl.includes('/watch/luna-fox-shower-clip'))!;
  const decoy = () => web.expected.decoys[0]!;
  const missing = () => `${originOf('sim-forum')}/threads/no-such-thread.404/`;
  const reportOf = (url: string) => reports.reports.find((r) => keyOf(r.url) === keyOf(url))!;

  beforeAll(async () => {
    const res = await browser.post<ReportLeaksResult>('/api/report-leaks', {
      urls: [
        leak().pageUrl,
        decoy(),
        missing(),
        'not an address',
        // The same page as line 1: tracking parameters do not make another page.
        `${leak().pageUrl}?utm_source=newsletter`,
        web.expected.whitelisted[0]!,
        '',
      ],
      ownershipConfirmed: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pasted = res.body;
    reports = await settledReports(browser);
  }, 180_000);

  it('answers every line: accepted, invalid with the reason, duplicate, whitelisted', () => {
    expect(pasted.results.map((r) => [r.line, r.status])).toEqual([
      [1, 'accepted'],
      [2, 'accepted'],
      [3, 'accepted'],
      [4, 'invalid'],
      [5, 'duplicate'],
      [6, 'whitelisted'],
      [7, 'invalid'],
    ]);
    expect(pasted.counts).toEqual({ accepted: 3, duplicate: 1, invalid: 2, whitelisted: 1 });
    expect(pasted.results[0]!.report).toMatchObject({ url: leak().pageUrl, status: 'queued' });
    expect(pasted.results[3]!.message).toBe('This is not a valid web address.');
    expect(pasted.results[4]!.message).toBe('The same page as line 1.');
    expect(pasted.results[5]!.message).toMatch(
      /^Your whitelist entry .* covers this address .* never taken down/,
    );
    expect(pasted.results[6]!.message).toBe('This line is empty.');
  });

  it('a page carrying an edited copy of a reference becomes a matched finding with its evidence, confirmed by the creator', async () => {
    const report = reportOf(leak().pageUrl);
    expect(report.status).toBe('matched');
    expect(report.detail).toMatch(/matches one of your files \(confidence \d+%\)/);
    expect(report.reference).toEqual({
      id: creator.references.get(leak().reference),
      name: leak().reference,
    });
    expect(report.confidence).toBeGreaterThan(0.5);
    expect(report.findingStatus).toBe('confirmed');
    const row = await findingOf(report.findingId);
    expect(row).toMatchObject({
      kind: 'leak',
      status: 'confirmed',
      reviewedBy: 'creator',
      referenceFileId: creator.references.get(leak().reference),
      source: 'creator-report',
      firstScanId: null,
      siteId: 'sim-tube',
      normalizedUrl: keyOf(leak().pageUrl),
    });
    expect(row.mediaUrl).toMatch(/^http:\/\/127\.0\.0\.1:/);
    expect(row.mediaSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(row.distance).not.toBeNull();
    expect(row.thumbnailKey).not.toBeNull();
  });

  it('a page without a match is still tracked, on her word', async () => {
    const report = reportOf(decoy());
    expect(report.status).toBe('unmatched');
    expect(report.detail).toMatch(
      /none of the \d+ pictures or videos compared matched your files.*tracked on your word/,
    );
    const row = await findingOf(report.findingId);
    expect(row).toMatchObject({
      kind: 'leak',
      status: 'confirmed',
      reviewedBy: 'creator',
      referenceFileId: null,
      confidence: 1,
    });
  });

  it('a page that answers 404 fails with the reason and is still tracked', async () => {
    const report = reportOf(missing());
    expect(report.status).toBe('failed');
    expect(report.detail).toMatch(
      /^The page could not be loaded: .*answered 404\. It is tracked on your word/,
    );
    const row = await findingOf(report.findingId);
    expect(row).toMatchObject({
      kind: 'leak',
      status: 'confirmed',
      reviewedBy: 'creator',
      pageUrl: missing(),
    });
  });

  it('a page reported again is a duplicate naming the earlier report', async () => {
    const again = await browser.post<ReportLeaksResult>('/api/report-leaks', {
      urls: [leak().pageUrl.replace('http://', 'HTTP://')],
      ownershipConfirmed: true,
    });
    expect(again.status).toBe(200);
    expect(again.body.results[0]).toMatchObject({
      status: 'duplicate',
      message: expect.stringMatching(/^You reported this page before on \d{4}-\d{2}-\d{2}\.$/),
    });
    expect(again.body.results[0]!.report).toMatchObject({
      id: reportOf(leak().pageUrl).id,
      status: 'matched',
    });
  });

  it('a job run twice leaves one report and one finding', async () => {
    const report = reportOf(leak().pageUrl);
    // As if the worker died after recording the finding but before settling the report.
    await db()
      .update(reportedUrl)
      .set({ status: 'queued', findingId: null, detail: null })
      .where(eq(reportedUrl.id, report.id));
    await server.services.jobs.send('report.fetch', { reportedUrlId: report.id });
    const rerun = await waitFor(
      async () => {
        const res = await browser.get<ReportedUrl>(`/api/report-leaks/${report.id}`);
        return res.body.status !== 'queued' && res.body;
      },
      { what: 'the report to be checked again', timeoutMs: 60_000 },
    );
    expect(rerun).toMatchObject({ status: 'matched', findingId: report.findingId });
    const rows = await db()
      .select()
      .from(finding)
      .where(
        and(eq(finding.userId, creator.userId), eq(finding.normalizedUrl, keyOf(leak().pageUrl))),
      );
    expect(rows).toHaveLength(1);
    const reported = await db()
      .select()
      .from(reportedUrl)
      .where(eq(reportedUrl.normalizedUrl, keyOf(leak().pageUrl)));
    expect(reported).toHaveLength(1);
  });

  it('each confirmed report opens a takedown (enforcement’s hook), listed with its status', async () => {
    for (const url of [leak().pageUrl, decoy(), missing()]) {
      const report = reportOf(url);
      const [opened] = await db()
        .select()
        .from(takedown)
        .where(eq(takedown.findingId, report.findingId!));
      expect(opened, `takedown of ${url}`).toMatchObject({ kind: 'leak', userId: creator.userId });
      const listed = await browser.get<ReportedUrl>(`/api/report-leaks/${report.id}`);
      expect(listed.body.takedown).toEqual({ id: opened!.id, status: opened!.status });
    }
  });

  it('lists her reports newest first, a page at a time', async () => {
    const first = await browser.get<ReportedUrlPage>('/api/report-leaks?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.reports).toHaveLength(2);
    expect(first.body.nextCursor).not.toBeNull();
    const second = await browser.get<ReportedUrlPage>(
      `/api/report-leaks?limit=2&cursor=${first.body.nextCursor}`,
    );
    const ids = [...first.body.reports, ...second.body.reports].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const all = await browser.get<ReportedUrlPage>('/api/report-leaks?limit=200');
    expect(ids).toEqual(all.body.reports.slice(0, ids.length).map((r) => r.id));
    // One report's rows come in the order they were sent.
    const batch = all.body.reports.filter((r) =>
      [leak().pageUrl, decoy(), missing()].some((url) => keyOf(url) === keyOf(r.url)),
    );
    expect(batch.map((r) => keyOf(r.url))).toEqual([leak().pageUrl, decoy(), missing()].map(keyOf));
    const bad = await browser.get<ApiError>('/api/report-leaks?cursor=nonsense');
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.cursor).toBeDefined();
  });

  it('accepts a CSV file: first column, optional header, reported row by row', async () => {
    const second = web.expected.leaks.find((l) => l.pageUrl.includes('megathread'))!;
    const csv = `url,note\r\n${second.pageUrl},the forum thread\r\nhttps://user:pw@example.com/x,bad\r\n${decoy()},again\r\n`;
    const res = await uploadCsv(browser, csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results.map((r) => [r.line, r.status])).toEqual([
      [2, 'accepted'],
      [3, 'invalid'],
      [4, 'duplicate'],
    ]);
    expect(res.body.results[1]!.message).toBe(
      'Remove the user name and password from the address.',
    );
    const settled = await settledReports(browser);
    const report = settled.reports.find((r) => keyOf(r.url) === keyOf(second.pageUrl))!;
    expect(report.status).toBe('matched');
    expect([
      creator.references.get('luna-fox-02.jpg'),
      creator.references.get('luna-fox-03.jpg'),
    ]).toContain(report.reference?.id);
  });

  it('refuses a report without her statement of ownership, too many addresses, and bad files', async () => {
    const unconfirmed = await browser.post<ApiError>('/api/report-leaks', {
      urls: ['https://example.com/a'],
      ownershipConfirmed: false,
    });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.fields?.ownershipConfirmed).toBe(
      'Confirm that you own the content at these addresses',
    );
    const missingStatement = await browser.post<ApiError>('/api/report-leaks', {
      urls: ['https://example.com/a'],
    });
    expect(missingStatement.body.fields?.ownershipConfirmed).toBe(
      'Confirm that you own the content at these addresses',
    );
    const many = await browser.post<ApiError>('/api/report-leaks', {
      urls: Array.from({ length: 501 }, (_, i) => `https://example.com/${i}`),
      ownershipConfirmed: true,
    });
    expect(many.status).toBe(400);
    expect(many.body.fields?.urls).toMatch(/at most 500/);
    const none = await browser.post<ApiError>('/api/report-leaks', {
      urls: [],
      ownershipConfirmed: true,
    });
    expect(none.status).toBe(400);

    const csvUnconfirmed = await uploadCsv(browser, 'https://example.com/a\n', {});
    expect(csvUnconfirmed.status).toBe(400);
    expect(csvUnconfirmed.body.fields?.ownershipConfirmed).toBe(
      'Confirm that you own the content at these addresses',
    );
    const tooLarge = await uploadCsv(
      browser,
      `${'https://example.com/long-page-address\n'.repeat(30_000)}`,
    );
    expect(tooLarge.status).toBe(413);
    const binary = await uploadCsv(
      browser,
      new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02])]),
    );
    expect(binary.status).toBe(415);
    const manyRows = await uploadCsv(
      browser,
      Array.from({ length: 501 }, (_, i) => `https://example.com/${i}`).join('\n'),
    );
    expect(manyRows.status).toBe(400);
    expect(manyRows.body.fields?.file).toMatch(/at most 500/);
  });

  it('keeps each account’s reports to itself', async () => {
    const other = await signedInUser(server);
    await server.services.accounts.grant(other.email, { status: 'subscribed', plan: 'standard' });
    const list = await other.browser.get<ReportedUrlPage>('/api/report-leaks');
    expect(list.body.reports).toEqual([]);
    expect(list.body.counts).toEqual({ queued: 0, matched: 0, unmatched: 0, failed: 0 });
    const theirs = reportOf(leak().pageUrl);
    expect((await other.browser.get(`/api/report-leaks/${theirs.id}`)).status).toBe(404);
    // The same page reported by another creator is her own report, not a duplicate.
    const own = await other.browser.post<ReportLeaksResult>('/api/report-leaks', {
      urls: [missing()],
      ownershipConfirmed: true,
    });
    expect(own.body.results[0]!.status).toBe('accepted');
  });
});

describe('Report Impersonation', () => {
  const impersonator = () => web.expected.impersonators.find((i) => i.site === 'sim-social')!;
  const evidence =
    'Uses my name and my photo 01 as avatar, and tells fans to pay for "exclusive" content.';

  it('lists the platforms: the catalog’s social networks, then the Accounts platforms', async () => {
    const res = await browser.get<ImpersonationPlatformList>('/api/report-impersonation/platforms');
    expect(res.status).toBe(200);
    const ids = res.body.platforms.map((p) => p.id);
    expect(ids.slice(0, 2).sort()).toEqual(['sim-pics', 'sim-social']);
    expect(ids).toEqual(expect.arrayContaining(['onlyfans', 'x', 'instagram', 'website', 'other']));
  });

  it('a fake profile becomes a confirmed impersonation finding with her evidence, the username read from the address', async () => {
    const res = await browser.post<ImpersonationReport>('/api/report-impersonation', {
      url: impersonator().profileUrl,
      platform: 'sim-social',
      username: '',
      displayName: 'Luna Fox Official',
      evidence,
      officialProfileUrl: `${originOf('sim-social')}/u/lunafox`,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      platform: 'sim-social',
      platformName: server.services.scanSources.catalog.sites.find(
        (site) => site.id === 'sim-social',
      )!.name,
      username: impersonator().username,
      displayName: 'Luna Fox Official',
      evidence,
      findingStatus: 'confirmed',
    });
    const row = await findingOf(res.body.findingId);
    expect(row).toMatchObject({
      kind: 'impersonation',
      status: 'confirmed',
      reviewedBy: 'creator',
      platform: 'sim-social',
      siteId: 'sim-social',
      username: impersonator().username,
      displayName: 'Luna Fox Official',
      confidence: 1,
      source: 'creator-report',
    });
    const [opened] = await db().select().from(takedown).where(eq(takedown.findingId, row.id));
    expect(opened).toMatchObject({ kind: 'impersonation', pageUrl: impersonator().profileUrl });
    expect(row.reasons).toEqual([
      'reported by the creator',
      evidence,
      `official profile: ${originOf('sim-social')}/u/lunafox`,
    ]);

    const list = await browser.get<ImpersonationReportPage>('/api/report-impersonation');
    expect(list.body.reports.map((r) => r.id)).toEqual([res.body.id]);
    expect(list.body.reports[0]!.takedown).toEqual({ id: opened!.id, status: opened!.status });

    const again = await browser.post<ApiError>('/api/report-impersonation', {
      url: `${impersonator().profileUrl}/`,
      platform: 'sim-social',
      evidence,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^You reported this profile on \d{4}-\d{2}-\d{2}\./);
  });

  it('names each bad field', async () => {
    const post = (body: Record<string, unknown>) =>
      browser.post<ApiError>('/api/report-impersonation', {
        url: impersonator().profileUrl,
        platform: 'sim-social',
        evidence,
        ...body,
      });
    expect((await post({ platform: 'myspace' })).body.fields).toEqual({
      platform: 'Choose one of the listed platforms.',
    });
    expect((await post({ url: `${originOf('sim-pics')}/someone/` })).body.fields?.url).toMatch(
      /not on Chirper/,
    );
    expect((await post({ evidence: 'fake' })).body.fields?.evidence).toMatch(
      /at least 10 characters/,
    );
    expect((await post({ url: 'ftp://x.example/u' })).body.fields?.url).toMatch(/http/);
    expect(
      (await post({ url: `${originOf('sim-social')}/search?q=luna` })).body.fields?.username,
    ).toMatch(/could not be read/);
    expect(
      (await post({ officialProfileUrl: impersonator().profileUrl })).body.fields
        ?.officialProfileUrl,
    ).toMatch(/address of the fake profile/);
    // Her own page (her whitelist covers it) is not a fake profile.
    const own = await post({ url: web.expected.whitelisted[0]! });
    expect(own.status).toBe(400);
    expect(own.body.fields?.url).toMatch(/whitelist entry/);
  });

  it('keeps each account’s reports to itself', async () => {
    const other = await signedInUser(server);
    await server.services.accounts.grant(other.email, { status: 'subscribed', plan: 'premium' });
    const list = await other.browser.get<ImpersonationReportPage>('/api/report-impersonation');
    expect(list.body.reports).toEqual([]);
    const mine = await browser.get<ImpersonationReportPage>('/api/report-impersonation');
    expect(
      (await other.browser.get(`/api/report-impersonation/${mine.body.reports[0]!.id}`)).status,
    ).toBe(404);
    expect(
      (await browser.get(`/api/report-impersonation/${mine.body.reports[0]!.id}`)).status,
    ).toBe(200);
  });
});
