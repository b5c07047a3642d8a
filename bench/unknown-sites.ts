// How Shark does on sites no catalog lists: a real Shark server (as `npm start` runs it) scans the unknown
// world (packages/simulated-web/src/unknown-world), whose leak sites are reachable only through search
// results, their own links, sitemaps and searches, while its catalog's sites never answer. Prints the
// share of planted copies found, the false findings, the impersonators caught, whether each takedown's
// first recipient is the site's own copyright channel, robots.txt violations and the scan's duration.
//   BENCH_UNKNOWN_PHOTOS        reference photos (default 24)
//   BENCH_UNKNOWN_VIDEOS        reference clips (default 6 with ffmpeg, 0 without)
//   BENCH_UNKNOWN_SCAN_SECONDS  how long the scan may take before the bench gives up (default 1200)
//   BENCH_UNKNOWN_TAKEDOWN_SECONDS  how long to wait for takedowns' recipients (default 120)
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import {
  premiumGrantArgs,
  seedCreator,
  signAuthorization,
  startScan,
  type SharkClient,
} from '@shark/simulated-web/demo/seed-creator.ts';
import {
  evaluateUnknownWorld,
  startUnknownWorld,
} from '@shark/simulated-web/unknown-world/index.ts';
import { hasFfmpeg } from '@shark/simulated-web/video.ts';
import { positive, ROOT, startServerProcess } from './support/server-process.ts';

interface Finding {
  kind: string;
  status: string;
  pageUrl: string;
  mediaUrl: string | null;
  reference: { name: string } | null;
  impersonation: { username: string } | null;
}
interface ScanRow {
  id: string;
  status: string;
  error?: unknown;
  stages?: Record<
    string,
    { queued: number; running: number; done: number; failed: number; skipped: number }
  >;
  findings?: Record<string, number>;
}
interface TakedownDetail {
  id: string;
  pageUrl: string;
  isResolvingRecipients: boolean;
  recipients: { level: number; address: string; channel: string; role: string }[];
}

const photos = positive('BENCH_UNKNOWN_PHOTOS', 24);
const videos =
  process.env.BENCH_UNKNOWN_VIDEOS !== undefined
    ? Number(process.env.BENCH_UNKNOWN_VIDEOS)
    : (await hasFfmpeg())
      ? 6
      : 0;
const scanLimitMs = positive('BENCH_UNKNOWN_SCAN_SECONDS', 1200) * 1000;
const takedownLimitMs = positive('BENCH_UNKNOWN_TAKEDOWN_SECONDS', 120) * 1000;

async function allPages<T>(client: SharkClient, base: string, key: string): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  do {
    const separator = base.includes('?') ? '&' : '?';
    const response: { status: number; body: Record<string, unknown> } = await client.get<
      Record<string, unknown>
    >(`${base}${separator}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (response.status !== 200)
      throw new Error(`GET ${base} answered ${response.status}: ${JSON.stringify(response.body)}`);
    rows.push(...(response.body[key] as T[]));
    cursor = (response.body.nextCursor as string | null | undefined) ?? null;
  } while (cursor);
  return rows;
}

function progressLine(scan: ScanRow): string {
  const stages = Object.entries(scan.stages ?? {})
    .map(
      ([stage, p]) =>
        `${stage} ${p.done + p.failed + p.skipped}/${p.queued + p.running + p.done + p.failed + p.skipped}`,
    )
    .join(' · ');
  const found = Object.entries(scan.findings ?? {})
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ');
  return `scan ${scan.status}: ${stages} · found ${found || 'nothing'}`;
}

console.log(`\nStarting the unknown world (${photos} photos, ${videos} clips)…`);
const world = await startUnknownWorld({ photos, videos });
let failed = false;
try {
  const e = world.expected;
  console.log(
    `  ${world.sites.length} sites, ${e.leaks.filter((leak) => leak.robotsAllowed).length} copies to find (${e.leaks.filter((leak) => leak.robotsAllowed && !leak.namesHer).length} on pages that never name her), ${e.impersonators.length} impersonators, ${e.unresolvableHosts.length} dead catalog sites`,
  );
  const server = await startServerProcess('unknown-sites', world.env());
  try {
    const email = `unknown-${randomBytes(5).toString('hex')}@example.com`;
    const seeded = await seedCreator({
      baseUrl: server.baseUrl,
      mailDir: path.join(server.dataDir, 'mail'),
      email,
      password: `Unknown-${randomBytes(12).toString('hex')}`,
      displayName: world.creator.displayName,
      accounts: world.creator.accounts,
      references: world.creator.references,
      whitelist: world.creator.whitelist,
      grant: async (address) => {
        await promisify(execFile)('npx', ['--no', 'shark', ...premiumGrantArgs(address)], {
          cwd: ROOT,
          env: { ...process.env, DATA_DIR: server.dataDir },
        });
      },
      readyTimeoutMs: 300_000,
      log: (line) => console.log(`  ${line}`),
    });
    const client = seeded.client;
    // Notices go out only once she has signed the agent authorisation.
    const signedStatus = await signAuthorization(client);
    if (signedStatus !== 200 && signedStatus !== 201)
      console.log(`  signing the authorisation answered ${signedStatus}`);

    const outcome = await startScan(client);
    if (!outcome.started) throw new Error(`no scan started: ${outcome.message}`);
    const startedAt = Date.now();
    let last = '';
    let lastPrinted = 0;
    let scan: ScanRow | undefined;
    for (;;) {
      const listed = await client.get<{ scans: ScanRow[] }>('/api/scans');
      scan =
        listed.status === 200 ? listed.body.scans.find((s) => s.id === outcome.scanId) : undefined;
      if (scan) {
        const line = progressLine(scan);
        if (line !== last && Date.now() - lastPrinted > 15_000) {
          console.log(`  ${Math.round((Date.now() - startedAt) / 1000)} s: ${line}`);
          lastPrinted = Date.now();
        }
        last = line;
        if (scan.status === 'completed' || scan.status === 'failed') break;
      }
      if (Date.now() - startedAt > scanLimitMs)
        throw new Error(`the scan did not end in ${scanLimitMs / 1000} s`);
      await sleep(1000);
    }
    const scanSeconds = (Date.now() - startedAt) / 1000;
    console.log(`  ${last}${scan.status === 'failed' ? ` (${JSON.stringify(scan.error)})` : ''}`);

    // Takedowns of confirmed findings look their recipients up in the background.
    let takedowns: TakedownDetail[] = [];
    const takedownDeadline = Date.now() + takedownLimitMs;
    for (;;) {
      const rows = await allPages<{ id: string }>(client, '/api/takedowns', 'takedowns');
      takedowns = [];
      for (const row of rows) {
        const detail = await client.get<TakedownDetail>(
          `/api/takedowns/${encodeURIComponent(row.id)}`,
        );
        if (detail.status === 200) takedowns.push(detail.body);
      }
      const resolving = takedowns.filter((takedown) => takedown.isResolvingRecipients).length;
      if (resolving === 0) break;
      if (Date.now() > takedownDeadline) {
        console.log(
          `  ${resolving} of ${takedowns.length} takedowns still had no recipients after ${takedownLimitMs / 1000} s`,
        );
        break;
      }
      await sleep(1000);
    }
    const firstRecipients = takedowns.flatMap((takedown) => {
      const first = takedown.recipients.find((recipient) => recipient.level === 0);
      return first ? [{ pageUrl: takedown.pageUrl, address: first.address }] : [];
    });

    const findings = await allPages<Finding>(client, '/api/findings', 'findings');
    const figures = evaluateUnknownWorld(world, { findings, firstRecipients, scanSeconds });
    const braveAgents = [
      ...new Set(world.requests('brave').map((request) => request.userAgent ?? '(none)')),
    ];
    console.log(
      `\nunknown-sites: ${findings.length} findings, ${takedowns.length} takedowns (${firstRecipients.length} with a first recipient)`,
    );
    for (const line of figures.describe()) console.log(`  ${line}`);
    console.log(
      `  requests: ${world.sites.map((site) => `${site.id} ${world.requests(site.id).length}`).join(', ')}, brave ${world.requests('brave').length} (${braveAgents.join(' | ')})`,
    );
    const missedByWay = new Map<string, number>();
    for (const leak of figures.missed)
      missedByWay.set(leak.embedding, (missedByWay.get(leak.embedding) ?? 0) + 1);
    console.log(
      `  missed by embedding: ${[...missedByWay].map(([way, n]) => `${way} ${n}`).join(', ') || 'none'}`,
    );
    for (const leak of figures.missed)
      console.log(`    missed: ${leak.pageUrl} (${leak.reference}, ${leak.embedding})`);
    for (const other of figures.otherRecipients.slice(0, 5))
      console.log(
        `  first recipient of ${other.pageUrl}: ${other.address} (the site's own: ${other.expected ?? 'unknown'})`,
      );
  } finally {
    await server.stop();
  }
} catch (error) {
  failed = true;
  console.error(
    `unknown-sites: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
} finally {
  await world.close();
}
process.exit(failed ? 1 : 0);
