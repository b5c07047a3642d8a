// The process-level promises: data survives a restart, one process per data directory, the API document.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError } from '@shark/db/client.ts';
import { loadConfig } from '#server/config/env.ts';
import { createSharkServer } from '#server/app/server.ts';
import { createLogger } from './logger.ts';
import { createApp } from './app.ts';
import { startTestServer } from '#server/testing/test-server.ts';
import { TestClient } from '#server/testing/http-client.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'shark-app-'));
  dirs.push(dir);
  return dir;
};
const silent = { logger: createLogger('silent') };

describe('the embedded database (always PGlite, whichever database the other tests use)', () => {
  it('keeps its data across a restart on the same DATA_DIR', async () => {
    const dataDir = tempDir();
    const first = await createSharkServer(
      loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      silent,
    );
    await first.auth.api.signUpEmail({
      body: { name: 'Kept', email: 'kept@example.com', password: 'kept password 1' },
    });
    await first.accounts.grant('kept@example.com', { status: 'subscribed', plan: 'plus' });
    await first.close();

    const second = await createSharkServer(
      loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
      silent,
    );
    try {
      await expect(second.accounts.showByEmail('kept@example.com')).resolves.toMatchObject({
        name: 'Kept',
        frontendStatus: 'subscribed',
      });
    } finally {
      await second.close();
    }
  });

  it('refuses a second process on the same DATA_DIR with a clear message', async () => {
    const dataDir = tempDir();
    mkdirSync(dataDir, { recursive: true });
    // Process 1 (this test runner's parent) is always alive.
    writeFileSync(join(dataDir, 'shark.lock'), '1');
    await expect(
      createSharkServer(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), silent),
    ).rejects.toBeInstanceOf(DataDirLockedError);
  });
});

describe('HTTP surface', () => {
  it('publishes an OpenAPI document of the API', async () => {
    const server = await startTestServer();
    try {
      const res = await new TestClient(server.url, null).get<{
        openapi: string;
        paths: Record<string, unknown>;
      }>('/api/openapi.json');
      expect(res.status).toBe(200);
      expect(res.body.openapi).toBe('3.1.0');
      expect(Object.keys(res.body.paths)).toEqual(
        expect.arrayContaining(['/health', '/brand', '/user']),
      );
      const unknown = await new TestClient(server.url).get('/api/nothing-here');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await server.close();
    }
  });

  it('serves the SPA: files as they are, index.html for app routes, never for /api', async () => {
    const dist = tempDir();
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Shark app</title>');
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    const server = await startTestServer({ WEB_DIST_DIR: dist });
    try {
      const page = await fetch(`${server.url}/reset/some-token`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>Shark app</title>');
      const asset = await fetch(`${server.url}/assets/app-1234.js`);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      const api = await fetch(`${server.url}/api/unknown`, { headers: { 'x-provider': 'shark' } });
      expect(api.status).toBe(404);
      expect(api.headers.get('content-type')).toContain('application/json');
    } finally {
      await server.close();
    }
  });

  it('answers an unexpected failure with a 500 that reveals nothing', async () => {
    const server = await startTestServer();
    try {
      const browser = new TestClient(server.url);
      await browser.post('/api/auth/sign-up/email', {
        email: 'gone@example.com',
        password: 'gone password 1',
      });
      await server.services.database.execute(
        `update "user" set email_verified = true where email = 'gone@example.com'`,
      );
      expect(
        (
          await browser.post('/api/auth/sign-in/email', {
            email: 'gone@example.com',
            password: 'gone password 1',
          })
        ).status,
      ).toBe(200);
      const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      // The database goes away under a running server.
      await server.services.database.close();
      const res = await createApp(server.services).request('/api/user', {
        headers: { 'x-provider': 'shark', cookie },
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({
        code: 'INTERNAL',
        message: 'Something went wrong on our side. Please try again.',
      });
    } finally {
      await server.close().catch(() => undefined);
    }
  });
});
