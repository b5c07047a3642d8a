// GET /api/scan-sources on the real app: for signed-in users only, answering the contract's shape
// with the server's configured sources, their quota use shared through the database.
import { scanSourcesSchema } from '@shark/contracts/scans.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '#server/testing/http-client.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    BRAVE_API_KEY: 'brave-test-key',
    TINEYE_API_KEY: 'tineye-test-key',
    SOURCE_DAILY_QUOTAS: 'brave-web=100,tineye=0',
  });
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/scan-sources', () => {
  it('requires sign-in', async () => {
    const res = await new TestClient(server.url).get('/api/scan-sources');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('answers a signed-in user with every source, on or off with the reason, and the catalog', async () => {
    expect(await server.services.scanSources.reserve('brave-web', 2)).toBe(true);
    const { browser } = await signedInUser(server);
    const res = await browser.get('/api/scan-sources');
    expect(res.status).toBe(200);
    const body = scanSourcesSchema.parse(res.body);
    expect(body.sources.map((s) => [s.id, s.input, s.enabled])).toEqual([
      ['brave-web', 'text', true],
      ['brave-images', 'text', true],
      ['serpapi-google', 'text', false],
      ['serpapi-lens', 'image', false],
      ['yandex-images', 'image', false],
      ['tineye', 'image', false],
      ['google-vision', 'image', false],
      ['ahmia', 'text', false],
    ]);
    expect(body.sources[0]).toMatchObject({ reason: null, dailyQuota: 100, usedToday: 2 });
    expect(body.sources[5]).toMatchObject({
      reason: 'TinEye is off: its daily quota is 0.',
      dailyQuota: 0,
    });
    expect(body.sources[6]?.reason).toBe(
      'Google Cloud Vision (web detection) is off: no API key is configured.',
    );
    expect(body.sources[7]?.reason).toBe(
      'Ahmia (onion search) is off: dark web scanning needs TOR_SOCKS_URL.',
    );
    expect(body.catalog.sites).toBe(server.services.scanSources.catalog.sites.length);
    expect(body.catalog.version).toBe(server.services.scanSources.catalog.version);
  });
});
