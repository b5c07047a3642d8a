// A likeness finding a creator hands to Shark's team, through the work queue over HTTP: the agent sees
// both faces (served to staff alone, and not audited) and the similarity, and confirming it needs what
// the picture is, which decides the law its takedown opens under.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditList } from '@shark/contracts/staff.ts';
import type { WorkItem, WorkItemDetail, WorkQueuePage } from '@shark/contracts/work-queue.ts';
import { finding, takedown } from '@shark/db/schema.ts';
import { enrolFace, recordLikeness } from '#server/features/findings/testing/likeness-findings.ts';
import { entitledCreator, type EntitledCreator } from '#server/testing/entitled-creator.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { staffUser } from '#server/testing/staff-users.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';

let server: TestServer;
let agent: Awaited<ReturnType<typeof staffUser>>;
let creator: EntitledCreator;
let faceId: string;

beforeAll(async () => {
  // No workers: the takedown stays as it opened (its recipients are not looked up meanwhile).
  server = await startTestServer({}, { workers: false });
  agent = await staffUser(server, 'agent');
  creator = await entitledCreator(server);
  faceId = await enrolFace(server.services, creator.userId);
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.services.database.db;

/** A likeness finding of hers she asked Shark to review, and its item in the queue. */
async function askedLikeness(pageUrl: string): Promise<{ findingId: string; item: WorkItem }> {
  const { id } = await recordLikeness(server.services, creator.userId, pageUrl, {
    enrolledFaceId: faceId,
    similarity: 0.81,
  });
  const asked = await creator.browser.post(`/api/findings/${id}/ask-review`);
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  await server.services.workQueue.sync();
  const page = await agent.browser.get<WorkQueuePage>(
    `/api/staff/queue?kind=finding_review&creator=${encodeURIComponent(creator.userId)}`,
  );
  expect(page.status).toBe(200);
  const item = page.body.items.find((i) => i.refId === id);
  expect(item, `the queue's item for ${id}`).toBeDefined();
  return { findingId: id, item: item! };
}

async function takedownOf(findingId: string) {
  const [row] = await db().select().from(takedown).where(eq(takedown.findingId, findingId));
  return row;
}

const finish = (itemId: string, body: object) =>
  agent.browser.post<WorkItem & { message?: string; fields?: Record<string, string> }>(
    `/api/staff/queue/${itemId}/finish`,
    body,
  );

describe('a likeness finding in the work queue', () => {
  it('shows the agent the similarity and both faces, served to staff alone and not audited', async () => {
    const { item } = await askedLikeness('https://fakes.example/p/1');
    const detail = await agent.browser.get<WorkItemDetail>(`/api/staff/queue/${item.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.finding).toMatchObject({
      kind: 'likeness',
      status: 'pending_review',
      faceSimilarity: 0.81,
      likeness: { hasFoundFace: true, hasEnrolledFace: true, nature: null },
    });
    expect(detail.body.actions).toEqual(['finding_confirm', 'finding_reject']);

    const found = await agent.browser.download(`/api/staff/queue/${item.id}/face/found`);
    const enrolled = await agent.browser.download(`/api/staff/queue/${item.id}/face/enrolled`);
    expect(found.status).toBe(200);
    expect(found.headers.get('content-type')).toBe('image/jpeg');
    expect(enrolled.status).toBe(200);
    // The test crops are one colour each: red for the face found, blue for hers.
    expect((await sharp(found.bytes).stats()).dominant.r).toBeGreaterThan(200);
    expect((await sharp(enrolled.bytes).stats()).dominant.b).toBeGreaterThan(200);
    expect((await agent.browser.download(`/api/staff/queue/${item.id}/face/other`)).status).toBe(
      400,
    );
    expect((await agent.browser.download(`/api/staff/queue/nope/face/found`)).status).toBe(404);

    // The creator herself, another creator and the signed-out: 404, as if the route did not exist.
    const other = await entitledCreator(server);
    const anonymous = new TestClient(server.url);
    for (const client of [creator.browser, other.browser, anonymous])
      for (const which of ['found', 'enrolled'])
        expect((await client.download(`/api/staff/queue/${item.id}/face/${which}`)).status).toBe(
          404,
        );

    const log = await agent.browser.get<AuditList>(`/api/staff/audit?targetId=${item.id}`);
    expect(log.status).toBe(200);
    expect(log.body.events).toEqual([]);
  });

  it('is confirmed only with what the picture is; a forgery opens under TAKE IT DOWN', async () => {
    const { findingId, item } = await askedLikeness('https://fakes.example/p/2');
    const missing = await finish(item.id, { action: 'finding_confirm' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/Say what this picture is/);
    expect(missing.body.fields).toHaveProperty('likenessNature');
    const wrong = await finish(item.id, { action: 'finding_confirm', likenessNature: 'selfie' });
    expect(wrong.status).toBe(400);
    expect(await takedownOf(findingId)).toBeUndefined();

    const done = await finish(item.id, { action: 'finding_confirm', likenessNature: 'forgery' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'done' });
    expect(done.body.outcome).toBe('Finding confirmed: a forgery of the creator’s likeness.');
    const [row] = await db().select().from(finding).where(eq(finding.id, findingId));
    expect(row).toMatchObject({ status: 'confirmed', likenessNature: 'forgery' });
    expect(await takedownOf(findingId)).toMatchObject({
      kind: 'likeness',
      legalBasis: 'take_it_down',
    });
  });

  it('takes her own content down as a copyright case', async () => {
    const { findingId, item } = await askedLikeness('https://fakes.example/p/3');
    const done = await finish(item.id, {
      action: 'finding_confirm',
      likenessNature: 'own_content',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await takedownOf(findingId)).toMatchObject({ kind: 'likeness', legalBasis: 'dmca' });
  });
});
