// Peak memory of a 10,000-page scan: target under 512 MB. A creator's scan runs through Shark's
// own pipeline (the server's services: job queue, scan jobs, crawler, fingerprint threads, matcher,
// findings) against the simulated web in bulk mode, and the resident memory of the process doing the scan
// is measured.
//   BENCH_SCAN_PAGES        pages the scan fetches from the sites' listings (default 10000)
//   BENCH_SCAN_WORKERS      WORKER_CONCURRENCY of the scanning process (default 8)
//   BENCH_DATABASE_URL      a Postgres server (postgres://user@host:port/db) on which a database of the
//                           run's own is created and dropped; default the embedded database (PGlite) on
//                           disk in a temporary DATA_DIR, as `npm start` runs it
//   BENCH_SAMPLE_MS         how often RSS is sampled (default 100)
//   BENCH_PROGRESS_SECONDS  how often the scan's progress and memory are printed (default 30)
//   BENCH_SCAN_FACES        1 (default): the creator has enrolled her face, so every picture that is not
//                           a copy of her files also goes through face search (detection, landmarks,
//                           an embedding per face) on the face thread; 0: no enrolment, no face search
//   BENCH_PROBE_RATE        requests a second to each of GET /api/user and GET /api/dashboard/summary from
//                           a signed-in client in another process while the scan runs, over the server's
//                           real HTTP app (default 5; 0: no probe); their p50/p99/max show what a creator
//                           opening the app during a scan waits for (goal p99 under 300 ms)
//   BENCH_HEAP_SNAPSHOT     a directory: V8 heap snapshots of the scanning process each time its heap
//                           passes its largest size so far by a quarter (to find what holds memory)
// Processes: this one is Shark, run as `npm start` runs it (node --import tsx), and the one measured: its
// peak is VmHWM from /proc/self/status, the kernel's high-water mark of its resident memory, worker threads
// and the embedded database included (RSS is also sampled, for the timeline). The simulated web runs in a
// child process (this file with --simulated-web) so that its pages and pictures do not count. On the
// embedded database, a first start in another child creates the database (initdb takes PGlite to ~1 GB for
// a moment, a cost of installing and not of scanning), so the measured process opens it as a server that
// has run before does. Node and glibc settings given to this process (NODE_OPTIONS, MALLOC_ARENA_MAX, …)
// apply to it as they would to `npm start`.
// Catalog searches of social networks are not part of a scan (their profiles are checked instead), so the
// simulated web gets 6/5 of the pages: its five other searchable sites list BENCH_SCAN_PAGES of them.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import {
  ms,
  percentiles,
  PROBE_FLAG,
  runLatencyProbe,
  watchScanningProcess,
  type ProbeChildMessage,
  type ProbeParentMessage,
} from './support/scan-probe.ts';
import { freePort, PROVIDER } from './support/server-process.ts';

const SIMULATED_WEB_FLAG = '--simulated-web';
const FIRST_START_FLAG = '--first-start';
const TARGET_MB = 512;
const MB = 1024 * 1024;

interface WebInfo {
  env: Record<string, string>;
  creator: {
    displayName: string;
    accounts: { platform: 'onlyfans' | 'x' | 'instagram'; username: string }[];
    references: { name: string; path: string }[];
    whitelist: string[];
  };
  /** The planted copies on bulk pages a scan reaches (not those of social networks). */
  bulkLeaks: { pageUrl: string; reference: string }[];
  searchableBulkSites: number;
}

type ParentMessage = { type: 'memory' } | { type: 'close' };
type ChildMessage = { type: 'ready'; web: WebInfo } | { type: 'memory'; peakBytes: number };

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name}=${raw}: expected a whole number above 0`);
  return value;
}

/** The kernel's high-water mark of this process's resident memory (VmHWM), in bytes. */
function peakRss(): number {
  const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
  if (!match) throw new Error('no VmHWM in /proc/self/status');
  return Number(match[1]) * 1024;
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

if (process.argv.includes(SIMULATED_WEB_FLAG))
  await runSimulatedWeb(Number(process.argv[process.argv.indexOf(SIMULATED_WEB_FLAG) + 1]));
else if (process.argv.includes(PROBE_FLAG)) {
  const [baseUrl, cookie, rate, every] = process.argv.slice(process.argv.indexOf(PROBE_FLAG) + 1);
  await runLatencyProbe(baseUrl!, cookie!, Number(rate), Number(every));
} else if (process.argv.includes(FIRST_START_FLAG))
  await firstStart(process.argv[process.argv.indexOf(FIRST_START_FLAG) + 1]!);
else await runScan();

// ------------------------------------------------------------------------------ the simulated web (child)

async function runSimulatedWeb(bulkPages: number): Promise<void> {
  const { startSimulatedWeb } = await import('@shark/simulated-web/index.ts');
  const { BULK_SITES } = await import('@shark/simulated-web/bulk.ts');
  const web = await startSimulatedWeb({ bulkPages });
  const kindOf = new Map<string, string>(web.sites.map((site) => [site.id, site.kind]));
  const searchable = new Set<string>(
    BULK_SITES.filter((site) => kindOf.get(site) !== 'social-network'),
  );
  const send = (message: ChildMessage) => process.send!(message);
  const close = () => void web.close().finally(() => process.exit(0));
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'memory') send({ type: 'memory', peakBytes: peakRss() });
    else close();
  });
  // The parent died: nothing will ask us to close.
  process.on('disconnect', close);
  send({
    type: 'ready',
    web: {
      env: web.env(),
      creator: {
        displayName: web.creator.displayName,
        accounts: web.creator.accounts,
        references: web.creator.references,
        whitelist: web.creator.whitelist,
      },
      bulkLeaks: web.expected.leaks
        .filter((leak) => leak.bulk && searchable.has(leak.site))
        .map(({ pageUrl, reference }) => ({ pageUrl, reference })),
      searchableBulkSites: searchable.size,
    },
  });
}

// ------------------------------------------------------------------------------ the first start (child)

/** Shark started once on a new DATA_DIR, as an installation has been before it scans. */
async function firstStart(dataDir: string): Promise<void> {
  const { loadConfig } = await import('../apps/server/src/config/env.ts');
  const { createSharkServer } = await import('../apps/server/src/app/server.ts');
  const { createLogger } = await import('../apps/server/src/http/logger.ts');
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: randomBytes(32).toString('hex'),
  });
  const services = await createSharkServer(config, {
    logger: createLogger('silent'),
    workers: false,
  });
  await services.close();
}

// ------------------------------------------------------------------------------ Shark, scanning (measured)

async function runScan(): Promise<void> {
  const pages = positive('BENCH_SCAN_PAGES', 10_000);
  const workers = positive('BENCH_SCAN_WORKERS', 8);
  const sampleMs = positive('BENCH_SAMPLE_MS', 100);
  const progressSeconds = positive('BENCH_PROGRESS_SECONDS', 30);
  const databaseUrl = process.env.BENCH_DATABASE_URL?.trim() || null;
  const snapshotDir = process.env.BENCH_HEAP_SNAPSHOT?.trim() || null;
  const faceSearch = (process.env.BENCH_SCAN_FACES?.trim() || '1') !== '0';
  const probeRaw = process.env.BENCH_PROBE_RATE?.trim();
  const probeRate = probeRaw === '0' ? 0 : positive('BENCH_PROBE_RATE', 5);
  // Loaded here, not at the top: the child processes need none of Shark's services.
  const { loadConfig } = await import('../apps/server/src/config/env.ts');
  const { createSharkServer } = await import('../apps/server/src/app/server.ts');
  const { createLogger } = await import('../apps/server/src/http/logger.ts');
  const { createApp } = await import('../apps/server/src/http/app.ts');
  const { serve } = await import('@hono/node-server');
  const { seedCreator } = await import('../apps/server/src/testing/seed-creator.ts');
  const { finding, referenceFile } = await import('@shark/db/schema.ts');
  const { parseWebAddress, urlKey } = await import('@shark/engine/whitelist/web-address.ts');

  let phase: 'start-up' | 'scan' | 'after' = 'start-up';
  const peakByPhase = new Map<string, number>();
  let peakHeap = 0;
  let snapshotAt = 0;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakByPhase.set(phase, Math.max(peakByPhase.get(phase) ?? 0, usage.rss));
    if (phase === 'scan') peakHeap = Math.max(peakHeap, usage.heapUsed);
    if (snapshotDir && phase === 'scan' && usage.heapUsed > Math.max(snapshotAt * 1.25, 100 * MB)) {
      snapshotAt = usage.heapUsed;
      mkdirSync(snapshotDir, { recursive: true });
      console.log(
        `  heap snapshot: ${v8.writeHeapSnapshot(path.join(snapshotDir, `scan-10k-heap-${Math.round(usage.heapUsed / MB)}MB.heapsnapshot`))}`,
      );
    }
  }, sampleMs);
  sampler.unref();

  const bulkPages = Math.ceil((pages * 6) / 5);
  process.stdout.write(
    `\nStarting the simulated web (${bulkPages} bulk pages, in a child process)… `,
  );
  const child: ChildProcess = fork(import.meta.filename, [SIMULATED_WEB_FLAG, String(bulkPages)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  process.once('exit', () => child.kill('SIGKILL'));
  const messages: ChildMessage[] = [];
  const waiters: (() => void)[] = [];
  child.on('message', (message: ChildMessage) => {
    messages.push(message);
    for (const wake of waiters.splice(0)) wake();
  });
  const childExited = new Promise<'exit'>((resolve) => child.once('exit', () => resolve('exit')));
  async function nextMessage<T extends ChildMessage['type']>(
    type: T,
  ): Promise<Extract<ChildMessage, { type: T }>> {
    for (;;) {
      const index = messages.findIndex((message) => message.type === type);
      if (index >= 0) return messages.splice(index, 1)[0] as Extract<ChildMessage, { type: T }>;
      const woken = new Promise<'message'>((resolve) => waiters.push(() => resolve('message')));
      if ((await Promise.race([woken, childExited])) === 'exit')
        throw new Error('The simulated web exited early.');
    }
  }
  const web = (await nextMessage('ready')).web;
  console.log('ready');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'shark-bench-scan-'));
  let dropDatabase: (() => Promise<void>) | null = null;
  let failed = false;
  try {
    let scanDatabaseUrl: string | null = null;
    if (databaseUrl) {
      // A database of the run's own: creators left by earlier runs would be scanned by the schedule.
      const name = `shark_bench_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`create database ${name}`).finally(() => admin.end());
      dropDatabase = async () => {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client
          .query(`drop database if exists ${name} with (force)`)
          .finally(() => client.end());
      };
      const url = new URL(databaseUrl);
      url.pathname = `/${name}`;
      scanDatabaseUrl = url.toString();
    } else {
      process.stdout.write('Creating the embedded database (a first start, in a child process)… ');
      const first = fork(import.meta.filename, [FIRST_START_FLAG, dataDir], {
        execArgv: ['--import', 'tsx'],
        stdio: 'inherit',
      });
      const code = await new Promise<number | null>((resolve) => first.once('exit', resolve));
      if (code !== 0) throw new Error(`The first start failed (exit code ${code}).`);
      console.log('done');
    }

    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      ...(scanDatabaseUrl ? { DATABASE_URL: scanDatabaseUrl } : {}),
      // The simulated sites and their Brave stand-in; SCAN_MAX_SEARCH_PAGES reaches every listed page.
      ...web.env,
      // As fast as the loopback sites answer.
      SCAN_PER_HOST_INTERVAL_MS: '0',
      SOURCE_RATE_PER_SECOND: '1000',
      WORKER_CONCURRENCY: String(workers),
      // The one scan measured is started by hand; the schedule would only add its own later.
      SCAN_SCHEDULE_CHECK_SECONDS: String(24 * 60 * 60),
    });
    const services = await createSharkServer(config, { logger: createLogger('silent') });
    // The HTTP app as `npm start` serves it, in this process, for the probe's requests.
    const http = serve({ fetch: createApp(services).fetch, port, hostname: '127.0.0.1' });
    let probe: ChildProcess | null = null;
    // Where the memory before the scan goes: Shark started, her references fingerprinted (the pool's
    // threads started), her face enrolled (the face networks loaded on the pool's first thread).
    const startUp: [string, number][] = [['started', process.memoryUsage().rss]];
    try {
      const email = `bench.scan.${randomBytes(4).toString('hex')}@example.com`;
      const password = 'bench scan password 1';
      const seeded = await seedCreator(services, {
        email,
        password,
        name: web.creator.displayName,
        plan: 'premium',
        accounts: web.creator.accounts,
        whitelist: web.creator.whitelist,
        references: web.creator.references.map((r) => r.path),
      });
      startUp.push(['references fingerprinted', process.memoryUsage().rss]);
      if (faceSearch) {
        await enrolFace(services, seeded.userId);
        startUp.push(['her face enrolled', process.memoryUsage().rss]);
      }
      const beforeScan = process.memoryUsage().rss;
      console.log(
        `\nScanning: ${pages} listed pages on ${web.searchableBulkSites} searchable sites, plus the scenario's pages and ` +
          `profiles, with ${web.creator.references.length} reference pictures; ` +
          `${config.database.driver === 'pglite' ? 'embedded database (PGlite) on disk' : 'PostgreSQL'}, ` +
          `WORKER_CONCURRENCY=${workers}, ${config.scans.perHost.concurrency} requests per host at once, ` +
          `SCAN_MAX_SEARCH_PAGES=${config.scans.maxSearchPages}; face search ${faceSearch ? 'on (her face enrolled)' : 'off'}.`,
      );

      let probeResult: Promise<ProbeChildMessage> | null = null;
      let watcher: ReturnType<typeof watchScanningProcess> | null = null;
      if (probeRate > 0) {
        const cookie = await signIn(baseUrl, email, password);
        probe = fork(
          import.meta.filename,
          [PROBE_FLAG, baseUrl, cookie, String(probeRate), String(progressSeconds)],
          {
            execArgv: ['--import', 'tsx'],
            stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
          },
        );
        probeResult = new Promise((resolve, reject) => {
          probe!.once('message', resolve);
          probe!.once('exit', () => reject(new Error('The latency probe exited early.')));
        });
        probeResult.catch(() => undefined);
        watcher = watchScanningProcess((text) => services.database.execute(text), probeRate);
        console.log(
          `Probing GET /api/user and GET /api/dashboard/summary ${probeRate}/s each over HTTP as her (signed in), ` +
            `and a select 1 on the database ${probeRate}/s, while the scan runs.`,
        );
      }

      phase = 'scan';
      const started = performance.now();
      const { id: scanId } = await services.scans.startManual(seeded.userId);
      let scan = await services.scans.get(seeded.userId, scanId);
      let lastReport = started;
      while (scan.status === 'queued' || scan.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        scan = await services.scans.get(seeded.userId, scanId);
        if (performance.now() - lastReport >= progressSeconds * 1000) {
          lastReport = performance.now();
          const { fetch, match } = scan.stages;
          const total = (s: typeof fetch) => s.queued + s.running + s.done + s.failed + s.skipped;
          const usage = process.memoryUsage();
          console.log(
            `  ${((lastReport - started) / 1000).toFixed(0).padStart(5)} s: pages ${fetch.done}/${total(fetch)}, pictures ${match.done}/${total(match)}; ` +
              `RSS ${mb(usage.rss)} (peak ${mb(peakRss())}), JS heap ${mb(usage.heapUsed)} of ${mb(usage.heapTotal)}, external ${mb(usage.external)}`,
          );
          if (watcher) console.log(`         scanning process: ${watcher.window()}`);
        }
      }
      const seconds = (performance.now() - started) / 1000;
      // Read before the checks below, whose queries are the benchmark's and not the scan's.
      const peak = peakRss();
      phase = 'after';
      probe?.send({ type: 'probe-stop' } satisfies ProbeParentMessage);
      const probed = await probeResult;
      const watched = watcher?.stop();

      const { discover, profile, fetch, match } = scan.stages;
      const counts = await services.findings.countByKindForScan(scanId);
      const references = await services.database.db
        .select({ id: referenceFile.id, name: referenceFile.originalName })
        .from(referenceFile)
        .where(eq(referenceFile.userId, seeded.userId));
      const nameOf = new Map(references.map((r) => [r.id, r.name]));
      const leaks = await services.database.db
        .select({ normalizedUrl: finding.normalizedUrl, referenceFileId: finding.referenceFileId })
        .from(finding)
        .where(and(eq(finding.userId, seeded.userId), eq(finding.kind, 'leak')));
      const found = new Set(
        leaks.map((r) => `${r.normalizedUrl} ${nameOf.get(r.referenceFileId ?? '') ?? ''}`),
      );
      const keyOf = (url: string) => {
        const parsed = parseWebAddress(url);
        return parsed.ok ? urlKey(parsed.value) : url;
      };
      const copiesFound = web.bulkLeaks.filter((leak) =>
        found.has(`${keyOf(leak.pageUrl)} ${leak.reference}`),
      ).length;
      child.send({ type: 'memory' } satisfies ParentMessage);
      const webPeak = (await nextMessage('memory')).peakBytes;
      const failures = discover.failed + profile.failed + fetch.failed + match.failed;
      const skips = discover.skipped + profile.skipped + fetch.skipped + match.skipped;

      console.log(
        `\nScan ${scan.status} in ${seconds.toFixed(1)} s (tasks: ${discover.done} searches, ${profile.done} profiles; ${failures} failed, ${skips} skipped)`,
      );
      console.log(
        `  pages fetched         ${fetch.done}   ${(fetch.done / seconds).toFixed(1)} pages/s`,
      );
      console.log(
        `  pictures matched      ${match.done}   ${(match.done / seconds).toFixed(1)} pictures/s (each fetched, fingerprinted, matched)`,
      );
      console.log(
        `  findings              ${counts.leak} leaks, ${counts.mention} mentions, ${counts.impersonation} impersonations, ${counts.likeness} likenesses`,
      );
      console.log(
        `  planted copies found  ${copiesFound} of ${web.bulkLeaks.length} on the listed pages`,
      );
      if (probed && watched) {
        console.log(
          `\nWhile the scan ran (${probeRate} requests/s per endpoint, from another process, over HTTP):`,
        );
        for (const { endpoint, latencies, failures } of probed.endpoints) {
          const p = percentiles(latencies);
          console.log(
            `  GET ${endpoint.padEnd(22)} p50 ${ms(p.p50)}, p99 ${ms(p.p99)}, max ${ms(p.max)}; ${p.count} answered, ${failures} failed` +
              `   goal: p99 under 300 ms → ${p.p99 < 300 && failures === 0 ? 'PASS' : 'FAIL'}`,
          );
        }
        const { eventLoop, dbWait } = watched;
        console.log(
          `  event-loop delay       p50 ${ms(eventLoop.p50)}, p99 ${ms(eventLoop.p99)}, max ${ms(eventLoop.max)} (perf_hooks, scanning process)`,
        );
        console.log(
          `  select 1 on the DB     p50 ${ms(dbWait.p50)}, p99 ${ms(dbWait.p99)}, max ${ms(dbWait.max)}; ${dbWait.count} queries (wait for the connection + event loop)`,
        );
      }
      console.log(
        `\nMemory of the scanning process (pid ${process.pid}: Shark's services, job workers, fingerprint threads and ` +
          `${config.database.driver === 'pglite' ? 'the embedded database' : 'its Postgres connection pools'}):`,
      );
      console.log(
        `  RSS before the scan   ${mb(beforeScan)} (${startUp.map(([step, rss]) => `${step} ${mb(rss)}`).join(', ')})`,
      );
      console.log(
        `  RSS during the scan   peak ${mb(peakByPhase.get('scan') ?? 0)} sampled every ${sampleMs} ms; JS heap peak ${mb(peakHeap)}`,
      );
      console.log(
        `  peak RSS (VmHWM)      ${mb(peak)}   target: under ${TARGET_MB} MB → ${peak < TARGET_MB * MB ? 'PASS' : 'FAIL'}`,
      );
      console.log(`  (not counted: the simulated web, pid ${child.pid}, peak ${mb(webPeak)})`);
      if (peak >= TARGET_MB * MB) failed = true;
      if (scan.status !== 'completed') {
        console.log(`FAIL: the scan ended ${scan.status}${scan.error ? `: ${scan.error}` : ''}`);
        failed = true;
      }
      if (fetch.done < pages) {
        console.log(`FAIL: ${fetch.done} pages fetched, fewer than the ${pages} listed`);
        failed = true;
      }
      if (copiesFound < web.bulkLeaks.length) {
        console.log(`FAIL: ${web.bulkLeaks.length - copiesFound} planted copies not found`);
        failed = true;
      }
    } finally {
      probe?.kill();
      http.close();
      await services.close();
    }
  } finally {
    clearInterval(sampler);
    if (child.connected) child.send({ type: 'close' } satisfies ParentMessage);
    await childExited;
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

/** Her session cookie, through the real sign-in route. */
async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'x-provider': PROVIDER, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0]!.trim())
    .filter((pair) => /^(__Secure-)?shark\./.test(pair) && !pair.endsWith('='))
    .join('; ');
  if (!response.ok || !cookie)
    throw new Error(`sign-in: HTTP ${response.status} ${await response.text()}`);
  return cookie;
}

/** Her consent and one enrolled face (from face-api's sample photo of one woman), as the page does it. */
async function enrolFace(
  services: Awaited<
    ReturnType<typeof import('../apps/server/src/app/server.ts').createSharkServer>
  >,
  userId: string,
): Promise<void> {
  const { LIKENESS_CONSENT } = await import('@shark/contracts/likeness.ts');
  const { FACE_SAMPLE_PHOTOS } = await import('@shark/engine/likeness/face-testdata.ts');
  const likeness = services.likeness;
  await likeness.consent(userId, LIKENESS_CONSENT.version);
  const { faces } = await likeness.detect(userId, {
    kind: 'upload',
    bytes: readFileSync(FACE_SAMPLE_PHOTOS[1]!),
  });
  if (faces.length === 0) throw new Error('no face found in the enrolment photo');
  await likeness.enrol(userId, faces[0]!.token);
}
