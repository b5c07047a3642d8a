// The Scam Registry over HTTP: sign-in and the affiliate-only refusal, reporting (validation, the daily
// cap), the operator's review (publish, reject with a reason, add), search and kind filter over
// published entries only, scoping of reports, and the reports in the creator's data export.
import type {
  OperatorRiskEntry,
  ReportRiskEntry,
  RiskEntryDetail,
  RiskRegistryPage,
  RiskReport,
  RiskReportList,
} from '@shark/contracts/risk-registry.ts';
import { RISK_REPORTS_PER_DAY } from '@shark/contracts/risk-registry.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '#server/testing/http-client.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';
import { registryCommands } from './risk-registry-commands.ts';

let server: TestServer;
let commands: ReturnType<typeof registryCommands>;
beforeAll(async () => {
  server = await startTestServer();
  commands = registryCommands(server.services.riskRegistry);
});
afterAll(async () => {
  await server?.close();
});

const command = async (name: string, body: unknown) =>
  (await commands[`registry/${name}`]!(body)) as OperatorRiskEntry;

let counter = 0;
function aReport(overrides: Partial<ReportRiskEntry> = {}): ReportRiskEntry {
  counter++;
  return {
    kind: 'fake_agency',
    name: `Velvet Models ${counter}`,
    identifiers: ['@velvetmodels', 'velvet-models.example'],
    description: 'Promises management, then asks for the account password and a fee up front.',
    evidenceUrls: ['https://screens.example/velvet.png'],
    firstSeenOn: '2026-03-02',
    ...overrides,
  };
}

async function report(browser: TestClient, body: ReportRiskEntry) {
  return browser.post<RiskReport>('/api/risk-registry/reports', body);
}

describe('access', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/risk-registry'],
    ['GET', '/api/risk-registry/reports'],
    ['POST', '/api/risk-registry/reports', aReport()],
    ['GET', '/api/risk-registry/some-id'],
  ];

  it('requires sign-in on every route, before reading the input', async () => {
    const anonymous = new TestClient(server.url);
    for (const [method, path, body] of calls) {
      const res = await anonymous.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('refuses affiliate-only accounts, as the web app keeps them out of /risk-registry', async () => {
    const user = await signedInUser(server);
    await server.services.accounts.grant(user.email, { affiliateOnly: true });
    for (const [method, path, body] of calls) {
      const res = await user.browser.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toMatchObject({ code: 'FORBIDDEN' });
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes the registry and community routes', async () => {
    const res = await new TestClient(server.url).get<{ paths: Record<string, unknown> }>(
      '/api/openapi.json',
    );
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/community',
        '/risk-registry',
        '/risk-registry/reports',
        '/risk-registry/{id}',
      ]),
    );
  });
});

describe('reporting', () => {
  it('saves a free creator’s report as pending and lists it among her reports', async () => {
    const { browser } = await signedInUser(server);
    const res = await report(browser, aReport({ identifiers: [' @a ', '', '@a', 'b.example'] }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      reviewNote: null,
      publishedAt: null,
      identifiers: ['@a', 'b.example'],
    });
    const mine = await browser.get<RiskReportList>('/api/risk-registry/reports');
    expect(mine.body.reports.map((r) => r.id)).toEqual([res.body.id]);
    expect(mine.body).toMatchObject({
      remainingToday: RISK_REPORTS_PER_DAY - 1,
      perDay: RISK_REPORTS_PER_DAY,
    });
  });

  it('refuses bad reports with a message per field, never a 500', async () => {
    const { browser } = await signedInUser(server);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...aReport(), kind: 'astrologer' }, 'kind', /kind of scam/],
      [{ ...aReport(), name: '   ' }, 'name', /name the scam goes by/],
      [{ ...aReport(), description: 'Too short' }, 'description', /at least 20 characters/],
      [
        { ...aReport(), evidenceUrls: ['javascript:alert(1)'] },
        'evidenceUrls',
        /https:\/\/ or http:\/\//,
      ],
      [
        { ...aReport(), evidenceUrls: ['https://ok.example/', 'ftp://files.example/x'] },
        'evidenceUrls',
        /Evidence link 2: Only web addresses/,
      ],
      [{ ...aReport(), evidenceUrls: ['not a url'] }, 'evidenceUrls', /full web address/],
      [
        {
          ...aReport(),
          evidenceUrls: Array.from({ length: 11 }, (_, i) => `https://e.example/${i}`),
        },
        'evidenceUrls',
        /at most 10/,
      ],
      [{ ...aReport(), firstSeenOn: '2026-02-30' }, 'firstSeenOn', /does not exist/],
      [{ ...aReport(), firstSeenOn: '2999-01-01' }, 'firstSeenOn', /future/],
      [{ ...aReport(), identifiers: 'one' }, 'identifiers', /as a list/],
    ];
    for (const [body, field, message] of cases) {
      const res = await browser.post('/api/risk-registry/reports', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect((res.body as { fields: Record<string, string> }).fields[field]).toMatch(message);
    }
    expect((await browser.get<RiskReportList>('/api/risk-registry/reports')).body.reports).toEqual(
      [],
    );
  });

  it(`caps reports at ${RISK_REPORTS_PER_DAY} in 24 hours per creator`, async () => {
    const first = await signedInUser(server);
    for (let i = 0; i < RISK_REPORTS_PER_DAY; i++)
      expect((await report(first.browser, aReport())).status).toBe(201);
    const refused = await report(first.browser, aReport());
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/5 reports in 24 hours/),
    });
    expect(
      (await first.browser.get<RiskReportList>('/api/risk-registry/reports')).body,
    ).toMatchObject({ remainingToday: 0 });
    // Another creator is not held back by her.
    const second = await signedInUser(server);
    expect((await report(second.browser, aReport())).status).toBe(201);
  });
});

describe('review and reading', () => {
  it('shows only published entries; the reporter follows her report through publish and reject', async () => {
    const reporter = await signedInUser(server);
    const reader = await signedInUser(server);
    const kept = (
      await report(
        reporter.browser,
        aReport({ name: 'Lumiere Takedowns', kind: 'fake_takedown_service' }),
      )
    ).body;
    const refused = (await report(reporter.browser, aReport({ name: 'Honest Agency' }))).body;

    // Pending: not in the registry, not readable by another creator, readable by the reporter.
    const search = async (query = '') =>
      (await reader.browser.get<RiskRegistryPage>(`/api/risk-registry${query}`)).body;
    expect((await search('?q=Lumiere')).entries).toEqual([]);
    expect((await reader.browser.get(`/api/risk-registry/${kept.id}`)).status).toBe(404);
    const own = await reporter.browser.get<RiskEntryDetail>(`/api/risk-registry/${kept.id}`);
    expect(own.body).toMatchObject({ status: 'pending', isOwnReport: true });

    const pending = (await commands['registry/pending']!({})) as OperatorRiskEntry[];
    expect(pending.find((e) => e.id === kept.id)).toMatchObject({
      reportedBy: reporter.email,
      status: 'pending',
    });

    const published = await command('publish', {
      id: kept.id,
      note: 'Confirmed with two other creators.',
      reviewedBy: 'ops',
    });
    expect(published).toMatchObject({
      status: 'published',
      reviewNote: 'Confirmed with two other creators.',
      reviewedBy: 'ops',
    });
    await expect(command('publish', { id: kept.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(command('reject', { id: refused.id })).rejects.toThrow(/reason is required/);
    await command('reject', { id: refused.id, note: 'No evidence of a scam.' });
    await expect(command('show', { id: 'no-such-entry' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    const found = await search('?q=lumiere');
    expect(found.entries.map((e) => e.id)).toEqual([kept.id]);
    expect(found.entries[0]).toMatchObject({
      evidenceUrls: kept.evidenceUrls,
      firstSeenOn: '2026-03-02',
    });
    expect(found.entries[0]).not.toHaveProperty('status');
    expect(found.entries[0]).not.toHaveProperty('reviewNote');
    const detail = await reader.browser.get<RiskEntryDetail>(`/api/risk-registry/${kept.id}`);
    expect(detail.body).toMatchObject({ status: 'published', isOwnReport: false });
    expect((await reader.browser.get(`/api/risk-registry/${refused.id}`)).status).toBe(404);

    const mine = (await reporter.browser.get<RiskReportList>('/api/risk-registry/reports')).body
      .reports;
    expect(mine.find((r) => r.id === refused.id)).toMatchObject({
      status: 'rejected',
      reviewNote: 'No evidence of a scam.',
    });
    expect(mine.find((r) => r.id === kept.id)).toMatchObject({
      status: 'published',
      reviewNote: 'Confirmed with two other creators.',
    });
    // Another creator never sees her reports.
    expect(
      (await reader.browser.get<RiskReportList>('/api/risk-registry/reports')).body.reports,
    ).toEqual([]);
  });

  it('searches every word over name, identifiers and description, filters by kind, and pages', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const phishing = await command('add', {
      ...aReport({
        kind: 'phishing_account',
        name: `Support ${tag}`,
        identifiers: [`@${tag}_help`],
      }),
      description: 'Sends fake copyright strikes with a link to a login page.',
    });
    const seller = await command('add', {
      ...aReport({
        kind: 'leak_seller',
        name: 'Bundle shop',
        identifiers: [`${tag}-leaks.example`],
      }),
      description: `Sells stolen bundles of creators' content (${tag} 100% off).`,
    });
    expect(phishing).toMatchObject({ status: 'published', reportedBy: null });
    const { browser } = await signedInUser(server);
    const get = async (query: string) =>
      (await browser.get<RiskRegistryPage>(`/api/risk-registry?${query}`)).body;
    expect((await get(`q=${tag}`)).entries.map((e) => e.id).sort()).toEqual(
      [phishing.id, seller.id].sort(),
    );
    expect((await get(`q=${tag}_help`)).entries.map((e) => e.id)).toEqual([phishing.id]);
    expect((await get(`q=${tag}%20login`)).entries.map((e) => e.id)).toEqual([phishing.id]);
    expect((await get(`q=${tag}&kind=leak_seller`)).entries.map((e) => e.id)).toEqual([seller.id]);
    // LIKE wildcards are searched as text: "%" matches only a real percent sign.
    expect((await get(`q=${tag}%20100%25`)).entries.map((e) => e.id)).toEqual([seller.id]);
    expect((await get(`q=${tag}%20nothing-like-this`)).entries).toEqual([]);
    const all = await get('');
    expect(all.entries.length).toBeLessThanOrEqual(all.pageSize);
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect((await browser.get('/api/risk-registry?kind=astrologer')).status).toBe(400);
    expect((await browser.get(`/api/risk-registry?q=${'x'.repeat(201)}`)).status).toBe(400);
    expect((await browser.get('/api/risk-registry?page=0')).status).toBe(400);
  });

  it('puts her reports in her data export', async () => {
    const user = await signedInUser(server);
    const sent = (await report(user.browser, aReport({ name: 'Exported scam' }))).body;
    const res = await user.browser.get<{
      riskRegistryReports: { id: string; name: string; status: string }[];
    }>('/api/account/export');
    expect(res.status).toBe(200);
    expect(res.body.riskRegistryReports).toEqual([
      expect.objectContaining({ id: sent.id, name: 'Exported scam', status: 'pending' }),
    ]);
  });
});
