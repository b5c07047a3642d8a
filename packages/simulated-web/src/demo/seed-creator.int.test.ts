// The demo's seeding against a real Shark (PGlite): the creator signs up through the API, verifies her
// address from the mail file, gets her accounts, whitelist and fingerprinted reference files; a second
// run adds nothing twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@shark/server/testing/test-server.ts';
import { startSimulatedWeb, type SimulatedWeb } from '../index.ts';
import { seedCreator, type SeedCreatorOptions } from './seed-creator.ts';

let web: SimulatedWeb;
let server: TestServer;
let options: SeedCreatorOptions;
const grants: string[] = [];

beforeAll(async () => {
  web = await startSimulatedWeb();
  server = await startTestServer(web.env());
  options = {
    baseUrl: server.url,
    mailDir: server.config.mailDir,
    email: 'luna@example.com',
    password: 'demo password 123',
    displayName: web.creator.displayName,
    accounts: web.creator.accounts,
    references: web.creator.references,
    whitelist: web.creator.whitelist,
    grant: async (email) => {
      grants.push(email);
      await server.services.accounts.grant(email, { status: 'subscribed', plan: 'premium' });
    },
  };
});
afterAll(async () => {
  await server?.close();
  await web?.close();
});

describe('seedCreator', () => {
  it('makes a verified, subscribed creator with her accounts, whitelist and ready reference files', async () => {
    const result = await seedCreator(options);
    expect(result.created).toBe(true);
    expect(grants).toEqual(['luna@example.com']);
    expect(result.references.map((file) => file.fileName).sort()).toEqual(
      web.creator.references.map((r) => r.name).sort(),
    );
    expect(result.references.every((file) => file.status === 'ready')).toBe(true);

    const user = await result.client.get<{ effectiveSpecialFeatures: string[] }>('/api/user');
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({
      email: 'luna@example.com',
      name: web.creator.displayName,
      emailVerified: true,
      frontendStatus: 'subscribed',
      needsOnboarding: false,
    });
    // Premium: impersonation checks are part of her plan.
    expect(user.body.effectiveSpecialFeatures).toContain('impersonation');
    const accounts = await result.client.get<{
      accounts: { platform: string; username: string }[];
    }>('/api/accounts');
    expect(accounts.body.accounts.map((a) => `${a.platform}:${a.username}`).sort()).toEqual(
      web.creator.accounts.map((a) => `${a.platform}:${a.username}`).sort(),
    );
    const whitelist = await result.client.get<{ entries: { input: string }[] }>('/api/whitelist');
    expect(whitelist.body.entries.map((entry) => entry.input)).toEqual(web.creator.whitelist);
  });

  it('signs in on a second run and adds nothing twice', async () => {
    const result = await seedCreator(options);
    expect(result.created).toBe(false);
    const files = await result.client.get<{ files: unknown[] }>('/api/reference-files');
    expect(files.body.files).toHaveLength(web.creator.references.length);
    const accounts = await result.client.get<{ accounts: unknown[] }>('/api/accounts');
    expect(accounts.body.accounts).toHaveLength(web.creator.accounts.length);
    const whitelist = await result.client.get<{ entries: unknown[] }>('/api/whitelist');
    expect(whitelist.body.entries).toHaveLength(web.creator.whitelist.length);
  });

  it('says which step failed, with the answer', async () => {
    await expect(seedCreator({ ...options, whitelist: ['not a url at all ***'] })).rejects.toThrow(
      /Whitelisting not a url at all \*\*\* failed: HTTP 400/,
    );
  });
});
