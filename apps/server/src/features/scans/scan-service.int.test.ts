// Who may scan and how often: "Scan now" needs the set-up entitlement and stays within the plan's scans
// a month, one scan of a creator runs at a time, the schedule follows the plan's frequency, and the free
// scan in onboarding runs once, before payment, on the usernames entered.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan, scanTask } from '@shark/db/schema.ts';
import type { AccountPlatform } from '@shark/contracts/accounts.ts';
import type { FreeScanResult } from '@shark/contracts/findings.ts';
import type { ScanList } from '@shark/contracts/scans.ts';
import { startSimulatedWeb, type SimulatedWeb } from '@shark/simulated-web/index.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { seedCreator } from '#server/testing/seed-creator.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { waitFor } from '#server/testing/wait-for.ts';
import { createScanRepository } from './scan-repository.ts';
import { recoverScans } from './scan-worker.ts';

const password = 'scan limits password 1';
let counter = 0;

async function creator(
  server: TestServer,
  plan: 'standard' | 'plus' | 'premium' | null,
  accounts: { platform: AccountPlatform; username: string }[] = [
    { platform: 'instagram', username: `creator_${++counter}` },
  ],
) {
  const email = `scan-limits-${++counter}@example.com`;
  const seeded = await seedCreator(server.services, {
    email,
    password,
    name: 'Scan Limits',
    plan,
    accounts,
  });
  const client = new TestClient(server.url);
  expect((await client.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
  return { ...seeded, email, client };
}

describe('scan limits and the schedule (no workers: scans stay queued)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({}, { workers: false });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it('refuses "Scan now" to a creator without a subscription', async () => {
    const free = await creator(server, null);
    const response = await free.client.post('/api/scans', {});
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('FORBIDDEN');
    expect((await free.client.get('/api/scans')).status).toBe(403);
  });

  it('runs one scan of a creator at a time', async () => {
    const { client } = await creator(server, 'premium');
    const first = await client.post('/api/scans', {});
    expect(first.status).toBe(201);
    expect(first.body.status).toBe('queued');
    const second = await client.post('/api/scans', {});
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/already running/);
  });

  it('stops at the plan’s scans a month and names the plan that allows more', async () => {
    const { client, userId } = await creator(server, 'standard');
    // Four finished scans this month (Standard allows 4 on demand).
    for (let i = 0; i < 4; i++) {
      await server.services.database.db.insert(scan).values({
        id: `done-${userId}-${i}`,
        userId,
        trigger: 'manual',
        status: 'completed',
        finishedAt: new Date(),
      });
    }
    const refused = await client.post('/api/scans', {});
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PLAN_LIMIT_REACHED');
    expect(refused.body.limit).toMatchObject({
      name: 'scansPerMonth',
      allowed: 4,
      used: 4,
      upgradeTier: 'plus',
    });
    const list = await client.get<ScanList>('/api/scans');
    expect(list.body).toMatchObject({ usedThisMonth: 4, allowedPerMonth: 4 });
    expect(list.body.scans).toHaveLength(4);
  });

  it('starts scheduled scans at the plan’s frequency, never two at once', async () => {
    const { userId, client } = await creator(server, 'plus');
    const now = new Date();
    expect(await server.services.scans.scheduleDue(now)).toBeGreaterThan(0);
    const scheduled = await server.services.database.db
      .select()
      .from(scan)
      .where(eq(scan.userId, userId));
    expect(scheduled.map((s) => [s.trigger, s.status])).toEqual([['schedule', 'queued']]);
    // Due again a day later (Plus: 30 a month), but its first scan is still running.
    await server.services.scans.scheduleDue(new Date(now.getTime() + 25 * 3600 * 1000));
    expect(
      await server.services.database.db.select().from(scan).where(eq(scan.userId, userId)),
    ).toHaveLength(1);
    // Once it finished, not before a day has passed since it started.
    await server.services.database.db
      .update(scan)
      .set({ status: 'completed', finishedAt: now })
      .where(eq(scan.userId, userId));
    await server.services.scans.scheduleDue(new Date(now.getTime() + 3600 * 1000));
    expect(
      await server.services.database.db.select().from(scan).where(eq(scan.userId, userId)),
    ).toHaveLength(1);
    await server.services.scans.scheduleDue(new Date(now.getTime() + 25 * 3600 * 1000));
    expect(
      await server.services.database.db.select().from(scan).where(eq(scan.userId, userId)),
    ).toHaveLength(2);
    const list = await client.get<ScanList>('/api/scans');
    expect(list.body.nextScheduledAt).not.toBeNull();
    // A subscriber with no username yet has nothing to scan.
    const empty = await creator(server, 'plus', []);
    await server.services.scans.scheduleDue(new Date(now.getTime() + 60 * 24 * 3600 * 1000));
    expect(
      await server.services.database.db.select().from(scan).where(eq(scan.userId, empty.userId)),
    ).toEqual([]);
  });

  it('gives another creator’s scan as not found, and validates the id', async () => {
    const owner = await creator(server, 'premium');
    const started = await owner.client.post('/api/scans', {});
    const other = await creator(server, 'premium');
    expect((await other.client.get(`/api/scans/${String(started.body.id)}`)).status).toBe(404);
    expect((await owner.client.get(`/api/scans/${'x'.repeat(300)}`)).status).toBe(400);
  });

  it('needs a username before the free scan, and runs it once', async () => {
    const none = await creator(server, null, []);
    const refused = await none.client.post('/api/onboarding/free-scan', {});
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/username/);
    const before = await none.client.get<FreeScanResult>('/api/onboarding/free-scan');
    expect(before.body.scan).toBeNull();

    const { client } = await creator(server, null);
    const started = await client.post<FreeScanResult>('/api/onboarding/free-scan', {});
    expect(started.status).toBe(202);
    expect(started.body.scan).toMatchObject({ status: 'queued', queryBudget: 40 });
    expect(started.body.scan?.deadlineAt).not.toBeNull();
    expect((await client.post('/api/onboarding/free-scan', {})).status).toBe(409);
  });

  it('the periodic sweep sends a job for a task row a dead worker left without one, and leaves fresh rows alone', async () => {
    const { userId, client } = await creator(server, 'premium');
    const started = await client.post('/api/scans', {});
    const scanId = String(started.body.id);
    await server.services.database.db
      .update(scan)
      .set({ status: 'running' })
      .where(eq(scan.id, scanId));
    const repo = createScanRepository(server.services.database.db);
    const [orphan, fresh] = await repo.addTasks(
      scanId,
      userId,
      [
        { stage: 'fetch', key: 'orphan', input: {} },
        { stage: 'fetch', key: 'fresh', input: {} },
      ],
      randomUUID,
    );
    await server.services.database.db
      .update(scanTask)
      .set({ updatedAt: new Date(Date.now() - 10 * 60 * 1000) })
      .where(eq(scanTask.id, orphan!.id));
    const sweep = () =>
      recoverScans({
        repo,
        jobs: server.services.jobs,
        logger: server.services.logger,
        runningSince: null,
        untouchedForSeconds: 120,
      });
    expect(await sweep()).toBe(1);
    const { rows } = await server.services.database.execute(
      "select singleton_key from pgboss.job where name = 'scan.fetch' and singleton_key in ($1, $2)",
      [orphan!.id, fresh!.id],
    );
    const keys = rows.map((r) => r.singleton_key);
    expect(keys).toEqual([orphan!.id]);
    // Its job is waiting now: a second sweep sends nothing.
    expect(await sweep()).toBe(0);
  });

  it('refuses scans to affiliate-only accounts', async () => {
    const affiliate = await creator(server, null);
    await server.services.accounts.grant(affiliate.email, { affiliateOnly: true });
    expect((await affiliate.client.post('/api/onboarding/free-scan', {})).status).toBe(403);
  });
});

describe('the free scan of the simulated web with no search API configured', () => {
  let web: SimulatedWeb;
  let server: TestServer;

  beforeAll(async () => {
    web = await startSimulatedWeb();
    const { BRAVE_API_KEY: _key, ...env } = web.env();
    server = await startTestServer({
      ...env,
      SCAN_PER_HOST_INTERVAL_MS: '0',
      WORKER_CONCURRENCY: '6',
    });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await web?.close();
  });

  it('shows real results by kind of site, says it used the catalog alone, and stays within its budget', async () => {
    const { client } = await creator(server, null, web.creator.accounts.slice(0, 1));
    const started = await client.post<FreeScanResult>('/api/onboarding/free-scan', {});
    expect(started.status).toBe(202);
    const result = await waitFor(
      async () => {
        const current = await client.get<FreeScanResult>('/api/onboarding/free-scan');
        return current.body.scan?.status === 'completed' && current.body;
      },
      { what: 'the free scan to complete', timeoutMs: 120_000, intervalMs: 250 },
    );
    expect(result.catalogOnly).toBe(true);
    expect(result.usernames).toEqual([web.creator.accounts[0]!.username]);
    expect(result.total).toBeGreaterThan(0);
    expect(Object.values(result.byKind).reduce((a, b) => a + b, 0)).toBe(result.total);
    expect(Object.keys(result.byKind).length).toBeGreaterThan(1);
    expect(result.examples.length).toBeGreaterThan(0);
    expect(result.scan!.queriesUsed).toBeLessThanOrEqual(40);
    expect(result.scan!.pagesChecked).toBeGreaterThan(0);
    expect(web.requests('brave')).toEqual([]);
    // A free user sees the examples blurred, whatever the URL asks for.
    const example = result.examples.find((e) => e.hasThumbnail);
    expect(example, 'an example with a thumbnail').toBeDefined();
    const thumbnail = await fetch(`${server.url}/api/findings/${example!.id}/thumbnail?blur=0`, {
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    // Findings themselves need a subscription.
    expect((await client.get('/api/findings')).status).toBe(403);
  }, 180_000);
});
