// The e2e suite, as `npm test` runs it. Two Playwright runs at once, each with its own server, simulated
// web and data directory (a spec's changes to the simulated web, such as a page a site removed, stay in
// its own run): the specs that scan the whole simulated web (with one more spec, for balance), and all
// the others. Then the shell specs
// again against the second example brand (lumen, classic sidebar) on its own build and server, after the
// scanning specs. (Splitting the others into two runs at once was tried: on 2 cores it took longer.)
// Arguments (a spec filter) run the default brand's matching specs in one run instead.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);
const extraArgs = process.argv.slice(2);
const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_FILE;

/** Specs that scan the whole simulated web: minutes each, mostly the server's work. */
const SCANNING = ['scans.spec.ts', 'takedown-flow.spec.ts', 'takedown-report.spec.ts'];
/**
 * Specs of the second lane besides the scanning ones, so that both lanes take about as long (measured
 * on 2 cores: the others about 700 s, the scanning specs and the lumen pass about 510 s). They touch
 * nothing of the simulated web.
 */
const BESIDE_SCANNING = ['pages-access.spec.ts'];

function run(command, args, env = {}, cwd = root) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const reportFor = (suffix) =>
  jsonReport
    ? { PLAYWRIGHT_JSON_OUTPUT_FILE: jsonReport.replace(/\.json$/, `${suffix}.json`) }
    : {};
const playwright = (specs, env) =>
  run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...specs], env);

if ((await run('npm', ['run', 'build', '-w', '@shark/web'])) !== 0) process.exit(1);
if (extraArgs.length > 0) process.exit((await playwright(extraArgs, {})) === 0 ? 0 : 1);

const specs = readdirSync(path.join(root, 'e2e/tests')).filter((name) => name.endsWith('.spec.ts'));
const secondLane = [...SCANNING, ...BESIDE_SCANNING];
const others = specs
  .filter((name) => !secondLane.includes(name))
  .map((name) => `e2e/tests/${name}`);
const lumenDist = path.join(root, 'apps/web/dist-lumen');

const [othersCode, scanningCode] = await Promise.all([
  playwright(others, {}),
  (async () => {
    const built = await run(
      'npx',
      [
        'vite',
        'build',
        '--mode',
        'lumen.production',
        '--outDir',
        lumenDist,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      {},
      path.join(root, 'apps/web'),
    );
    if (built !== 0) return [1];
    const scanning = await playwright(
      secondLane.map((name) => `e2e/tests/${name}`),
      { E2E_PORT: String(port + 100), ...reportFor('-scans') },
    );
    const lumen = await playwright(['e2e/tests/shell-sidebar.spec.ts'], {
      E2E_BRAND: 'lumen',
      WEB_DIST_DIR: lumenDist,
      E2E_PORT: String(port + 1),
      ...reportFor('-lumen'),
    });
    return [scanning, lumen];
  })(),
]);
const failed = [othersCode, ...scanningCode].some((code) => code !== 0);
process.exit(failed ? 1 : 0);
