// Peak memory of a 10,000-page scan (issue 6): target under 512 MB. A creator's scan runs through Shark's
// real pipeline (the server's services: job queue, scan jobs, crawler, matcher, findings) against the
// simulated web in bulk mode, and the resident memory of the process doing the scan is measured.
//   BENCH_SCAN_PAGES      pages the scan fetches from the bulk listings (default 10000)
//   BENCH_SCAN_WORKERS    WORKER_CONCURRENCY of the scanning process (default 8)
//   BENCH_SAMPLE_MS       how often RSS is sampled (default 100)
//   BENCH_PROGRESS_SECONDS how often the scan's progress and memory are printed (default 30)
//   BENCH_DATABASE_URL    a Postgres server (postgres://user@host:port/db) on which a database of the run's
//                         own is created and dropped; default the embedded database (PGlite) on disk in a
//                         temporary DATA_DIR, as `npm start` runs it
//   BENCH_HEAP_SNAPSHOT   a directory: writes a V8 heap snapshot of the scanning process when its heap
//                         is at its largest sampled size (for finding what holds memory)
// Two processes: this one is Shark (the one measured: VmHWM from /proc/self/status, the kernel's high-water
// mark of its resident memory, worker threads and the embedded database included; RSS sampled besides for
// the timeline); the simulated web runs in a child process (this file with --simulated-web) so that its
// pages and pictures do not count. The catalog searches of social networks are not part of a scan (their
// profiles are checked instead), so the simulated web gets 6/5 of the pages: the five other searchable
// sites list BENCH_SCAN_PAGES of them.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);

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
  bulkLeaks: { pageUrl: string; reference: string; site: string }[];
  searchableBulkSites: number;
}

type ParentMessage = { type: 'memory' } | { type: 'close' };
type ChildMessage = { type: 'ready'; web: WebInfo } | { type: 'memory'; peakBytes: number };

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name}=${raw}: expected a whole number above 0`);
  return value;
}

/** The kernel's high-water mark of a process's resident memory (VmHWM), in bytes. */
function peakRssOf(pid: number | 'self'): number {
  const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

if (process.argv.includes(SIMULATED_WEB_FLAG)) await runSimulatedWeb();
else if (process.argv.includes(FIRST_START_FLAG)) await firstStart(process.argv[process.argv.indexOf(FIRST_START_FLAG) + 1]!);
else await runScan();

// ------------------------------------------------------------------------------ the first start (child)

/**
 * Shark started once on a new DATA_DIR, in a process of its own, as an installation has been before
 * its scans: creating the embedded database (initdb) takes PGlite to ~1 GB for a moment, a cost of the
 * first start and not of scanning, which the measured process would otherwise carry as its peak.
 */
async function firstStart(dataDir: string): Promise<void> {
  const { loadConfig } = await import('../apps/server/src/config/env.ts');
  const { createServices } = await import('../apps/server/src/services.ts');
  const { createLogger } = await import('../apps/server/src/http/logger.ts');
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_SECRET: randomBytes(32).toString('hex') });
  const services = await createServices(config, { logger: createLogger('silent'), workers: false });
  await services.close();
}

// ------------------------------------------------------------------------------ the simulated web (child)

async function runSimulatedWeb(): Promise<void> {
  const { startSimulatedWeb } = await import('@shark/simulated-web/index.ts');
  const { BULK_SITES } = await import('@shark/simulated-web/bulk.ts');
  const bulkPages = Number(process.argv[process.argv.indexOf(SIMULATED_WEB_FLAG) + 1]);
  const web = await startSimulatedWeb({ bulkPages });
  const kindOf = new Map(web.sites.map((site) => [site.id as string, site.kind as string]));
  const searchable = new Set(BULK_SITES.filter((site) => kindOf.get(site) !== 'social-network'));
  const send = (message: ChildMessage) => process.send!(message);
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'memory') send({ type: 'memory', peakBytes: peakRssOf('self') });
    else void web.close().finally(() => process.exit(0));
  });
  // The parent died: nothing will ask us to close.
  process.on('disconnect', () => void web.close().finally(() => process.exit(0)));
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
        .filter((leak) => leak.bulk && searchable.has(leak.site as never))
        .map(({ pageUrl, reference, site }) => ({ pageUrl, reference, site })),
      searchableBulkSites: searchable.size,
    },
  });
}

// ------------------------------------------------------------------------------ Shark, scanning (measured)

async function runScan(): Promise<void> {
  const pages = positive('BENCH_SCAN_PAGES', 10_000);
  const workers = positive('BENCH_SCAN_WORKERS', 8);
  const sampleMs = positive('BENCH_SAMPLE_MS', 100);
  const progressSeconds = positive('BENCH_PROGRESS_SECONDS', 30);
  const databaseUrl = process.env.BENCH_DATABASE_URL?.trim() || null;
  const snapshotDir = process.env.BENCH_HEAP_SNAPSHOT?.trim() || null;
  // EXPERIMENT-HOOKS (temporary)
  if (process.env.X_YOUNG || process.env.X_OLD) {
    const { createRequire, syncBuiltinESMExports } = await import('node:module');
    const wt = createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');
    const Original = wt.Worker;
    class Limited extends Original {
      constructor(url: string | URL, options: import('node:worker_threads').WorkerOptions = {}) {
        super(url, { ...options, resourceLimits: { ...(process.env.X_YOUNG ? { maxYoungGenerationSizeMb: Number(process.env.X_YOUNG) } : {}), ...(process.env.X_OLD ? { maxOldGenerationSizeMb: Number(process.env.X_OLD) } : {}) } });
      }
    }
    (wt as { Worker: unknown }).Worker = Limited;
    syncBuiltinESMExports();
  }
  // Loaded here, not at the top: the child process (the simulated web) needs none of Shark.
  const { loadConfig } = await import('../apps/server/src/config/env.ts');
  const { createServices } = await import('../apps/server/src/services.ts');
  const { createLogger } = await import('../apps/server/src/http/logger.ts');
  const { seedCreator } = await import('../apps/server/src/testing/seed-creator.ts');
  const { finding, referenceFile } = await import('@shark/db/schema.ts');
  const { parseWebAddress, urlKey } = await import('@shark/engine/whitelist/web-address.ts');

  // Memory from here on: sampled for the timeline, and the kernel's high-water mark at the end.
  let peakSampled = process.memoryUsage().rss;
  let peakHeap = 0;
  let snapshotAt = 0;
  let phase = 'start-up';
  const peakByPhase = new Map<string, number>();
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakSampled = Math.max(peakSampled, usage.rss);
    peakByPhase.set(phase, Math.max(peakByPhase.get(phase) ?? 0, usage.rss));
    if (usage.heapUsed > peakHeap) {
      peakHeap = usage.heapUsed;
      // A snapshot when the heap has grown by a quarter since the last: what holds memory at its most.
      if (snapshotDir && usage.heapUsed > snapshotAt * 1.25 && usage.heapUsed > 100 * MB) {
        snapshotAt = usage.heapUsed;
        mkdirSync(snapshotDir, { recursive: true });
        const file = v8.writeHeapSnapshot(path.join(snapshotDir, `scan-10k-${mb(usage.heapUsed).replace(' ', '')}.heapsnapshot`));
        console.log(`  heap snapshot: ${file}`);
      }
    }
  }, sampleMs);
  sampler.unref();

  const bulkPages = Math.ceil((pages * 6) / 5);
  process.stdout.write(`\nStarting the simulated web (${bulkPages} bulk pages, in a child process)… `);
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
  const childExited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  async function nextMessage<T extends ChildMessage['type']>(type: T): Promise<Extract<ChildMessage, { type: T }>> {
    for (;;) {
      const index = messages.findIndex((message) => message.type === type);
      if (index >= 0) return messages.splice(index, 1)[0] as Extract<ChildMessage, { type: T }>;
      const woken = new Promise<'message'>((resolve) => waiters.push(() => resolve('message')));
      if ((await Promise.race([woken, childExited.then(() => 'exit' as const)])) === 'exit')
        throw new Error('The simulated web exited early.');
    }
  }
  const web = (await nextMessage('ready')).web;
  console.log('ready');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'shark-bench-scan-'));
  let dropDatabase: (() => Promise<void>) | null = null;
  let scanDatabaseUrl: string | null = null;
  if (databaseUrl) {
    // A database of the run's own, so that creators of earlier runs are not scanned by the schedule.
    const name = `shark_bench_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`).finally(() => admin.end());
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    scanDatabaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`).finally(() => client.end());
    };
  }

  let failed = false;
  try {
    if (!scanDatabaseUrl) {
      process.stdout.write(`Creating the embedded database (a first start, in a child process)… `);
      const first = fork(import.meta.filename, [FIRST_START_FLAG, dataDir], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
      const code = await new Promise<number | null>((resolve) => first.once('exit', resolve));
      if (code !== 0) throw new Error(`The first start failed (exit code ${code}).`);
      console.log('done');
    }
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      AUTH_SECRET: randomBytes(32).toString('hex'),
      ...(scanDatabaseUrl ? { DATABASE_URL: scanDatabaseUrl } : {}),
      ...web.env,
      // Every listed page within reach, as fast as the loopback sites answer.
      SCAN_PER_HOST_INTERVAL_MS: '0',
      SOURCE_RATE_PER_SECOND: '1000',
      WORKER_CONCURRENCY: String(workers),
      // The one scan measured is started by hand; the schedule would only add its own later.
      SCAN_SCHEDULE_CHECK_SECONDS: String(24 * 60 * 60),
    });
    phase = 'start-up';
    // EXPERIMENT-HOOKS (temporary)
    if (process.env.X_SHARED_BUFFERS) {
      const { PGlite } = await import('@electric-sql/pglite');
      const create = PGlite.create.bind(PGlite);
      const defaults = ['--single','-F','-O','-j','-c','search_path=public','-c','exit_on_error=false','-c','log_checkpoints=false','-c','max_worker_processes=0','-c','max_parallel_workers=0','-c','max_parallel_workers_per_gather=0','-c','io_method=sync','-c','max_parallel_maintenance_workers=0'];
      (PGlite as unknown as { create: unknown }).create = (dir: string, opts: object = {}) => create(dir, { ...opts, startParams: [...defaults, '-c', `shared_buffers=${process.env.X_SHARED_BUFFERS}`] } as never);
    }
    const queryStats = new Map<string, { calls: number; rows: number; bytes: number }>();
    if (process.env.X_QUERY_STATS) {
      const { PGlite } = await import('@electric-sql/pglite');
      const proto = PGlite.prototype as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
      for (const method of ['query', 'exec'] as const) {
        const original = proto[method]!;
        proto[method] = async function (this: unknown, ...args: unknown[]) {
          const result = await original.apply(this, args);
          const key = `${method}: ${String(args[0]).replace(/\s+/g, ' ').slice(0, 140)}`;
          const results = (Array.isArray(result) ? result : [result]) as { rows?: unknown[] }[];
          let rows = 0;
          let bytes = 0;
          for (const r of results) {
            rows += r.rows?.length ?? 0;
            bytes += JSON.stringify(r.rows ?? []).length;
          }
          const stat = queryStats.get(key) ?? { calls: 0, rows: 0, bytes: 0 };
          stat.calls++;
          stat.rows += rows;
          stat.bytes += bytes;
          queryStats.set(key, stat);
          return result;
        };
      }
      process.on('exit', () => {
        for (const [key, stat] of [...queryStats].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, 25))
          console.log(`${(stat.bytes / MB).toFixed(1).padStart(8)} MB ${String(stat.rows).padStart(8)} rows ${String(stat.calls).padStart(7)} calls  ${key}`);
      });
    }
    if (process.env.X_SHARP_NOCACHE) (await import('sharp')).default.cache(false);
    const services = await createServices(config, { logger: createLogger('silent') });
    try {
      phase = 'seeding';
      const email = `bench.scan.${randomBytes(4).toString('hex')}@example.com`;
      const seeded = await seedCreator(services, {
        email,
        password: 'bench scan password 1',
        name: web.creator.displayName,
        plan: 'premium',
        accounts: web.creator.accounts,
        whitelist: web.creator.whitelist,
        references: web.creator.references.map((r) => r.path),
      });
      const afterSeeding = process.memoryUsage().rss;

      console.log(
        `\nScanning: ${pages} bulk pages on ${web.searchableBulkSites} searchable sites (plus the scenario's pages and profiles); ` +
          `${config.database.driver === 'pglite' ? 'embedded database (PGlite) on disk' : 'PostgreSQL'}, ` +
          `WORKER_CONCURRENCY=${workers}, ${config.scans.perHost.concurrency} requests per host at once, ` +
          `SCAN_MAX_SEARCH_PAGES=${config.scans.maxSearchPages}.`,
      );
      phase = 'scan';
      // EXPERIMENT-HOOKS (temporary)
      const inspector = process.env.X_HEAP_PROFILE ? new (await import('node:inspector')).Session() : null;
      const post = (method: string, params?: object) => new Promise<unknown>((resolve, reject) => inspector!.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))));
      if (inspector) {
        inspector.connect();
        await post('HeapProfiler.enable');
        await post('HeapProfiler.startSampling', process.env.X_PEAK_MB ? { samplingInterval: 32 * 1024 } : { samplingInterval: 64 * 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
        if (process.env.X_PEAK_MB) {
          const watch = setInterval(() => {
            if (process.memoryUsage().heapUsed < Number(process.env.X_PEAK_MB) * MB) return;
            clearInterval(watch);
            void post('HeapProfiler.stopSampling').then((r) => {
              (require('node:fs') as typeof import('node:fs')).writeFileSync(process.env.X_HEAP_PROFILE!, JSON.stringify((r as { profile: unknown }).profile));
              console.log('  peak heap profile written');
            });
          }, 20);
        }
      }
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
          const sum = (s: typeof fetch) => s.queued + s.running + s.done + s.failed + s.skipped;
          console.log(
            `  ${((lastReport - started) / 1000).toFixed(0).padStart(5)} s: pages ${fetch.done}/${sum(fetch)}, pictures ${match.done}/${sum(match)}, ` +
              `RSS ${mb(process.memoryUsage().rss)} (peak so far ${mb(peakRssOf('self'))}), JS heap ${mb(process.memoryUsage().heapUsed)}/${mb(process.memoryUsage().heapTotal)}, external ${mb(process.memoryUsage().external)}`,
          );
        }
      }
      const seconds = (performance.now() - started) / 1000;
      if (inspector && !process.env.X_PEAK_MB) {
        const { profile } = (await post('HeapProfiler.stopSampling')) as { profile: unknown };
        (await import('node:fs')).writeFileSync(process.env.X_HEAP_PROFILE!, JSON.stringify(profile));
      }
      phase = 'after';
      const peak = peakRssOf('self');

      const { discover, profile, fetch, match } = scan.stages;
      const findingCounts = await services.findings.countByKindForScan(scanId);
      const references = await services.database.db.select().from(referenceFile).where(eq(referenceFile.userId, seeded.userId));
      const nameOf = new Map(references.map((r) => [r.id, r.originalName]));
      const leakRows = await services.database.db.select().from(finding).where(eq(finding.userId, seeded.userId));
      const foundLeaks = new Set(leakRows.filter((r) => r.kind === 'leak').map((r) => `${r.normalizedUrl} ${nameOf.get(r.referenceFileId ?? '') ?? ''}`));
      const keyOf = (url: string) => {
        const parsed = parseWebAddress(url);
        return parsed.ok ? urlKey(parsed.value) : url;
      };
      const copiesFound = web.bulkLeaks.filter((leak) => foundLeaks.has(`${keyOf(leak.pageUrl)} ${leak.reference}`)).length;
      child.send({ type: 'memory' } satisfies ParentMessage);
      const webPeak = (await nextMessage('memory')).peakBytes;

      console.log(`\nScan ${scan.status} in ${seconds.toFixed(1)} s`);
      console.log(`  tasks            discover ${discover.done} done, profile ${profile.done} done; failed ${discover.failed + profile.failed + fetch.failed + match.failed}, skipped ${discover.skipped + profile.skipped + fetch.skipped + match.skipped}`);
      console.log(`  pages fetched    ${fetch.done}  (${(fetch.done / seconds).toFixed(1)} pages/s)`);
      console.log(`  pictures matched ${match.done}  (${(match.done / seconds).toFixed(1)} pictures/s)`);
      console.log(`  findings         ${findingCounts.leak} leaks, ${findingCounts.mention} mentions, ${findingCounts.impersonation} impersonations; planted bulk copies found ${copiesFound} of ${web.bulkLeaks.length}`);
      console.log(`\nMemory of the scanning process (pid ${process.pid}: Shark's services, its job workers, fingerprint threads and ${config.database.driver === 'pglite' ? 'the embedded database' : 'the Postgres client pools'}):`);
      console.log(`  RSS after start-up and seeding ${mb(afterSeeding)}; sampled every ${sampleMs} ms, peak during the scan ${mb(peakByPhase.get('scan') ?? 0)}; peak JS heap ${mb(peakHeap)}`);
      console.log(`  peak RSS (VmHWM)  ${mb(peak)}   target: under ${TARGET_MB} MB → ${peak < TARGET_MB * MB ? 'PASS' : 'FAIL'}`);
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
      await services.close();
    }
  } finally {
    clearInterval(sampler);
    child.send({ type: 'close' } satisfies ParentMessage);
    await childExited;
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}
