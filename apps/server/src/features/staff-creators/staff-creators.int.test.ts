// The staff console's creators over HTTP: creators see none of it (404), staff find a creator by her
// address, username or one of her pages and read her page; only admins grant, through the same rules as
// `shark users grant`, and each grant is in the audit log with her as its subject.
import type { AuditList } from '@shark/contracts/staff.ts';
import type { CreatorOverview, CreatorSearchResult } from '@shark/contracts/staff-creators.ts';
import type { User } from '@shark/contracts/user.ts';
import { finding, supportRequest, takedown } from '@shark/db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitledCreator, type EntitledCreator } from '#server/testing/entitled-creator.ts';
import { staffUser } from '#server/testing/staff-users.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';

let server: TestServer;
let creator: EntitledCreator;
let agent: Awaited<ReturnType<typeof staffUser>>;
let admin: Awaited<ReturnType<typeof staffUser>>;
const handle = `nova_${Date.now().toString(36)}`;
const leakPage = `https://leaks.example/${handle}/album-1`;

beforeAll(async () => {
  server = await startTestServer();
  creator = await entitledCreator(server, { name: 'Nova Staffpage' });
  const added = await creator.browser.post('/api/accounts', {
    platform: 'instagram',
    username: handle,
    isOld: false,
  });
  expect(added.status).toBe(201);
  const db = server.services.database.db;
  const findingId = `f_${handle}`;
  await db.insert(finding).values({
    id: findingId,
    userId: creator.userId,
    kind: 'mention',
    dedupKey: `mention:${leakPage}`,
    status: 'confirmed',
    pageUrl: leakPage,
    normalizedUrl: `leaks.example/${handle}/album-1`,
    confidence: 0.9,
  });
  await db.insert(takedown).values({
    id: `t_${handle}`,
    userId: creator.userId,
    findingId,
    kind: 'leak',
    pageUrl: leakPage,
    normalizedUrl: `leaks.example/${handle}/album-1`,
    host: 'leaks.example',
    status: 'notice_sent',
    confirmedAt: new Date(),
  });
  await db.insert(supportRequest).values({
    id: `s_${handle}`,
    userId: creator.userId,
    subject: 'My takedown is slow',
  });
  agent = await staffUser(server, 'agent');
  admin = await staffUser(server, 'admin');
});
afterAll(async () => {
  await server?.close();
});

describe('the gate', () => {
  it('answers 404 to creators on every creators route', async () => {
    const other = await signedInUser(server);
    for (const client of [other.browser, creator.browser]) {
      expect((await client.get('/api/staff/creators?q=nova')).status).toBe(404);
      expect((await client.get(`/api/staff/creators/${creator.userId}`)).status).toBe(404);
      expect(
        (await client.post(`/api/staff/creators/${creator.userId}/grants`, { features: [] }))
          .status,
      ).toBe(404);
    }
  });
});

describe('the lookup', () => {
  it('finds her by e-mail address, username, and the page of one of her findings', async () => {
    for (const q of [creator.email.toUpperCase(), `@${handle}`, leakPage]) {
      const found = await agent.browser.get<CreatorSearchResult>(
        `/api/staff/creators?q=${encodeURIComponent(q)}`,
      );
      expect(found.status, q).toBe(200);
      expect(
        found.body.creators.map((c) => c.id),
        q,
      ).toContain(creator.userId);
    }
    const byPage = await agent.browser.get<CreatorSearchResult>(
      `/api/staff/creators?q=${encodeURIComponent(leakPage.replace('https://', 'http://www.'))}`,
    );
    expect(byPage.body.creators[0]).toMatchObject({ id: creator.userId, matchedBy: 'page' });
    const byHandle = await agent.browser.get<CreatorSearchResult>(
      `/api/staff/creators?q=${handle}`,
    );
    expect(byHandle.body.creators.find((c) => c.id === creator.userId)?.matchedBy).toBe('username');
  });

  it('refuses a query too short to mean anything, and finds nobody for a stranger', async () => {
    expect((await agent.browser.get('/api/staff/creators?q=a')).status).toBe(400);
    const none = await agent.browser.get<CreatorSearchResult>(
      '/api/staff/creators?q=nobody-at-all-zz9',
    );
    expect(none.body).toEqual({ creators: [], isTruncated: false });
  });
});

describe('her page', () => {
  it('shows profile, plan, usage, accounts, findings, takedowns and support', async () => {
    const page = await agent.browser.get<CreatorOverview>(`/api/staff/creators/${creator.userId}`);
    expect(page.status).toBe(200);
    expect(page.body.profile).toMatchObject({ email: creator.email, emailVerified: true });
    expect(page.body.account).toMatchObject({ status: 'subscribed', plan: 'premium' });
    expect(page.body.usage.usage.usernames).toBe(1);
    expect(page.body.protectedAccounts.map((a) => a.username)).toEqual([handle]);
    expect(page.body.findings.counts).toMatchObject({ confirmed: 1, pending_review: 0 });
    expect(page.body.findings.recent[0]?.pageUrl).toBe(leakPage);
    expect(page.body.takedowns.counts.notice_sent).toBe(1);
    expect(page.body.support.map((s) => s.subject)).toEqual(['My takedown is slow']);
    expect((await agent.browser.get('/api/staff/creators/no-such-user')).status).toBe(404);
  });
});

describe('grants', () => {
  it('are for admins only', async () => {
    const refused = await agent.browser.post(`/api/staff/creators/${creator.userId}/grants`, {
      features: ['promoProtect'],
    });
    expect(refused.status).toBe(403);
  });

  it('change what she is granted, and write one audit event with before and after', async () => {
    const before = (await server.services.staffCreators.overview(creator.userId)).account;
    const granted = await admin.browser.post<User>(`/api/staff/creators/${creator.userId}/grants`, {
      features: ['promoProtect'],
      suggestUpgrade: 'Try Premium for your second brand',
    });
    expect(granted.status).toBe(200);
    expect(granted.body.effectiveSpecialFeatures).toContain('promoProtect');
    expect(granted.body.suggestUpgradeCustomMessage).toBe('Try Premium for your second brand');
    const after = (await server.services.staffCreators.overview(creator.userId)).account;
    expect(after.grantedFeatures).toEqual(['promoProtect']);
    expect(after.plan).toBe(before.plan);

    const log = await agent.browser.get<AuditList>(
      `/api/staff/audit?subjectUserId=${creator.userId}`,
    );
    expect(log.body.events).toHaveLength(1);
    expect(log.body.events[0]).toMatchObject({
      actorEmail: admin.email,
      action: 'account.grant',
      targetType: 'user',
      targetId: creator.userId,
      before: { grantedFeatures: before.grantedFeatures, suggestUpgrade: null },
      after: {
        grantedFeatures: ['promoProtect'],
        suggestUpgrade: 'Try Premium for your second brand',
        plan: 'premium',
      },
    });
  });

  it('refuse what the account rules refuse, and an empty grant, writing nothing', async () => {
    const noPlan = await admin.browser.post<{ message: string }>(
      `/api/staff/creators/${creator.userId}/grants`,
      { status: 'free', plan: 'plus' },
    );
    expect(noPlan.status).toBe(400);
    expect(noPlan.body.message).toMatch(/has no plan/);
    expect(
      (await admin.browser.post(`/api/staff/creators/${creator.userId}/grants`, {})).status,
    ).toBe(400);
    expect(
      (await admin.browser.post('/api/staff/creators/no-such-user/grants', { features: [] }))
        .status,
    ).toBe(404);
    const log = await server.services.staffAudit.list({ subjectUserId: creator.userId });
    expect(log.events).toHaveLength(1);
  });
});
