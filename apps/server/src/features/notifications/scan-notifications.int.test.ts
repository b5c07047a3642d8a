// A real scan of the simulated web (server, queue, crawler, matcher) notifies the creator once it
// completes: the new findings it made, and that it finished; a second scan finding nothing new says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPage } from '@shark/contracts/notifications.ts';
import type { Scan } from '@shark/contracts/scans.ts';
import { startSimulatedWeb, type SimulatedWeb } from '@shark/simulated-web/index.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { seedCreator } from '#server/testing/seed-creator.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { waitFor } from '#server/testing/wait-for.ts';

let web: SimulatedWeb;
let server: TestServer;
let browser: TestClient;
const email = 'nova.notify@example.com';
const password = 'notify test password 1';

// The notifications are written by the call that completed the scan, just after the scan's status
// turns; wait until that many are there.
async function notificationsOnceThere(count: number): Promise<NotificationPage> {
  return waitFor(
    async () => {
      const page = (await browser.get<NotificationPage>('/api/notifications')).body;
      return page.notifications.length >= count && page;
    },
    { what: `${count} notifications`, timeoutMs: 30_000, intervalMs: 100 },
  );
}

async function scanToEnd(): Promise<Scan> {
  const started = await browser.post<Scan>('/api/scans', {});
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return waitFor(
    async () => {
      const current = await browser.get<Scan>(`/api/scans/${started.body.id}`);
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
  await seedCreator(server.services, {
    email,
    password,
    name: web.creator.displayName,
    plan: 'premium',
    accounts: web.creator.accounts,
    whitelist: web.creator.whitelist,
    references: web.creator.references.map((r) => r.path),
  });
  browser = new TestClient(server.url);
  expect((await browser.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
}, 300_000);

afterAll(async () => {
  await server?.close();
  await web?.close();
});

describe('a scan that completes', () => {
  it('notifies its new findings and that it finished, once; a scan with nothing new says so', async () => {
    const first = await scanToEnd();
    expect(first.status).toBe('completed');
    const page = await notificationsOnceThere(2);
    const byCategory = Object.fromEntries(page.notifications.map((n) => [n.category, n]));
    expect(byCategory.findings).toMatchObject({
      title: expect.stringMatching(/^\d+ new findings? of your content$/),
      link: '/dashboard',
      isRead: false,
    });
    expect(byCategory.scans).toMatchObject({
      title: 'Your scan has finished',
      body: expect.stringMatching(/found \d+ new findings?\.$/),
    });
    expect(page.notifications).toHaveLength(2);

    const second = await scanToEnd();
    expect(second.status).toBe('completed');
    const after = await notificationsOnceThere(3);
    expect(after.notifications).toHaveLength(3);
    expect(after.notifications[0]).toMatchObject({
      category: 'scans',
      body: 'The scan of the web for your content is complete. It found nothing new.',
    });
  }, 300_000);
});
