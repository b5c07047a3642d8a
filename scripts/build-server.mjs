// Compiles the server and its fingerprint threads' code to plain JavaScript (npm start calls this):
// apps/server/dist/main.mjs and apps/server/dist/fingerprint-worker.mjs, each one file with Shark's own
// modules in it and every npm package left to Node. Run that way, a process holds no TypeScript
// loader: no loader thread, no transformed sources with their source maps kept in memory — about 60 MB
// less in the server's main thread and a little in each fingerprint thread (decision 0032).
//
// Each module keeps its own `import.meta` (its source file's address), so paths it reads beside itself
// (migrations, the site catalog, the face models' package) resolve as they do from source.
// Building takes about a second, so it runs at every start and is never stale.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

export const SERVER_DIST_DIR = join(root, 'apps/server/dist');

/** `import.meta.url`, `.filename` and `.dirname` in each of Shark's modules: those of its source file. */
const ownImportMeta = {
  name: 'own-import-meta',
  setup(builder) {
    builder.onLoad({ filter: /\.(ts|mjs)$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)));
      return { contents, loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

/** Every npm package stays an import that Node resolves, except Shark's own workspaces (TypeScript). */
const packagesLeftToNode = {
  name: 'packages-left-to-node',
  setup(builder) {
    builder.onResolve({ filter: /^[^./#]/ }, (args) =>
      args.path.startsWith('@shark/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Builds `entries` (name → TypeScript file) into `outDir` as `<name>.mjs`. The fingerprint pool in them
 * starts its threads from `<outDir>/fingerprint-worker.mjs`, which is built alongside.
 */
export async function buildServerBundles(entries, outDir = SERVER_DIST_DIR) {
  const workerUrl = pathToFileURL(join(outDir, 'fingerprint-worker.mjs')).href;
  const all = {
    ...entries,
    'fingerprint-worker': join(root, 'packages/engine/src/matching/fingerprint-worker.ts'),
  };
  await build({
    entryPoints: all,
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [ownImportMeta, packagesLeftToNode],
    define: { __SHARK_FINGERPRINT_WORKER__: JSON.stringify(workerUrl) },
    // Read only when Node runs with --enable-source-maps (stack traces then name the sources' lines).
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return Object.fromEntries(Object.keys(all).map((name) => [name, join(outDir, `${name}.mjs`)]));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServerBundles({ main: join(root, 'apps/server/src/main.ts') });
  console.log(`server built in ${Date.now() - started} ms (apps/server/dist)`);
}
