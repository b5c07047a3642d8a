// Mail goes out in the brand the request names, and no password or token ever reaches the logs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '#server/http/logger.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { lastMail, linkIn } from '#server/testing/mailbox.ts';

const lines: string[] = [];
const capture = (level: string) => (msg: string, data?: Record<string, unknown>) => {
  lines.push(JSON.stringify({ level, msg, ...data }));
};
const capturingLogger: Logger = {
  debug: capture('debug'),
  info: capture('info'),
  warn: capture('warn'),
  error: capture('error'),
};

const brandsDir = mkdtempSync(join(tmpdir(), 'shark-brands-'));
const brand = (id: string, name: string, from: string, appUrl?: string) => ({
  id,
  name,
  logoUrl: `/brand/${id}.svg`,
  theme: { light: '#2b7fff', dark: '#155dfc' },
  links: {
    contact: `mailto:help@${id}.example`,
    terms: `https://${id}.example/terms`,
    privacy: `https://${id}.example/privacy`,
  },
  mailFrom: from,
  ...(appUrl ? { appUrl } : {}),
  sidebarVariant: 'classic',
});

let server: TestServer;
beforeAll(async () => {
  const file = join(brandsDir, 'brands.json');
  writeFileSync(
    file,
    JSON.stringify({
      brands: [
        brand('shark', 'Shark', 'Shark <no-reply@shark.example>'),
        brand(
          'lumen',
          'Lumen Guard',
          'Lumen Guard <hello@lumen.example>',
          'https://app.lumen.example',
        ),
      ],
    }),
  );
  server = await startTestServer(
    { BRANDS_FILE: file, LOG_LEVEL: 'debug' },
    { logger: capturingLogger },
  );
});
afterAll(async () => {
  await server?.close();
  rmSync(brandsDir, { recursive: true, force: true });
});

describe('brands', () => {
  it("sends mail with the calling brand's name, sender, links and app address", async () => {
    const res = await new TestClient(server.url, 'lumen').post('/api/auth/sign-up/email', {
      email: 'lumen@example.com',
      password: 'lumen password 1',
    });
    expect(res.status).toBe(200);
    const mail = await lastMail(
      server.config.mailDir,
      'lumen@example.com',
      /Verify your e-mail address for Lumen Guard/,
    );
    expect(mail.headers.from).toBe('Lumen Guard <hello@lumen.example>');
    expect(mail.text).toContain('https://lumen.example/privacy');
    expect(mail.text).not.toContain('Shark');
    expect(linkIn(mail, '/email-settings/verification/').origin).toBe('https://app.lumen.example');

    const brandRes = await new TestClient(server.url, 'lumen').get('/api/brand');
    expect(brandRes.body).toMatchObject({ id: 'lumen', name: 'Lumen Guard' });
  });
});

describe('logs', () => {
  it('never contain a password, a reset token or a verification token', async () => {
    const email = 'secretive@example.com';
    const password = 'my very secret password';
    const newPassword = 'my other secret password';
    const client = new TestClient(server.url);
    await client.post('/api/auth/sign-up/email', { email, password });
    await client.post('/api/auth/sign-in/email', { email, password: 'wrong secret guess' });
    const verification = linkIn(
      await lastMail(server.config.mailDir, email, /Verify/),
      '/email-settings/verification/',
    )
      .pathname.split('/')
      .at(-1)!;
    await client.get(`/api/auth/verify-email?token=${verification}`);
    await client.post('/api/auth/request-password-reset', { email });
    const reset = decodeURIComponent(
      linkIn(await lastMail(server.config.mailDir, email, /Reset/), '/reset/').pathname.slice(
        '/reset/'.length,
      ),
    );
    await client.post('/api/auth/reset-password', { token: reset, newPassword });
    expect(
      (await client.post('/api/auth/sign-in/email', { email, password: newPassword })).status,
    ).toBe(200);

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of [password, newPassword, 'wrong secret guess', verification, reset]) {
      expect(log).not.toContain(secret);
    }
  });
});
