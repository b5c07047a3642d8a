// Test helper: a verified, signed-in user made through the real sign-up and verification flow.
import { expect } from 'vitest';
import { TestClient } from './http-client.ts';
import { lastMail, linkIn } from './mailbox.ts';
import type { TestServer } from './test-server.ts';

let counter = 0;

export async function signedInUser(
  server: TestServer,
  email = `user${++counter}-${Date.now()}@example.com`,
) {
  const password = 'test password 123';
  const signUp = await new TestClient(server.url).post('/api/auth/sign-up/email', {
    name: 'Test User',
    email,
    password,
  });
  expect(signUp.status).toBe(200);
  const link = linkIn(
    await lastMail(server.config.mailDir, email, /Verify/),
    '/email-settings/verification/',
  );
  const browser = new TestClient(server.url);
  const verified = await browser.get(
    `/api/auth/verify-email?token=${link.pathname.split('/').at(-1)}`,
  );
  expect(verified.status).toBe(200);
  return { email, password, browser };
}
