// Onion pages fetched per second through the SOCKS stand-in (the simulated web's Tor), beside the same
// pages fetched directly as clearnet pages, with the same fetcher and limits, in the same run.
//   BENCH_DARK_WEB_PAGES        pages per side per block (default 2000)
//   BENCH_DARK_WEB_CONCURRENCY  fetches in flight (default 16)
//   BENCH_DARK_WEB_HOSTS        onion hosts (and clearnet ports) the pages spread over (default 8)
// Each block runs onion, clearnet, clearnet, onion, so a machine that gets busier or quieter during the
// run weighs on both alike. The figure measures Shark's side of Tor (a SOCKS5 handshake per connection,
// the name sent to the proxy, the guard); a real Tor circuit adds seconds of network latency on top.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseTorSocksUrl } from '@shark/engine/fetch/onion.ts';
import { createSafeFetcher, type SafeFetcher } from '@shark/engine/fetch/safe-fetch.ts';
import { onionNameOf } from '@shark/simulated-web/onion/onion-names.ts';
import { startSocksStandIn } from '@shark/simulated-web/onion/socks-stand-in.ts';

const pagesPerSide = Number(process.env.BENCH_DARK_WEB_PAGES ?? 2000);
const concurrency = Number(process.env.BENCH_DARK_WEB_CONCURRENCY ?? 16);
const hostCount = Number(process.env.BENCH_DARK_WEB_HOSTS ?? 8);
const blocks = 2;

const body = `<!doctype html><title>Thread</title><main>${'<p>A post on a leak forum. </p>'.repeat(200)}<img src="/f/1.jpg"></main>`;
const servers: Server[] = [];
const ports: number[] = [];
for (let i = 0; i < hostCount; i++) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  ports.push((server.address() as AddressInfo).port);
}
const onionHosts = ports.map((_, i) => onionNameOf(`bench-${i}`));
const socks = await startSocksStandIn({
  route: (host, port) => {
    const i = onionHosts.indexOf(host);
    return i >= 0 && port === 80 ? { host: '127.0.0.1', port: ports[i]! } : null;
  },
});
const fetcher: SafeFetcher = createSafeFetcher({
  tor: parseTorSocksUrl(socks.url),
  allowlist: ports.map((port) => `127.0.0.1:${port}`),
  timeoutMs: 60_000,
});

const onionUrls = Array.from(
  { length: pagesPerSide },
  (_, n) => `http://${onionHosts[n % hostCount]}/t/${n}`,
);
const clearUrls = Array.from(
  { length: pagesPerSide },
  (_, n) => `http://127.0.0.1:${ports[n % hostCount]}/t/${n}`,
);

async function run(urls: string[]): Promise<{ seconds: number; failed: number }> {
  let next = 0;
  let failed = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < urls.length) {
        const url = urls[next++]!;
        const result = await fetcher.fetch(url);
        if (!result.ok || result.title !== 'Thread') failed++;
      }
    }),
  );
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, failed };
}

try {
  await run(clearUrls.slice(0, 200));
  await run(onionUrls.slice(0, 200));
  socks.clear();
  const totals = {
    onion: { pages: 0, seconds: 0, failed: 0 },
    clear: { pages: 0, seconds: 0, failed: 0 },
  };
  for (let block = 0; block < blocks; block++) {
    for (const side of ['onion', 'clear', 'clear', 'onion'] as const) {
      const result = await run(side === 'onion' ? onionUrls : clearUrls);
      totals[side].pages += pagesPerSide;
      totals[side].seconds += result.seconds;
      totals[side].failed += result.failed;
    }
  }
  const rate = (side: 'onion' | 'clear') => totals[side].pages / totals[side].seconds;
  const attempts = socks.attempts();
  console.log(
    `dark-web: ${pagesPerSide} pages per run, ${concurrency} in flight, ${hostCount} hosts, ${blocks} blocks of onion/clearnet/clearnet/onion`,
  );
  console.log(
    `  onion pages through the SOCKS stand-in: ${rate('onion').toFixed(0)} pages/s (${totals.onion.failed} failed)`,
  );
  console.log(
    `  clearnet pages, direct:                 ${rate('clear').toFixed(0)} pages/s (${totals.clear.failed} failed)`,
  );
  console.log(
    `  onion / clearnet: ${(rate('onion') / rate('clear')).toFixed(2)}; SOCKS connections: ${socks.connectionCount()} (${attempts.filter((a) => a.addressType === 'domain').length} by name, ${attempts.filter((a) => a.addressType !== 'domain').length} by address)`,
  );
  if (totals.onion.failed + totals.clear.failed > 0) process.exitCode = 1;
} finally {
  await fetcher.close();
  await socks.close();
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
