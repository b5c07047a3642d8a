// Dark web scanning end to end, through the real server, queue, crawler and matcher, against the
// simulated web's onion sites behind its SOCKS stand-in: a creator without the perk sends nothing to
// Tor; on Premium the onion search and the onion forum of the catalog lead to her copies, recorded as
// dark web findings; no onion name is ever looked up in DNS, and every onion name reaches the proxy as
// a name.
import { execFileSync } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finding, scanQuery, takedown, takedownRecipient } from '@shark/db/schema.ts';
import type { FindingPage } from '@shark/contracts/findings.ts';
import type { Scan } from '@shark/contracts/scans.ts';
import type { DashboardSummary, TakedownReportPage } from '@shark/contracts/takedown-report.ts';
import { startSimulatedWeb, type SimulatedWeb } from '@shark/simulated-web/index.ts';
import type { OnionWorld } from '@shark/simulated-web/onion/onion-world.ts';
import { signAuthorization } from '#server/features/takedowns/testing/enforcement-test-kit.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { seedCreator } from '#server/testing/seed-creator.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { waitFor } from '#server/testing/wait-for.ts';

let web: SimulatedWeb;
let onion: OnionWorld;
let server: TestServer;
let creatorId: string;
let browser: TestClient;
const lookups: string[] = [];

const email = 'luna.darkweb@example.com';
const password = 'dark web test password 1';

/** The fetcher's name look-ups, recorded, then answered by the system's resolver. */
function recordingResolve(hostname: string): Promise<LookupAddress[]> {
  lookups.push(hostname);
  return lookup(hostname, { all: true, order: 'verbatim' });
}

async function scanToEnd(): Promise<Scan> {
  const started = await browser.post('/api/scans', {});
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const id = (started.body as Scan).id;
  return waitFor(
    async () => {
      const current = await browser.get<Scan>(`/api/scans/${id}`);
      return current.body.status !== 'queued' && current.body.status !== 'running' && current.body;
    },
    { what: 'the scan to finish', timeoutMs: 240_000, intervalMs: 250 },
  );
}

const onionFindings = async () =>
  (
    await server.services.database.db.select().from(finding).where(eq(finding.userId, creatorId))
  ).filter((row) => new URL(row.pageUrl).hostname.endsWith('.onion'));

beforeAll(async () => {
  web = await startSimulatedWeb({ darkWeb: true });
  onion = web.onion!;
  server = await startTestServer(
    {
      ...web.env(),
      SCAN_PER_HOST_INTERVAL_MS: '0',
      SOURCE_RATE_PER_SECOND: '100',
      WORKER_CONCURRENCY: '6',
    },
    { resolveFetchHost: recordingResolve },
  );
  const seeded = await seedCreator(server.services, {
    email,
    password,
    name: web.creator.displayName,
    plan: 'plus',
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

describe('dark web scanning', () => {
  it('sends nothing to Tor for a creator whose plan has no dark web scanning', async () => {
    const scan = await scanToEnd();
    expect(scan.status).toBe('completed');
    // Her clearnet copies were found: the scan did run.
    expect(scan.findings.leak).toBeGreaterThan(0);
    expect(onion.socks.connectionCount()).toBe(0);
    expect(onion.requests()).toEqual([]);
    expect(await onionFindings()).toEqual([]);
    expect(lookups.filter((name) => name.endsWith('.onion'))).toEqual([]);
    // Nothing of the dark web on her dashboard: her plan does not search it and nothing was found.
    const summary = await browser.get<DashboardSummary>('/api/dashboard/summary');
    expect(summary.status).toBe(200);
    expect(summary.body.darkWeb).toBeNull();
  }, 300_000);

  it('on Premium finds her copies on onion sites through Tor, marked dark web', async () => {
    await server.services.accounts.grant(email, { status: 'subscribed', plan: 'premium' });
    // A term she limited to the onion search is searched there and nowhere else.
    const onionOnly = `${web.creator.displayName} onion pack`;
    const term = await browser.post('/api/search-terms', { term: onionOnly, sources: ['ahmia'] });
    expect(term.status, JSON.stringify(term.body)).toBe(201);
    const scan = await scanToEnd();
    expect(scan.status).toBe('completed');
    const queries = await server.services.database.db
      .select()
      .from(scanQuery)
      .where(eq(scanQuery.scanId, scan.id));
    expect(queries.filter((q) => q.query === onionOnly).map((q) => q.source)).toEqual(['ahmia']);
    expect(queries.some((q) => q.source === 'brave-web')).toBe(true);
    const forumSearches = onion
      .requests()
      .filter(
        (r) => r.host === new URL(onion.forum.origin).hostname && r.path.startsWith('/search?'),
      )
      .map((r) => new URLSearchParams(r.path.slice('/search?'.length)).get('q'));
    expect(forumSearches.length).toBeGreaterThan(0);
    expect(forumSearches).not.toContain(onionOnly);

    const rows = await onionFindings();
    const byPage = new Map(rows.map((row) => [row.pageUrl, row]));
    for (const expected of onion.expectedLeaks) {
      const row = byPage.get(expected.pageUrl);
      expect(row, `a finding for ${expected.pageUrl}`).toBeDefined();
      expect(row!.kind).toBe('leak');
      expect(row!.mediaUrl).toBe(expected.mediaUrl);
    }
    // Ahmia was searched with her name, and the catalog's onion forum through its search template.
    const paths = onion.requests().map((r) => r.path);
    expect(paths.some((p) => p.startsWith('/search/?q='))).toBe(true);
    expect(paths.some((p) => p.startsWith('/search?q='))).toBe(true);
    // The page no search lists was never asked for.
    expect(onion.requests().some((r) => `http://${r.host}${r.path}` === onion.unlistedPage)).toBe(
      false,
    );

    // Every onion name went to the proxy as a name, and none was looked up here.
    const attempts = onion.socks.attempts();
    expect(attempts.length).toBeGreaterThan(0);
    expect(attempts.every((a) => a.addressType === 'domain' && a.host.endsWith('.onion'))).toBe(
      true,
    );
    expect(attempts.filter((a) => a.outcome !== 'connected')).toEqual([]);
    expect(lookups.filter((name) => name.endsWith('.onion'))).toEqual([]);

    // The API marks them; clearnet findings stay unmarked.
    const page = await browser.get<FindingPage>('/api/findings?kind=leak&limit=100');
    expect(page.status).toBe(200);
    const shown = page.body.findings;
    const dark = shown.filter((f) => f.isDarkWeb);
    expect(dark.map((f) => f.pageUrl).sort()).toEqual(
      onion.expectedLeaks.map((l) => l.pageUrl).sort(),
    );
    expect(shown.filter((f) => !f.isDarkWeb).length).toBeGreaterThan(0);
    expect(shown.every((f) => f.isDarkWeb === new URL(f.pageUrl).hostname.endsWith('.onion'))).toBe(
      true,
    );

    // The drop names its clearnet mirror: the copy there is found as a clearnet finding, linked to the
    // onion site it mirrors.
    const dropHost = new URL(onion.drop.origin).hostname;
    for (const expected of onion.expectedMirrorLeaks) {
      const mirrored = shown.find((f) => f.pageUrl === expected.pageUrl);
      expect(mirrored, `a finding for ${expected.pageUrl}`).toBeDefined();
      expect(mirrored).toMatchObject({ isDarkWeb: false, mirrorOf: dropHost });
      expect(mirrored!.mediaUrl).toBe(expected.mediaUrl);
    }
    expect(shown.filter((f) => f.mirrorOf !== null).map((f) => f.pageUrl)).toEqual(
      onion.expectedMirrorLeaks.map((l) => l.pageUrl),
    );
  }, 300_000);

  it("sends an onion copy's notice to the catalog's contact, or to the one on the site's own pages read through Tor", async () => {
    const db = server.services.database.db;
    // Her authorisation to act for her: notices go out once it is signed.
    await signAuthorization({ userId: creatorId, email, browser });
    const mirrorPages = new Set(onion.expectedMirrorLeaks.map((l) => l.pageUrl));
    const mirrored = (await db.select().from(finding).where(eq(finding.userId, creatorId))).filter(
      (row) => mirrorPages.has(row.pageUrl),
    );
    for (const row of [...(await onionFindings()), ...mirrored]) {
      if (row.status === 'confirmed') continue;
      const reviewed = await browser.post(`/api/findings/${row.id}/review`, { action: 'confirm' });
      expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    }
    const recipientsOf = async (pageUrl: string) =>
      db
        .select({ address: takedownRecipient.address, source: takedownRecipient.source })
        .from(takedownRecipient)
        .innerJoin(takedown, eq(takedown.id, takedownRecipient.takedownId))
        .where(eq(takedown.pageUrl, pageUrl))
        .orderBy(takedownRecipient.level);
    /** The recipients of the page's takedown, once they are resolved. */
    const resolvedRecipients = (pageUrl: string, what: string) =>
      waitFor(
        async () => {
          const rows = await recipientsOf(pageUrl);
          return rows.length > 0 && rows;
        },
        { what: `the ${what} takedown’s recipients`, timeoutMs: 60_000, intervalMs: 200 },
      );
    const [forumPage, dropPage] = onion.expectedLeaks.map((leak) => leak.pageUrl);
    const forum = await resolvedRecipients(forumPage!, 'onion forum');
    expect(forum.map((r) => r.address)).toEqual([onion.forum.dmcaEmail]);
    const drop = await resolvedRecipients(dropPage!, 'onion drop');
    // The drop is in no catalog and has no registrar: its own abuse page, fetched through the proxy.
    expect(drop.map((r) => r.address)).toEqual([onion.drop.abuseEmail]);
    // Its clearnet mirror is enforced like any clearnet site: the network that hosts it is written to.
    const mirrorPage = onion.expectedMirrorLeaks[0]!.pageUrl;
    const mirror = await resolvedRecipients(mirrorPage, 'mirror');
    expect(mirror.map((r) => r.address)).toContain(web.hosting.abuseEmail);

    // The dashboard counts the onion copies and their notices (the mirror's copy is a clearnet one).
    const sent = await waitFor(
      async () => {
        const summary = await browser.get<DashboardSummary>('/api/dashboard/summary');
        return summary.body.darkWeb?.noticesSent === onion.expectedLeaks.length && summary.body;
      },
      { what: 'the notices to the onion sites', timeoutMs: 60_000, intervalMs: 250 },
    );
    // The takedown report marks the onion pages' rows.
    const report = await browser.get<TakedownReportPage>('/api/takedowns?limit=100');
    expect(report.status).toBe(200);
    expect(
      report.body.takedowns
        .filter((row) => row.isDarkWeb)
        .map((row) => row.pageUrl)
        .sort(),
    ).toEqual(onion.expectedLeaks.map((l) => l.pageUrl).sort());
    // So does its CSV export, in its last column.
    const csv = await browser.get<string>('/api/takedowns/export.csv');
    expect(csv.status).toBe(200);
    const marked = csv.body
      .split('\r\n')
      .slice(1)
      .filter((line) => line.endsWith(',yes'));
    expect(marked).toHaveLength(onion.expectedLeaks.length);
    for (const leak of onion.expectedLeaks)
      expect(marked.some((line) => line.includes(leak.pageUrl))).toBe(true);
    // And its PDF, in a sentence on the summary page.
    const pdf = await fetch(new URL('/api/takedowns/export.pdf', server.url), {
      headers: { cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(pdf.status).toBe(200);
    const text = execFileSync('/usr/bin/pdftotext', ['-', '-'], {
      input: Buffer.from(await pdf.arrayBuffer()),
    }).toString();
    expect(text.replace(/\s+/g, ' ')).toContain(
      `Dark web: ${onion.expectedLeaks.length} found on Tor onion sites, ${onion.expectedLeaks.length} notices sent`,
    );
    expect(sent.darkWeb).toEqual({
      isScanning: true,
      found: onion.expectedLeaks.length,
      takedowns: onion.expectedLeaks.length,
      noticesSent: onion.expectedLeaks.length,
      removed: 0,
      noContact: 0,
    });
    const dropHost = new URL(onion.drop.origin).hostname;
    expect(onion.requests().some((r) => r.host === dropHost && r.path === '/abuse')).toBe(true);
    expect(lookups.filter((name) => name.endsWith('.onion'))).toEqual([]);
  }, 120_000);
});
