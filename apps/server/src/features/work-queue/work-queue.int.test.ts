// The work queue over HTTP and its sync on the real database: every kind of record enters and leaves,
// Premium comes before Standard with the configured due times, one agent holds an item at a time, and
// each finishing action moves the record through its own feature's service.
import type { AuditList, StaffMe } from '@shark/contracts/staff.ts';
import type {
  WorkItem,
  WorkItemDetail,
  WorkQueueCounts,
  WorkQueuePage,
} from '@shark/contracts/work-queue.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTakedown } from '#server/features/takedowns/testing/takedown-report-seed.ts';
import { entitledCreator } from '#server/testing/entitled-creator.ts';
import { staffUser } from '#server/testing/staff-users.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';
import {
  seedCreator,
  seedDelistingBatch,
  seedFormTask,
  seedImpersonationReport,
  seedPendingFinding,
  seedReportedUrl,
  seedSupportRequest,
  setFormTaskSubmitted,
  setSupportStatus,
} from './testing/work-queue-seed.ts';

const HOUR_MS = 3600_000;
let server: TestServer;
let agent: Awaited<ReturnType<typeof staffUser>>;
let agentId: string;

beforeAll(async () => {
  // No workers: nothing but the test moves a record (no sweep escalates a takedown meanwhile).
  server = await startTestServer(
    { STAFF_SLA_HOURS: 'premium:4,plus:24,standard:72,none:96' },
    { workers: false },
  );
  agent = await staffUser(server, 'agent');
  agentId = (await agent.browser.get<StaffMe>('/api/staff/me')).body.userId;
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.services.database.db;
const recipient = { name: 'Tube Example', role: 'site' as const, address: 'abuse@tube.example' };

async function itemsOf(creatorId: string, query = ''): Promise<WorkItem[]> {
  const page = await agent.browser.get<WorkQueuePage>(
    `/api/staff/queue?creator=${encodeURIComponent(creatorId)}${query}`,
  );
  expect(page.status, JSON.stringify(page.body)).toBe(200);
  return page.body.items;
}

async function itemFor(creatorId: string, refId: string, status = 'open'): Promise<WorkItem> {
  const items = await itemsOf(creatorId, `&status=${status}`);
  const item = items.find((i) => i.refId === refId);
  expect(item, `an item for ${refId}`).toBeDefined();
  return item!;
}

describe('the gate', () => {
  it('answers 404 to creators and the signed-out on every queue route', async () => {
    const creator = await signedInUser(server);
    for (const [method, path] of [
      ['get', '/api/staff/queue'],
      ['get', '/api/staff/queue/counts'],
      ['get', '/api/staff/queue/some-id'],
      ['post', '/api/staff/queue/some-id/claim'],
      ['post', '/api/staff/queue/some-id/finish'],
    ] as const) {
      const answer =
        method === 'get'
          ? await creator.browser.get(path)
          : await creator.browser.post(path, { action: 'form_submitted' });
      expect(answer.status, path).toBe(404);
    }
  });
});

describe('the sync', () => {
  it('makes one item per record of every kind, with the plan’s priority and due time', async () => {
    const premium = await seedCreator(db(), 'premium');
    const standard = await seedCreator(db(), 'standard');
    const affiliate = await seedCreator(db(), 'plus', { affiliateOnly: true });
    const takedownId = await seedTakedown(db(), premium, { status: 'confirmed', recipient });
    const formId = await seedFormTask(db(), premium, takedownId, 2);
    const askedId = await seedPendingFinding(db(), standard, 1);
    const notAsked = await seedPendingFinding(db(), standard, null);
    const reportedId = await seedReportedUrl(db(), premium);
    const fakeId = await seedImpersonationReport(db(), premium);
    const rejectedId = await seedTakedown(db(), standard, { status: 'rejected', recipient });
    const delistedTakedown = await seedTakedown(db(), standard, { status: 'notice_sent' });
    const premiumDelisted = await seedTakedown(db(), premium, { status: 'notice_sent' });
    const batchId = await seedDelistingBatch(db(), [
      { userId: standard, takedownId: delistedTakedown },
      { userId: premium, takedownId: premiumDelisted },
    ]);
    const supportId = await seedSupportRequest(db(), affiliate);

    await server.services.workQueue.sync();
    const second = await server.services.workQueue.sync();
    expect(second.made).toBe(0);

    const mine = await itemsOf(premium);
    expect(mine.map((i) => i.kind).sort()).toEqual([
      'delisting_upload',
      'form_notice',
      'manual_removal',
      'manual_removal',
    ]);
    const form = mine.find((i) => i.refId === formId)!;
    expect(form).toMatchObject({ plan: 'premium', priority: 1, host: 'tube.example' });
    expect(new Date(form.dueAt).getTime() - new Date(form.createdAt).getTime()).toBeLessThan(
      4 * HOUR_MS,
    );
    // Due four hours after the task arrived (two hours ago): overdue in two hours, not yet.
    expect(form.isOverdue).toBe(false);
    expect(mine.map((i) => i.refId)).toEqual(expect.arrayContaining([reportedId, fakeId, batchId]));

    const theirs = await itemsOf(standard);
    expect(theirs.map((i) => i.refId).sort()).toEqual([askedId, rejectedId].sort());
    expect(theirs.map((i) => i.refId)).not.toContain(notAsked);
    const review = theirs.find((i) => i.refId === askedId)!;
    expect(review).toMatchObject({ kind: 'finding_review', plan: 'standard', priority: 3 });
    expect(review.host).toBe('forum.example');
    const decision = theirs.find((i) => i.refId === rejectedId)!;
    expect(decision.reason).toMatch(/^rejected@\d+$/);

    // An affiliate-only account has no plan here: lowest priority, the configured 96 hours.
    const [help] = await itemsOf(affiliate);
    expect(help).toMatchObject({ kind: 'support', refId: supportId, plan: 'none', priority: 4 });

    // The shared delisting file is as urgent as its most urgent creator.
    expect(mine.find((i) => i.refId === batchId)).toMatchObject({ plan: 'premium' });
  });

  it('lists Premium before Standard, then by due time, and filters', async () => {
    const premium = await seedCreator(db(), 'premium');
    const standard = await seedCreator(db(), 'standard');
    const olderStandard = await seedPendingFinding(db(), standard, 60);
    const newerPremium = await seedPendingFinding(db(), premium, 0);
    await server.services.workQueue.sync();

    const page = await agent.browser.get<WorkQueuePage>('/api/staff/queue?kind=finding_review');
    const ids = page.body.items.map((i) => i.refId);
    expect(ids.indexOf(newerPremium)).toBeLessThan(ids.indexOf(olderStandard));
    const priorities = page.body.items.map((i) => i.priority);
    expect([...priorities].sort((a, b) => a - b)).toEqual(priorities);

    // Standard: due 72 h after it was asked 60 h ago, so not overdue; asked 80 h ago it would be.
    const late = await seedPendingFinding(db(), standard, 80);
    await server.services.workQueue.sync();
    const overdue = await itemsOf(standard, '&overdue=true');
    expect(overdue.map((i) => i.refId)).toEqual([late]);
    expect(overdue[0]!.isOverdue).toBe(true);

    const byPlan = await agent.browser.get<WorkQueuePage>(
      '/api/staff/queue?plan=premium&kind=finding_review',
    );
    expect(byPlan.body.items.every((i) => i.plan === 'premium')).toBe(true);
    const byHost = await agent.browser.get<WorkQueuePage>('/api/staff/queue?host=forum.example');
    expect(byHost.body.items.length).toBeGreaterThan(0);
    expect(byHost.body.items.every((i) => i.host === 'forum.example')).toBe(true);

    const limited = await agent.browser.get<WorkQueuePage>('/api/staff/queue?limit=1');
    expect(limited.body.items).toHaveLength(1);
    const next = await agent.browser.get<WorkQueuePage>(
      `/api/staff/queue?limit=1&cursor=${limited.body.nextCursor}`,
    );
    expect(next.body.items[0]!.id).not.toBe(limited.body.items[0]!.id);
    expect((await agent.browser.get('/api/staff/queue?kind=nothing')).status).toBe(400);
    expect((await agent.browser.get('/api/staff/queue?cursor=garbage')).status).toBe(400);

    const counts = await agent.browser.get<WorkQueueCounts>('/api/staff/queue/counts');
    const reviews = counts.body.kinds.find((k) => k.kind === 'finding_review')!;
    expect(reviews.open).toBeGreaterThanOrEqual(3);
    expect(reviews.overdue).toBeGreaterThanOrEqual(1);
  });

  it('closes items whose record was dealt with elsewhere, and opens a new one when it needs work again', async () => {
    const creator = await seedCreator(db(), 'plus');
    const takedownId = await seedTakedown(db(), creator, { status: 'confirmed', recipient });
    const formId = await seedFormTask(db(), creator, takedownId);
    const supportId = await seedSupportRequest(db(), creator);
    const decisionId = await seedTakedown(db(), creator, { status: 'rejected', recipient });
    await server.services.workQueue.sync();
    expect(await itemsOf(creator)).toHaveLength(3);

    await setFormTaskSubmitted(db(), formId);
    await setSupportStatus(db(), supportId, 'answered');
    await server.services.takedownLifecycle.respond(decisionId, { kind: 'removed' });
    const { closed } = await server.services.workQueue.sync();
    expect(closed).toBeGreaterThanOrEqual(3);
    expect(await itemsOf(creator)).toHaveLength(0);
    const done = await itemsOf(creator, '&status=done');
    expect(done).toHaveLength(3);
    expect(done.every((i) => i.outcome === 'resolved elsewhere')).toBe(true);

    // The creator writes again: the request is open again and waits for staff once more.
    await setSupportStatus(db(), supportId, 'open');
    await server.services.workQueue.sync();
    expect((await itemsOf(creator)).map((i) => i.refId)).toEqual([supportId]);
  });
});

describe('claims', () => {
  it('lets one of two agents win a race for the same item; the other hears who holds it', async () => {
    const creator = await seedCreator(db(), 'premium');
    const reportId = await seedReportedUrl(db(), creator);
    await server.services.workQueue.sync();
    const item = await itemFor(creator, reportId);
    const other = await staffUser(server, 'agent');

    const [a, b] = await Promise.all([
      agent.browser.post<WorkItem & { message: string }>(`/api/staff/queue/${item.id}/claim`),
      other.browser.post<WorkItem & { message: string }>(`/api/staff/queue/${item.id}/claim`),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [winner, loser] = a.status === 200 ? [agent, other] : [other, agent];
    const lost = a.status === 200 ? b : a;
    expect(lost.body.message).toContain(winner.email);

    const mine = await winner.browser.get<WorkQueuePage>(
      `/api/staff/queue?claim=mine&creator=${creator}`,
    );
    expect(mine.body.items.map((i) => i.id)).toEqual([item.id]);
    expect(
      (await loser.browser.post(`/api/staff/queue/${item.id}/release`)).status,
      'only the holder releases',
    ).toBe(409);
    const released = await winner.browser.post<WorkItem>(`/api/staff/queue/${item.id}/release`);
    expect(released.body.claimedBy).toBeNull();
    const unclaimed = await loser.browser.get<WorkQueuePage>(
      `/api/staff/queue?claim=unclaimed&creator=${creator}`,
    );
    expect(unclaimed.body.items.map((i) => i.id)).toEqual([item.id]);

    const log = await agent.browser.get<AuditList>(`/api/staff/audit?targetId=${item.id}`);
    expect(log.body.events.map((e) => e.action)).toEqual(['work.release', 'work.claim']);
    expect(log.body.events.every((e) => e.subjectUserId === creator)).toBe(true);
  });

  it('refuses a finish while another agent holds the item', async () => {
    const creator = await seedCreator(db(), 'plus');
    const reportId = await seedReportedUrl(db(), creator);
    await server.services.workQueue.sync();
    const item = await itemFor(creator, reportId);
    const other = await staffUser(server, 'agent');
    expect((await other.browser.post(`/api/staff/queue/${item.id}/claim`)).status).toBe(200);
    const finish = await agent.browser.post<{ message: string }>(
      `/api/staff/queue/${item.id}/finish`,
      { action: 'removal_outcome', outcome: 'Sent to the host.' },
    );
    expect(finish.status).toBe(409);
    expect(finish.body.message).toContain(other.email);
  });
});

describe('finishing', () => {
  async function finish(itemId: string, body: Record<string, unknown>) {
    const answer = await agent.browser.post<WorkItem & { message?: string }>(
      `/api/staff/queue/${itemId}/finish`,
      body,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.status).toBe('done');
    return answer.body;
  }

  it('submits a form notice, as shark forms done does', async () => {
    const creator = await seedCreator(db(), 'premium');
    const takedownId = await seedTakedown(db(), creator, { status: 'confirmed', recipient });
    const formId = await seedFormTask(db(), creator, takedownId);
    await server.services.workQueue.sync();
    const item = await itemFor(creator, formId);
    const detail = await agent.browser.get<WorkItemDetail>(`/api/staff/queue/${item.id}`);
    expect(detail.body.form).toMatchObject({ formUrl: 'https://tube.example/dmca' });
    expect(detail.body.form!.fields.map((f) => f.label)).toContain('Infringing URLs');
    expect(detail.body.actions).toEqual(['form_submitted']);

    const wrong = await agent.browser.post(`/api/staff/queue/${item.id}/finish`, {
      action: 'delisting_uploaded',
    });
    expect(wrong.status).toBe(400);
    const done = await finish(item.id, { action: 'form_submitted' });
    expect(done.doneBy).toBe(agentId);
    const task = await server.services.enforcement.forms.show(formId);
    expect(task).toMatchObject({ status: 'submitted', submittedBy: agent.email });
    const log = await agent.browser.get<AuditList>(`/api/staff/audit?targetId=${item.id}`);
    expect(log.body.events[0]).toMatchObject({ action: 'work.finish', subjectUserId: creator });
  });

  it('confirms or rejects a finding as the creator’s own review does', async () => {
    const creator = await seedCreator(db(), 'plus');
    const confirmId = await seedPendingFinding(db(), creator, 1);
    const rejectId = await seedPendingFinding(db(), creator, 1);
    await server.services.workQueue.sync();
    const detail = await agent.browser.get<WorkItemDetail>(
      `/api/staff/queue/${(await itemFor(creator, confirmId)).id}`,
    );
    expect(detail.body.finding).toMatchObject({ id: confirmId, status: 'pending_review' });
    expect(detail.body.pageUrl).toContain('forum.example');
    await finish((await itemFor(creator, confirmId)).id, { action: 'finding_confirm' });
    await finish((await itemFor(creator, rejectId)).id, { action: 'finding_reject' });
    expect((await server.services.findings.get(creator, confirmId)).status).toBe('confirmed');
    expect((await server.services.findings.get(creator, rejectId)).status).toBe('rejected');
  });

  it('escalates or marks removed a takedown waiting for a decision', async () => {
    const creator = await seedCreator(db(), 'standard');
    const escalateId = await seedTakedown(db(), creator, { status: 'no_response', recipient });
    const removedId = await seedTakedown(db(), creator, { status: 'rejected', recipient });
    await server.services.workQueue.sync();
    const detail = await agent.browser.get<WorkItemDetail>(
      `/api/staff/queue/${(await itemFor(creator, removedId)).id}`,
    );
    expect(detail.body.takedown!.events.map((e) => e.to)).toEqual(['confirmed', 'rejected']);
    expect(detail.body.takedown!.recipients[0]).toMatchObject({ name: 'Tube Example' });

    const escalated = await finish((await itemFor(creator, escalateId)).id, {
      action: 'takedown_escalate',
    });
    // Only one recipient: nobody is left to ask, so the takedown closes.
    expect(escalated.outcome).toMatch(/closed/);
    expect((await server.services.takedownLifecycle.describe(escalateId)).status).toBe('closed');
    await finish((await itemFor(creator, removedId)).id, {
      action: 'takedown_removed',
      note: 'The site answered by mail.',
    });
    expect((await server.services.takedownLifecycle.describe(removedId)).status).toBe('removed');

    // Her own takedown history shows what the team did, each on its own takedown.
    const removed = await server.services.enforcement.takedowns.detail(creator, removedId);
    expect(removed.staffActions.map((a) => a.description)).toEqual([
      'Marked removed: The site answered by mail.',
    ]);
    const closed = await server.services.enforcement.takedowns.detail(creator, escalateId);
    expect(closed.staffActions.map((a) => a.description)).toEqual([escalated.outcome]);
  });

  it('marks a delisting file uploaded, records a manual removal’s outcome, and sends support to its page', async () => {
    const creator = await seedCreator(db(), 'premium');
    const takedownId = await seedTakedown(db(), creator, { status: 'notice_sent' });
    const batchId = await seedDelistingBatch(db(), [{ userId: creator, takedownId }]);
    const fakeId = await seedImpersonationReport(db(), creator);
    const supportId = await seedSupportRequest(db(), creator);
    await server.services.workQueue.sync();

    const delisting = await itemFor(creator, batchId);
    await finish(delisting.id, { action: 'delisting_uploaded' });
    const batches = await server.services.enforcement.delisting.list();
    expect(batches.find((b) => b.id === batchId)!.submittedAt).not.toBeNull();

    const removal = await itemFor(creator, fakeId);
    const detail = await agent.browser.get<WorkItemDetail>(`/api/staff/queue/${removal.id}`);
    expect(detail.body.report).toMatchObject({
      type: 'impersonation',
      platform: 'Instagram',
      monthlyLimit: null,
    });
    const empty = await agent.browser.post(`/api/staff/queue/${removal.id}/finish`, {
      action: 'removal_outcome',
      outcome: ' ',
    });
    expect(empty.status).toBe(400);
    const done = await finish(removal.id, {
      action: 'removal_outcome',
      outcome: 'Reported to Instagram; profile gone.',
    });
    expect(done.outcome).toBe('Reported to Instagram; profile gone.');

    const support = await itemFor(creator, supportId);
    const page = await agent.browser.get<WorkItemDetail>(`/api/staff/queue/${support.id}`);
    expect(page.body.support).toMatchObject({ path: `/staff/support/${supportId}` });
    expect(page.body.actions).toEqual([]);
    const refused = await agent.browser.post(`/api/staff/queue/${support.id}/finish`, {
      action: 'removal_outcome',
      outcome: 'x',
    });
    expect(refused.status).toBe(400);
  });
});

describe('asking Shark to review a finding', () => {
  it('lets the creator ask about a pending finding, which then enters the queue', async () => {
    const creator = await entitledCreator(server);
    const pending = await seedPendingFinding(db(), creator.userId, null);
    const asked = await creator.browser.post<{ finding: { staffReviewRequestedAt: string } }>(
      `/api/findings/${pending}/ask-review`,
    );
    expect(asked.status).toBe(200);
    expect(asked.body.finding.staffReviewRequestedAt).toBeTruthy();
    const again = await creator.browser.post<{ finding: { staffReviewRequestedAt: string } }>(
      `/api/findings/${pending}/ask-review`,
    );
    expect(again.body.finding.staffReviewRequestedAt).toBe(
      asked.body.finding.staffReviewRequestedAt,
    );
    await server.services.workQueue.sync();
    expect((await itemFor(creator.userId, pending)).kind).toBe('finding_review');

    const other = await entitledCreator(server);
    expect((await other.browser.post(`/api/findings/${pending}/ask-review`)).status).toBe(404);
    await creator.browser.post(`/api/findings/${pending}/review`, { action: 'confirm' });
    expect((await creator.browser.post(`/api/findings/${pending}/ask-review`)).status).toBe(409);
  });
});
