// `npm run bench`: runs each benchmark in its own process, in turn, and fails if one fails.
//   BENCH_ONLY  comma list of benchmark names (default all): api-user, pdq, faces, hash-index, match-1k, video, upload-memory, body-limit-memory, bundle-size, crawl, scan-10k, takedowns-100k, unknown-sites, dark-web
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildServerBundles } from '../scripts/build-server.mjs';
import { SERVER_NODE_ARGS, serverEnv } from '../scripts/runtime-settings.mjs';

const BENCHES = [
  'api-user',
  'pdq',
  'faces',
  'hash-index',
  'match-1k',
  'video',
  'upload-memory',
  'body-limit-memory',
  'bundle-size',
  'crawl',
  'scan-10k',
  'takedowns-100k',
  'unknown-sites',
  'dark-web',
] as const;
/** Benchmarks run compiled, as `npm start` runs the server. */
const COMPILED = new Set<string>(['scan-10k']);
const only = process.env.BENCH_ONLY?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const unknown = only?.filter((name) => !(BENCHES as readonly string[]).includes(name)) ?? [];
if (unknown.length > 0) {
  console.error(
    `BENCH_ONLY: unknown benchmark(s) ${unknown.join(', ')}; known: ${BENCHES.join(', ')}`,
  );
  process.exit(1);
}
let failed = 0;
for (const name of BENCHES.filter((b) => !only || only.includes(b))) {
  console.log(`\n==== bench: ${name}`);
  if (name === 'bundle-size') {
    // Measures what the production build ships, so build it first.
    const built = spawnSync('npm', ['run', 'build', '-w', '@shark/web'], { stdio: 'inherit' });
    if (built.status !== 0) {
      failed++;
      continue;
    }
  }
  // Each benchmark runs Shark's code as `npm start` runs the server (scripts/runtime-settings.mjs).
  // The one that measures a scanning process's memory runs compiled, as the server does
  // (scripts/build-server.mjs): a TypeScript loader in the process would count against it.
  const source = path.join(import.meta.dirname, `${name}.ts`);
  const entry = COMPILED.has(name)
    ? [
        (await buildServerBundles({ entry: source }, path.join(import.meta.dirname, 'dist', name)))
          .entry,
      ]
    : ['--import', 'tsx', source];
  const result = spawnSync(process.execPath, [...SERVER_NODE_ARGS, ...entry], {
    stdio: 'inherit',
    env: serverEnv(),
  });
  if (result.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
