// Refusing a huge body costs no memory: resident memory stays within 50 MB of idle while 200 MB bodies
// stream at the sign-in and at a signed-in route, with Content-Length and chunked. Server and sender
// share this process, so the bound holds for both together (the sender reuses one 1 MiB block).
// `BENCH_ONLY=body-limit-memory npm run bench` measures the server alone, as a process of its own.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROVIDER_HEADER } from '@shark/contracts/http.ts';
import { floodRequest, sampleRss } from '#server/testing/body-flood.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';

const MB = 1024 * 1024;
const BOUND = 50 * MB;

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer();
  const { browser } = await signedInUser(server);
  cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
});
afterAll(() => server?.close());

const floods = (totalBytes: number) =>
  [false, true].flatMap((chunked) => [
    () =>
      floodRequest(`${server.url}/api/auth/sign-in/email`, {
        headers: { [PROVIDER_HEADER]: 'shark' },
        totalBytes,
        chunked,
        prefix: '{"email":"someone@example.com","password":"',
      }),
    () =>
      floodRequest(`${server.url}/api/search-terms`, {
        headers: { [PROVIDER_HEADER]: 'shark', cookie },
        totalBytes,
        chunked,
        prefix: '{"term":"',
      }),
  ]);

it('keeps resident memory within 50 MB of idle while refusing 200 MB bodies', async () => {
  // The same requests, small, first: what they load once (code, pools) is part of idle.
  for (const flood of floods(2 * MB)) expect((await flood()).status).toBe(413);

  const idle = process.memoryUsage.rss();
  const sampler = sampleRss(() => process.memoryUsage.rss(), 5);
  const statuses: number[] = [];
  for (const flood of floods(200 * MB)) statuses.push((await flood()).status);
  const peak = await sampler.stop();

  expect(statuses).toEqual([413, 413, 413, 413]);
  console.log(
    `resident memory: idle ${(idle / MB).toFixed(1)} MiB, peak ${(peak / MB).toFixed(1)} MiB (+${((peak - idle) / MB).toFixed(1)} MiB)`,
  );
  expect(peak - idle).toBeLessThanOrEqual(BOUND);
});
