// Builds the web app when its sources are newer than the last build (npm start calls this).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = join(root, 'apps/web');
const built = join(web, 'dist/index.html');
const sources = [
  'src',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
  '../../packages/contracts/src',
  '../../config/brands.json',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (max, name) => Math.max(max, newest(join(path, name))),
    stat.mtimeMs,
  );
}

const force = process.argv.includes('--force');
const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newest(join(web, s))));
if (!force && builtAt > changedAt) {
  console.log('web app is up to date (apps/web/dist)');
  process.exit(0);
}
console.log('building the web app…');
const result = spawnSync('npm', ['run', 'build', '-w', '@shark/web'], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
