// The per-scan site state on the test database: the first unreachable mark of a site stands, marks
// and counts are per scan, and a URL is known by its site key (subdomains and paths included).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '@shark/db/schema.ts';
import { seedCreator } from '#server/testing/seed-creator.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { createScanSiteRepository, type ScanSiteRepository } from './scan-site-repository.ts';

let server: TestServer;
let sites: ScanSiteRepository;

beforeAll(async () => {
  server = await startTestServer({}, { workers: false });
  sites = createScanSiteRepository(server.services.database.db);
  const { userId } = await seedCreator(server.services, {
    email: 'scan-sites@example.com',
    password: 'scan sites test password 1',
    name: 'Scan Sites',
    plan: 'premium',
    accounts: [{ platform: 'instagram', username: 'scan_sites' }],
  });
  for (const id of ['scan-a', 'scan-b'])
    await server.services.database.db
      .insert(scan)
      .values({ id, userId, trigger: 'manual', status: 'completed', finishedAt: new Date() });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('the scan site repository', () => {
  it('keeps the first mark of a site and finds it from any of its addresses', async () => {
    const first = await sites.markUnreachable(
      'scan-a',
      'https://cdn.gone.example/a.jpg',
      'dns',
      'The name cdn.gone.example could not be found.',
    );
    expect(first).toMatchObject({ site: 'gone.example', origin: 'https://cdn.gone.example' });
    await sites.markUnreachable(
      'scan-a',
      'https://gone.example/page',
      'refused',
      'gone.example refused the connection.',
    );
    const found = await sites.unreachableSite('scan-a', 'https://www.gone.example/other?x=1');
    expect(found).toMatchObject({
      site: 'gone.example',
      origin: 'https://cdn.gone.example',
      unreachableReason: 'dns',
      unreachableMessage: 'The name cdn.gone.example could not be found.',
    });
    expect(found?.unreachableAt).toBeInstanceOf(Date);
    expect(await sites.unreachableSite('scan-a', 'https://alive.example/')).toBeNull();
    expect(await sites.unreachableSite('scan-a', 'not a url')).toBeNull();
  });

  it('counts skipped tasks per scan and lists only that scan’s sites', async () => {
    await sites.markUnreachable('scan-b', 'http://127.0.0.1:9/', 'refused', 'refused');
    await sites.countSkipped('scan-a', 'gone.example');
    await sites.countSkipped('scan-a', 'gone.example');
    await sites.countSkipped('scan-b', '127.0.0.1:9');
    expect(
      (await sites.listForScan('scan-a')).map((r) => [r.site, r.skippedTasks, r.unreachableReason]),
    ).toEqual([['gone.example', 2, 'dns']]);
    expect(
      (await sites.listForScan('scan-b')).map((r) => [r.site, r.skippedTasks, r.unreachableReason]),
    ).toEqual([['127.0.0.1:9', 1, 'refused']]);
    expect(await sites.unreachableSite('scan-b', 'https://gone.example/')).toBeNull();
  });
});
