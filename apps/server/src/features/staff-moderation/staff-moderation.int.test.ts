// Moderation in the staff console over HTTP: creators see none of it (404); agents publish and archive
// community posts and review Scam Registry reports through the same services as the CLI, and each
// change is in the audit log.
import type { OperatorCommunityPost } from '@shark/contracts/community.ts';
import type { OperatorRiskEntry, RiskReport } from '@shark/contracts/risk-registry.ts';
import type {
  StaffCommunityPostList,
  StaffRiskEntryList,
} from '@shark/contracts/staff-moderation.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUser } from '#server/testing/staff-users.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';

let server: TestServer;
let agent: Awaited<ReturnType<typeof staffUser>>;
let reporter: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  server = await startTestServer();
  agent = await staffUser(server, 'agent');
  reporter = await signedInUser(server);
});
afterAll(async () => {
  await server?.close();
});

let counter = 0;
async function reported(): Promise<RiskReport> {
  counter++;
  const answer = await reporter.browser.post<RiskReport>('/api/risk-registry/reports', {
    kind: 'fake_agency',
    name: `Velvet Models ${counter}`,
    identifiers: ['@velvetmodels'],
    description: 'Promises management, then asks for the account password and a fee up front.',
    evidenceUrls: ['https://screens.example/velvet.png'],
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

const aPost = { kind: 'announcement', title: 'New removal partner', body: 'We now cover X.' };

describe('the gate', () => {
  it('answers 404 to creators on every moderation route', async () => {
    for (const [method, path] of [
      ['get', '/api/staff/community'],
      ['post', '/api/staff/community'],
      ['post', '/api/staff/community/p1/archive'],
      ['get', '/api/staff/registry/pending'],
      ['get', '/api/staff/registry/e1'],
      ['post', '/api/staff/registry/e1/publish'],
      ['post', '/api/staff/registry/e1/reject'],
      ['post', '/api/staff/registry'],
    ] as const) {
      const answer =
        method === 'get' ? await reporter.browser.get(path) : await reporter.browser.post(path, {});
      expect(answer.status, path).toBe(404);
    }
  });
});

describe('community posts', () => {
  it('publishes in the agent’s name and archives, each in the audit log', async () => {
    const published = await agent.browser.post<OperatorCommunityPost>('/api/staff/community', {
      ...aPost,
      createdBy: 'someone else',
    });
    expect(published.status).toBe(201);
    expect(published.body).toMatchObject({ title: aPost.title, createdBy: agent.email });
    const list = await agent.browser.get<StaffCommunityPostList>('/api/staff/community');
    expect(list.body.posts.map((p) => p.id)).toContain(published.body.id);

    const archived = await agent.browser.post<OperatorCommunityPost>(
      `/api/staff/community/${published.body.id}/archive`,
      {},
    );
    expect(archived.status).toBe(200);
    expect(archived.body.archivedAt).not.toBeNull();
    const again = await agent.browser.post(`/api/staff/community/${published.body.id}/archive`, {});
    expect(again.status).toBe(409);

    const log = await server.services.staffAudit.list({ targetId: published.body.id });
    expect(log.events.map((e) => e.action)).toEqual(['community.archive', 'community.publish']);
    expect(log.events[0]).toMatchObject({ before: { archivedAt: null }, actorEmail: agent.email });
    const bad = await agent.browser.post('/api/staff/community', { ...aPost, title: '' });
    expect(bad.status).toBe(400);
  });
});

describe('the Scam Registry', () => {
  it('lists pending reports, publishes one with a note and rejects another with a reason', async () => {
    const first = await reported();
    const second = await reported();
    const pending = await agent.browser.get<StaffRiskEntryList>('/api/staff/registry/pending');
    expect(pending.body.entries.map((e) => e.id)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );

    const published = await agent.browser.post<OperatorRiskEntry>(
      `/api/staff/registry/${first.id}/publish`,
      { note: 'Confirmed by two other creators.' },
    );
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: 'published', reviewedBy: agent.email });

    const noReason = await agent.browser.post(`/api/staff/registry/${second.id}/reject`, {
      reason: ' ',
    });
    expect(noReason.status).toBe(400);
    const rejected = await agent.browser.post<OperatorRiskEntry>(
      `/api/staff/registry/${second.id}/reject`,
      { reason: 'No evidence of a scam.' },
    );
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      reviewNote: 'No evidence of a scam.',
    });
    const mine = await reporter.browser.get<{ reports: RiskReport[] }>(
      '/api/risk-registry/reports',
    );
    expect(mine.body.reports.find((r) => r.id === second.id)?.status).toBe('rejected');

    const log = await server.services.staffAudit.list({ actor: agent.email });
    const actions = log.events
      .filter((e) => e.targetType === 'risk_registry_entry')
      .map((e) => [e.action, e.targetId]);
    expect(actions).toEqual([
      ['registry.reject', second.id],
      ['registry.publish', first.id],
    ]);
    const reporterId = (await server.services.riskRegistry.reporterOf(first.id))!;
    const history = await server.services.staffAudit.list({ subjectUserId: reporterId });
    expect(history.events.map((e) => e.action)).toEqual(['registry.reject', 'registry.publish']);
    expect((await agent.browser.get('/api/staff/registry/no-such-entry')).status).toBe(404);
  });

  it('adds an entry of the staff’s own, published at once', async () => {
    const added = await agent.browser.post<OperatorRiskEntry>('/api/staff/registry', {
      kind: 'fake_agency',
      name: 'Glossy Talent',
      description: 'Asks creators for their passwords to “verify” the account.',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ status: 'published', reviewedBy: agent.email });
    const log = await server.services.staffAudit.list({ targetId: added.body.id });
    expect(log.events.map((e) => e.action)).toEqual(['registry.add']);
  });
});
