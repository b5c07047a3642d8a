// Test helper: a creator who may do everything a creator can (premium, subscribed, onboarding done,
// agent authorisation signed), signed in through the real sign-in, so requests reach deep into handlers.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { user } from '@shark/db/schema.ts';
import { TestClient } from './http-client.ts';
import type { TestServer } from './test-server.ts';

export interface EntitledCreator {
  userId: string;
  email: string;
  password: string;
  browser: TestClient;
  /** Signs in again (after a test made the session end); the same browser keeps the new cookies. */
  signIn(): Promise<void>;
}

export async function entitledCreator(
  server: TestServer,
  /** onboarded: false leaves her onboarding open (its routes close once it is complete). */
  options: { name?: string; onboarded?: boolean } = {},
): Promise<EntitledCreator> {
  const { name = 'Nova Reyes', onboarded = true } = options;
  const email = `entitled-${randomBytes(5).toString('hex')}@example.com`;
  const password = 'entitled password 1';
  const { user: created } = await server.services.auth.api.signUpEmail({
    body: { name, email, password },
  });
  await server.services.database.db
    .update(user)
    .set({ emailVerified: true })
    .where(eq(user.id, created.id));
  await server.services.accounts.grant(email, { status: 'subscribed', plan: 'premium' });

  const browser = new TestClient(server.url);
  const signIn = async () => {
    browser.cookies.clear();
    const res = await browser.post('/api/auth/sign-in/email', { email, password });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  await signIn();

  if (onboarded) {
    const completed = await browser.post('/api/onboarding/complete');
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
  }
  const signed = await browser.post('/api/authorization', {
    legalName: 'Nova Maria Reyes',
    addressLine1: '12 Harbour Street',
    city: 'Portland',
    region: 'Oregon',
    postalCode: '97201',
    country: 'US',
    signature: 'nova maria reyes',
    agree: true,
  });
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  return { userId: created.id, email, password, browser, signIn };
}
