// Gzip size of the JavaScript a browser needs for the first render of /sign-in and of /dashboard,
// from the built web app (it builds nothing: run `npm run build -w @shark/web` first, with
// `build.manifest` on, or `npm run build -w @shark/web -- --manifest`). It prints figures and fails
// only if the manifest is missing or /sign-in would load a chunk of the protected app.
//
// The closure of a page is: the entry chunk and its static imports, plus, for each route on the way
// to the page, the chunks of its code-split component and loader (when it has one) and their static
// imports. Dynamic
// imports are not followed: they load later (other routes, preloading on intent).
//
// Environment:
//   WEB_DIST_DIR  the built app (default apps/web/dist, as for the server)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const ROOT = path.resolve(import.meta.dirname, '..');
const distDir = path.resolve(ROOT, process.env.WEB_DIST_DIR || 'apps/web/dist');
const manifestPath = path.join(distDir, '.vite', 'manifest.json');

/** The route files (relative to apps/web) rendered for each page, outermost first; __root is in the entry. */
const PAGES: Record<string, string[]> = {
  '/sign-in': ['src/routes/sign-in.tsx'],
  '/dashboard': ['src/routes/_app.tsx', 'src/routes/_app/dashboard.tsx'],
};
const PROTECTED_PREFIX = 'src/routes/_app';
// The plugin's ids for a route's split-off component and loader (the other split parts render only
// on errors).
const COMPONENT_SPLIT = '?tsr-split=component';
const LOADER_SPLIT = '?tsr-split=loader';

function fail(message: string): never {
  console.error(`bundle-size: ${message}`);
  process.exit(1);
}

function readManifest(): Manifest {
  if (!existsSync(manifestPath)) {
    fail(
      `no Vite manifest at ${path.relative(ROOT, manifestPath)}. Build first with ` +
        '`npm run build -w @shark/web -- --manifest` (or set build.manifest in apps/web/vite.config.ts).',
    );
  }
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
}

function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) fail(`expected one entry chunk, found ${entries.length}`);
  return entries[0]![0];
}

/** The manifest key of a route file's code-split component. */
function componentKey(manifest: Manifest, routeFile: string): string {
  const key = `${routeFile}${COMPONENT_SPLIT}`;
  if (!manifest[key]) {
    fail(`${key} is not in the manifest: is autoCodeSplitting still on, and does the route exist?`);
  }
  return key;
}

/** Keys of `start` and every chunk it imports statically, transitively. */
function staticClosure(manifest: Manifest, start: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...start];
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) fail(`the manifest refers to ${key}, which it does not list`);
    seen.add(key);
    pending.push(...(chunk.imports ?? []));
  }
  return seen;
}

function gzipBytes(file: string): number {
  return gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function main(): void {
  const manifest = readManifest();
  const entry = entryKey(manifest);
  const closures = new Map<string, Set<string>>();

  for (const [page, routeFiles] of Object.entries(PAGES)) {
    const start = [
      entry,
      ...routeFiles.map((file) => componentKey(manifest, file)),
      ...routeFiles.map((file) => `${file}${LOADER_SPLIT}`).filter((key) => manifest[key]),
    ];
    closures.set(page, staticClosure(manifest, start));
  }

  const rows = [...closures].map(([page, keys]) => {
    const files = [...keys].map((key) => manifest[key]!.file);
    const gzip = files.reduce((sum, file) => sum + gzipBytes(file), 0);
    return { page, chunks: files.length, gzip };
  });
  const entryGzip = gzipBytes(manifest[entry]!.file);

  console.log(
    `JavaScript for the first render (gzip level 9), from ${path.relative(ROOT, distDir)}`,
  );
  console.log('');
  console.log('page        chunks  gzip');
  console.log('----------  ------  ----------');
  for (const row of rows) {
    console.log(
      `${row.page.padEnd(10)}  ${String(row.chunks).padStart(6)}  ${kB(row.gzip).padStart(10)}`,
    );
  }
  console.log(`(of which the entry chunk: ${kB(entryGzip)})`);

  // Code splitting: nothing that only the protected app uses may load with the sign-in page.
  const protectedChunks = Object.keys(manifest).filter((key) => key.startsWith(PROTECTED_PREFIX));
  const signInLoads = closures.get('/sign-in')!;
  const leaked = protectedChunks.filter((key) => signInLoads.has(key));
  const dashboardOnly = [...closures.get('/dashboard')!].filter((key) => !signInLoads.has(key));
  console.log('');
  console.log(
    `/sign-in loads ${leaked.length} of the ${protectedChunks.length} route chunks of the protected app; ` +
      `/dashboard adds ${dashboardOnly.length} chunks (${kB(
        dashboardOnly.reduce((sum, key) => sum + gzipBytes(manifest[key]!.file), 0),
      )}) to what /sign-in loads.`,
  );
  if (leaked.length > 0) fail(`/sign-in loads protected chunks: ${leaked.join(', ')}`);
}

main();
