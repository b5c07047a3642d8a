// Serves the built SPA: files as they are, index.html for every other GET outside /api.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './app-env.ts';

export function mountSpa(app: Hono<AppEnv>, distDir: string): boolean {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile, 'utf8');
  app.use(
    '/assets/*',
    serveStatic({
      root: distDir,
      onFound: (_path, c) => c.header('cache-control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.use('*', serveStatic({ root: distDir }));
  app.get('*', (c) => {
    c.header('cache-control', 'no-cache');
    return c.html(indexHtml);
  });
  return true;
}
