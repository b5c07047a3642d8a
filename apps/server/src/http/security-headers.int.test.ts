// The security headers as a browser receives them: the SPA's Content-Security-Policy, the
// Permissions-Policy, no-store on signed-in API answers, and HSTS only when the request came over https.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '#server/testing/http-client.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';

const dist = mkdtempSync(join(tmpdir(), 'shark-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><title>Shark app</title><meta name="shark-connect-src" content="https://eu.i.posthog.com" />',
);
writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');

let server: TestServer;
let proxied: TestServer;

beforeAll(async () => {
  server = await startTestServer({ WEB_DIST_DIR: dist });
  proxied = await startTestServer({ WEB_DIST_DIR: dist, TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server?.close();
  await proxied?.close();
  rmSync(dist, { recursive: true, force: true });
});

function directives(csp: string | null): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values.join(' '));
  }
  return map;
}

describe('the SPA document', () => {
  it('carries a strict Content-Security-Policy and a Permissions-Policy', async () => {
    const page = await fetch(`${server.url}/dashboard`);
    expect(page.status).toBe(200);
    const csp = directives(page.headers.get('content-security-policy'));
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'self'");
    expect(csp.get('form-action')).toBe("'self'");
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('img-src')).toBe("'self' data: blob:");
    // The analytics host the build named in index.html, and nothing else outside.
    expect(csp.get('connect-src')).toBe("'self' https://eu.i.posthog.com");
    expect(page.headers.get('content-security-policy')).not.toMatch(/unsafe-eval/);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);

    const permissions = page.headers.get('permissions-policy') ?? '';
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(permissions).toContain(`${feature}=()`);
    }
  });

  it('has the policy on its static files too', async () => {
    const asset = await fetch(`${server.url}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(directives(asset.headers.get('content-security-policy')).get('frame-ancestors')).toBe(
      "'none'",
    );
  });
});

describe('API answers', () => {
  it('are no-store when signed in: /api/user and /api/account/data', async () => {
    const { browser } = await signedInUser(server);
    for (const path of ['/api/user', '/api/account/data']) {
      const answer = await browser.get(path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('permissions-policy')).toContain('camera=()');
    }
  });

  it('are no-store signed out too, unless the route chose its own caching', async () => {
    const health = await new TestClient(server.url).get('/api/health');
    expect(health.headers.get('cache-control')).toBe('no-store');
  });
});

describe('HSTS', () => {
  it('is not sent over plain http', async () => {
    for (const path of ['/dashboard', '/api/health']) {
      const answer = await fetch(`${server.url}${path}`);
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('ignores X-Forwarded-Proto when no proxy is trusted', async () => {
    const answer = await fetch(`${server.url}/api/health`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(answer.headers.get('strict-transport-security')).toBeNull();
  });

  it('is sent when a trusted proxy says the request came over https, with upgrade-insecure-requests', async () => {
    const overHttps = await fetch(`${proxied.url}/dashboard`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(overHttps.headers.get('strict-transport-security')).toMatch(
      /^max-age=\d{8,}; includeSubDomains$/,
    );
    expect(
      directives(overHttps.headers.get('content-security-policy')).has('upgrade-insecure-requests'),
    ).toBe(true);
    const overHttp = await fetch(`${proxied.url}/dashboard`, {
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(overHttp.headers.get('strict-transport-security')).toBeNull();
  });

  it('is always sent when the public address is https', async () => {
    const https = await startTestServer({ PUBLIC_URL: 'https://shark.example' });
    try {
      const url = `http://127.0.0.1:${https.config.port}/api/health`;
      const answer = await fetch(url);
      expect(answer.headers.get('strict-transport-security')).toMatch(
        /^max-age=\d{8,}; includeSubDomains$/,
      );
    } finally {
      await https.close();
    }
  });
});
