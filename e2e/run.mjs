// The e2e suite: every spec against the default brand (shark, grouped sidebar), then the shell specs
// again against the second example brand (lumen, classic sidebar), each on its own build and server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);
const extraArgs = process.argv.slice(2);
const jsonReport = process.env.PLAYWRIGHT_JSON_OUTPUT_FILE;

function run(command, args, env = {}, cwd = root) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

let failed = 0;
if (run('npm', ['run', 'build', '-w', '@shark/web']) !== 0) process.exit(1);
failed += run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...extraArgs]) === 0 ? 0 : 1;

if (extraArgs.length === 0) {
  const lumenDist = path.join(root, 'apps/web/dist-lumen');
  if (run('npx', ['vite', 'build', '--mode', 'lumen.production', '--outDir', lumenDist, '--emptyOutDir', '--logLevel', 'warn'], {}, path.join(root, 'apps/web')) !== 0) {
    process.exit(1);
  }
  failed +=
    run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', 'shell-sidebar'], {
      E2E_BRAND: 'lumen',
      WEB_DIST_DIR: lumenDist,
      E2E_PORT: String(port + 1),
      ...(jsonReport ? { PLAYWRIGHT_JSON_OUTPUT_FILE: jsonReport.replace(/\.json$/, '-lumen.json') } : {}),
    }) === 0
      ? 0
      : 1;
}
process.exit(failed > 0 ? 1 : 0);
