// `npm run demo`: Shark against a simulated web, with a seeded creator and a scan under way, so a
// newcomer sees leaks found end to end. Starts the simulated sites and the Brave stand-in
// (packages/simulated-web), then Shark on the embedded database in DATA_DIR (default ./data-demo),
// signs the creator up through the API, gives her a subscription with `shark users grant`, uploads her
// reference files, adds her accounts and whitelist, and starts a scan. Ctrl-C stops everything.
//
//   npm run demo                      PORT (3000) and DATA_DIR (./data-demo) from the environment
//   npm run demo -- --reset           start from an empty DATA_DIR
//   npm run demo -- --web-port 4400   first of the 9 ports of the simulated web (kept across runs)
//   npm run demo -- --bulk 500        500 more pages on the simulated sites (a longer scan)
//   npm run demo -- --no-dark-web     without the onion sites and the Tor stand-in (by default the
//                                     Premium creator's scan searches them: dark web findings)
//   npm run demo -- --world unknown   the unknown world instead: sites no catalog lists (data in
//                                     ./data-demo-unknown); prints recall, false findings,
//                                     impersonators, first recipients and scan time
import { spawn } from 'node:child_process';
import { SERVER_NODE_ARGS, serverEnv } from './runtime-settings.mjs';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startSimulatedWeb } from '@shark/simulated-web/index.ts';
import {
  evaluateUnknownWorld,
  startUnknownWorld,
} from '@shark/simulated-web/unknown-world/index.ts';
import {
  premiumGrantArgs,
  seedCreator,
  signAuthorization,
  startScan,
} from '@shark/simulated-web/demo/seed-creator.ts';
import { compareFindings, describeComparison } from '@shark/simulated-web/compare.ts';
import { hasFfmpeg } from '@shark/simulated-web/video.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    'web-port': { type: 'string', default: process.env.DEMO_WEB_PORT ?? '4400' },
    bulk: { type: 'string', default: '0' },
    'no-scan': { type: 'boolean', default: false },
    'no-video': { type: 'boolean', default: false },
    'no-dark-web': { type: 'boolean', default: false },
    world: { type: 'string', default: 'catalog' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(
    'Usage: npm run demo [-- --reset] [-- --web-port 4400] [-- --bulk N] [-- --no-scan]\nSee packages/simulated-web/README.md.',
  );
  process.exit(0);
}
const webPort = Number(args['web-port']);
const bulkPages = Number(args.bulk);
if (!Number.isInteger(webPort) || webPort < 1024 || webPort > 65000)
  fail('--web-port must be a port number from 1024 to 65000');
if (!Number.isInteger(bulkPages) || bulkPages < 0) fail('--bulk must be a whole number');
if (args.world !== 'catalog' && args.world !== 'unknown') fail('--world is catalog or unknown');
const unknownWorld = args.world === 'unknown';

const port = Number(process.env.PORT ?? 3000);
const dataDir = resolve(
  process.env.DATA_DIR ?? join(root, unknownWorld ? 'data-demo-unknown' : 'data-demo'),
);
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
const localUrl = `http://127.0.0.1:${port}`;
const email = 'luna@example.com';
const password = 'luna demo password';

function fail(message) {
  console.error(`demo: ${message}`);
  process.exit(1);
}

function run(command, argv, env) {
  return new Promise((done, reject) => {
    const child = spawn(command, argv, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? done(output)
        : reject(new Error(`${argv.join(' ')} exited with ${code}:\n${output}`)),
    );
  });
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

if (args.reset && existsSync(dataDir)) {
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`demo: removed ${dataDir}`);
}

console.log('demo: starting the simulated web…');
// With ffmpeg the creator also has a reference clip, and a tube page plays a leaked copy of it.
const video = !args['no-video'] && (await hasFfmpeg());
const web = await (
  unknownWorld
    ? startUnknownWorld({ port: webPort, photos: 24, videos: video ? 2 : 0 })
    : startSimulatedWeb({ port: webPort, bulkPages, video, darkWeb: !args['no-dark-web'] })
).catch((error) => fail(`${error.message} (choose others with --web-port)`));

console.log('demo: building the web app if needed…');
try {
  await run(process.execPath, ['scripts/build-web.mjs'], process.env);
} catch (error) {
  await web.close();
  fail(error.message);
}

// Her X and Instagram profiles are on the simulated Chirper and PicGram (merged with any templates set).
const profileUrlTemplates = {
  ...JSON.parse(process.env.PROFILE_URL_TEMPLATES || '{}'),
  ...(web.profileUrlTemplates ?? {}),
};
const env = {
  ...process.env,
  ...web.env(),
  PROFILE_URL_TEMPLATES: JSON.stringify(profileUrlTemplates),
  DATA_DIR: dataDir,
  PORT: String(port),
  PUBLIC_URL: publicUrl,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};
console.log(`demo: starting Shark on ${publicUrl} (data in ${dataDir})…`);
const server = spawn(
  process.execPath,
  [...SERVER_NODE_ARGS, '--import', 'tsx', 'apps/server/src/main.ts'],
  {
    cwd: root,
    env: serverEnv(env),
    stdio: 'inherit',
  },
);
let stopping = false;
const serverExit = new Promise((done) =>
  server.on('exit', (code, signal) => done({ code, signal })),
);

async function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
  await serverExit;
  await web.close();
  process.exit(exitCode);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
void serverExit.then(({ code }) => {
  if (!stopping) {
    console.error(`demo: Shark exited (${code}); stopping the simulated web.`);
    void stop(code || 1);
  }
});

async function waitForHealth() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(`${localUrl}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(300);
  }
  throw new Error(`Shark did not answer on ${localUrl}/api/health within two minutes`);
}

/** Every finding a scan recorded or saw again, page after page. */
async function findingsOf(client, scanId) {
  const findings = [];
  let cursor = null;
  do {
    const page = await client.get(
      `/api/findings?limit=100&scanId=${encodeURIComponent(scanId)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    if (page.status !== 200) throw new Error(`GET /api/findings answered ${page.status}`);
    findings.push(...page.body.findings);
    cursor = page.body.nextCursor;
  } while (cursor);
  return findings;
}

function summary(counts) {
  return `leaks ${counts.leak ?? 0}, impersonations ${counts.impersonation ?? 0}, mentions ${counts.mention ?? 0}`;
}

/** The dark web part of what a scan found, for the demo's last lines. */
function darkWebLine(findings) {
  const onion = findings.filter((f) => f.isDarkWeb).length;
  const mirrors = findings.filter((f) => f.mirrorOf).length;
  return `dark web: ${onion} finding(s) on onion sites, ${mirrors} on their clearnet mirrors (the badges on the Findings page).`;
}

function progressLine(scan) {
  const stages = Object.entries(scan.stages ?? {})
    .map(
      ([stage, p]) =>
        `${stage} ${p.done + p.failed + p.skipped}/${p.queued + p.running + p.done + p.failed + p.skipped}`,
    )
    .join(' · ');
  return `scan ${scan.status}: ${stages} · found ${summary(scan.findings ?? {})}`;
}

/** The catalog world: the banner, a scan, and what it found beside what was planted. */
async function demoCatalogWorld(seeded) {
  // A dark web scan finds the onion copies and the copy on the drop's clearnet mirror too.
  const e = web.onion
    ? {
        ...web.expected,
        leaks: [
          ...web.expected.leaks,
          ...web.onion.expectedLeaks,
          ...web.onion.expectedMirrorLeaks,
        ],
      }
    : web.expected;
  const leakPages = new Set(e.leaks.map((leak) => leak.pageUrl)).size;
  console.log(`
────────────────────────────────────────────────────────────────────────────
 Shark demo: ${publicUrl}
   sign in as  ${email}
   password    ${password}

 The creator   ${web.creator.displayName} (${web.creator.accounts.map((a) => `@${a.username} on ${a.platform}`).join(', ')}),
               ${web.creator.references.length} reference files, Premium plan, her official Chirper pages whitelisted.
 The web       ${web.sites.map((site) => `${site.name} ${site.origin}`).join('\n               ')}
               Brave Search stand-in ${web.braveEndpoint}${
                 web.onion
                   ? `
 The dark web  ${web.onion.forum.name} and ${web.onion.drop.name} (onion sites, through a Tor stand-in at ${web.onion.socks.url}),
               an Ahmia-shaped onion search, and the drop's clearnet mirror ${web.onion.drop.clearnetMirror}`
                   : ''
               }
 A correct scan finds ${e.leaks.length} leaks on ${leakPages} pages, ${e.impersonators.length} impersonators (${e.impersonators.map((i) => i.username).join(', ')})
 and ${e.whitelisted.length} whitelisted official pages; it never reports the ${e.decoys.length} decoys, never
 fetches the page robots.txt forbids, and never reaches the ${e.privateTraps.length} private-address traps.
 Ctrl-C stops it all. Data stays in ${dataDir} (--reset starts afresh).
────────────────────────────────────────────────────────────────────────────
`);

  if (!args['no-scan']) {
    const outcome = await startScan(seeded.client);
    if (!outcome.started) {
      console.log(`demo: no scan started: ${outcome.message}`);
    } else {
      console.log(
        `demo: scan ${outcome.scanId} started; its progress is on the dashboard and here.`,
      );
      let last = '';
      for (;;) {
        await sleep(2000);
        if (stopping) break;
        const listed = await seeded.client.get('/api/scans');
        const scan =
          listed.status === 200
            ? listed.body.scans?.find((s) => s.id === outcome.scanId)
            : undefined;
        if (!scan) continue;
        const line = progressLine(scan);
        if (line !== last) console.log(`demo: ${line}`);
        last = line;
        if (scan.status === 'completed' || scan.status === 'failed') {
          console.log(
            `demo: the scan ${scan.status}${scan.error ? ` (${scan.error})` : ''}: ${summary(scan.findings ?? {})}.`,
          );
          const found = await findingsOf(seeded.client, outcome.scanId);
          if (web.onion) console.log(`demo: ${darkWebLine(found)}`);
          const comparison = compareFindings(e, found);
          const trapHits = web.requests('trap').length;
          if (comparison.ok && trapHits === 0) {
            console.log(
              `demo: ✓ every planted leak and impersonator was found, the official pages are whitelisted, and no decoy, forbidden page or private address was reported or fetched.`,
            );
          } else {
            for (const line of describeComparison(comparison)) console.log(`demo: ✗ ${line}`);
            if (trapHits > 0)
              console.log(
                `demo: ✗ the trap server on ${web.trapOrigin} was requested ${trapHits} times`,
              );
          }
          const vip = e.robotsDisallowed.filter((url) => web.wasRequested(url));
          if (vip.length > 0) console.log(`demo: ✗ fetched despite robots.txt: ${vip.join(', ')}`);
          console.log(
            `demo: review the findings at ${publicUrl} — Shark keeps running until Ctrl-C.`,
          );
          break;
        }
      }
    }
  }
}

/** The unknown world: a scan, the takedowns' first recipients, and the figures of the evaluation. */
async function demoUnknownWorld(client) {
  console.log(`
────────────────────────────────────────────────────────────────────────────
 Shark demo (the unknown world): ${publicUrl}
   sign in as  ${email}
   password    ${password}

 The web       ${web.sites.map((site) => `${site.name} ${site.origin}`).join('\n               ')}
               none of them in the site catalog; the catalog's own sites do not resolve.
 Ctrl-C stops it all. Data stays in ${dataDir} (--reset starts afresh).
────────────────────────────────────────────────────────────────────────────
`);
  // Notices go out, and their recipients are looked up, once she has signed her authorisation.
  await signAuthorization(client);
  if (args['no-scan']) return;
  const outcome = await startScan(client);
  if (!outcome.started) {
    console.log(`demo: no scan started: ${outcome.message}`);
    return;
  }
  const startedAt = Date.now();
  let last = '';
  for (;;) {
    await sleep(2000);
    if (stopping) return;
    const scan = (await client.get(`/api/scans/${outcome.scanId}`)).body;
    const line = progressLine(scan);
    if (line !== last) console.log(`demo: ${line}`);
    last = line;
    if (scan.status === 'completed' || scan.status === 'failed') break;
  }
  const scanSeconds = (Date.now() - startedAt) / 1000;
  let takedowns = [];
  for (const deadline = Date.now() + 120_000; Date.now() < deadline && !stopping;) {
    const rows = (await client.get('/api/takedowns?limit=100')).body.takedowns ?? [];
    takedowns = [];
    for (const row of rows) takedowns.push((await client.get(`/api/takedowns/${row.id}`)).body);
    if (takedowns.every((takedown) => !takedown.isResolvingRecipients)) break;
    await sleep(1000);
  }
  const firstRecipients = takedowns.flatMap((takedown) => {
    const first = (takedown.recipients ?? []).find((recipient) => recipient.level === 0);
    return first ? [{ pageUrl: takedown.pageUrl, address: first.address }] : [];
  });
  const findings = await findingsOf(client, outcome.scanId);
  const figures = evaluateUnknownWorld(web, { findings, firstRecipients, scanSeconds });
  for (const line of figures.describe()) console.log(`demo: ${line}`);
  console.log(`demo: review the findings at ${publicUrl} — Shark keeps running until Ctrl-C.`);
}

try {
  await waitForHealth();
  const seeded = await seedCreator({
    baseUrl: localUrl,
    publicUrl,
    mailDir: join(dataDir, 'mail'),
    email,
    password,
    displayName: web.creator.displayName,
    accounts: web.creator.accounts,
    references: web.creator.references,
    whitelist: web.creator.whitelist,
    // `shark users grant` reaches the running server through its admin socket in DATA_DIR.
    grant: (address) =>
      run(process.execPath, ['apps/server/bin/shark.js', ...premiumGrantArgs(address)], env),
    log: (line) => console.log(`demo: ${line}`),
  });

  if (unknownWorld) await demoUnknownWorld(seeded.client);
  else await demoCatalogWorld(seeded);
} catch (error) {
  console.error(`demo: ${error instanceof Error ? error.message : String(error)}`);
  await stop(1);
}
