// `npm run bench`: the server's resident memory while it refuses 200 MB request bodies. The server runs
// as a child process (embedded database); its VmRSS (/proc/<pid>/status) is sampled while idle and
// throughout four floods: the unauthenticated sign-in and a signed-in POST /api/search-terms, each with
// Content-Length and chunked. Target: peak within 50 MB of idle, since a body over its route's limit is
// refused as it streams in and never held (apps/server/src/http/body-limits.ts). Fails when missed.
//
// Environment:
//   BENCH_FLOOD_MB     size of each hostile body in MiB (default 200)
//   BENCH_SAMPLE_MS    how often VmRSS is read (default 10)
import { floodRequest, sampleRss } from '../apps/server/src/testing/body-flood.ts';
import {
  PROVIDER,
  positive,
  rssOf,
  startServerProcess,
  verifiedSession,
} from './support/server-process.ts';

const MiB = 1024 * 1024;
const TARGET_ABOVE_IDLE = 50 * MiB;
const floodBytes = positive('BENCH_FLOOD_MB', 200) * MiB;
const sampleMs = positive('BENCH_SAMPLE_MS', 10);

const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

async function main() {
  console.log(`refusing ${mib(floodBytes)} bodies; VmRSS sampled every ${sampleMs} ms`);
  const server = await startServerProcess('body');
  const { baseUrl, pid } = server;
  const { cookie } = await verifiedSession(server);
  const floods = (totalBytes: number) =>
    [false, true].flatMap((chunked) => [
      {
        name: `sign-in, ${chunked ? 'chunked' : 'Content-Length'}`,
        run: () =>
          floodRequest(`${baseUrl}/api/auth/sign-in/email`, {
            headers: { 'x-provider': PROVIDER },
            totalBytes,
            chunked,
            prefix: '{"email":"someone@example.com","password":"',
          }),
      },
      {
        name: `search-terms (signed in), ${chunked ? 'chunked' : 'Content-Length'}`,
        run: () =>
          floodRequest(`${baseUrl}/api/search-terms`, {
            headers: { 'x-provider': PROVIDER, cookie },
            totalBytes,
            chunked,
            prefix: '{"term":"',
          }),
      },
    ]);
  // Each request once, small: what it loads once (code, pools) belongs to idle.
  for (const flood of floods(MiB)) await flood.run();

  const idle = await rssOf(pid);
  let worst = 0;
  for (const flood of floods(floodBytes)) {
    const sampler = sampleRss(() => rssOf(pid), sampleMs);
    const result = await flood.run();
    const peak = await sampler.stop();
    worst = Math.max(worst, peak);
    console.log(
      `  ${flood.name}: HTTP ${result.status}, ${mib(result.bytesSent)} sent before the server closed, peak ${mib(peak)} (+${mib(peak - idle)})`,
    );
    if (result.status !== 413)
      throw new Error(`${flood.name}: expected 413, got ${result.status} ${result.body}`);
  }
  console.log(
    `idle ${mib(idle)}, peak ${mib(worst)}: +${mib(worst - idle)} (target: at most +${mib(TARGET_ABOVE_IDLE)})`,
  );
  if (worst - idle > TARGET_ABOVE_IDLE) {
    console.error('FAILED: refusing a body grew the server past the target');
    process.exitCode = 1;
  }
  await server.stop();
}

await main();
