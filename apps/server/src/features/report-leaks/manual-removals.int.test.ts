// Manual removals are counted against the plan's monthly limit: pages sent through Report Leaks and fake
// profiles reported this calendar month (UTC). Pages she sent before and Free Removals do not count.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiError } from '@shark/contracts/http.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '#server/config/areas/values.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';
import { monthStart } from './report-service.ts';

let server: TestServer;
beforeAll(async () => {
  const plans = JSON.parse(readFileSync(join(repoRoot, 'config/plans.json'), 'utf8')) as {
    tiers: Record<string, { limits: Record<string, number | null> }>;
  };
  plans.tiers.standard!.limits.manualRemovalsPerMonth = 2;
  const file = join(mkdtempSync(join(tmpdir(), 'shark-plans-')), 'plans.json');
  writeFileSync(file, JSON.stringify(plans));
  server = await startTestServer({ PLANS_FILE: file });
});
afterAll(async () => {
  await server?.close();
});

describe('the monthly limit of manual removals', () => {
  it('refuses what passes the limit, naming it; repeats and other creators do not count', async () => {
    const creator = await signedInUser(server);
    await server.services.accounts.grant(creator.email, {
      status: 'subscribed',
      plan: 'standard',
      features: ['impersonation'],
    });
    const report = (urls: string[]) =>
      creator.browser.post<ApiError>('/api/report-leaks', { urls, ownershipConfirmed: true });

    const tooMany = await report([
      'https://leak-a.example/1',
      'https://leak-b.example/2',
      'https://leak-c.example/3',
    ]);
    expect(tooMany.status).toBe(403);
    expect(tooMany.body.code).toBe('PLAN_LIMIT_REACHED');
    expect(tooMany.body.limit).toMatchObject({
      name: 'manualRemovalsPerMonth',
      allowed: 2,
      used: 0,
    });
    expect(tooMany.body.message).toMatch(/Standard plan includes 2 manual removals a month/);

    expect((await report(['https://leak-a.example/1', 'https://leak-b.example/2'])).status).toBe(
      200,
    );
    // The same pages again are duplicates, not new removals.
    expect((await report(['https://leak-a.example/1'])).status).toBe(200);
    const third = await report(['https://leak-c.example/3']);
    expect(third.status).toBe(403);
    expect(third.body.limit).toMatchObject({ used: 2, allowed: 2, upgradeTier: 'plus' });

    const profile = await creator.browser.post<ApiError>('/api/report-impersonation', {
      url: 'https://x.com/fake_luna',
      platform: 'x',
      evidence: 'Posts my photos and asks my fans for money.',
    });
    expect(profile.status).toBe(403);
    expect(profile.body.code).toBe('PLAN_LIMIT_REACHED');

    const other = await signedInUser(server);
    await server.services.accounts.grant(other.email, { status: 'subscribed', plan: 'standard' });
    const theirs = await other.browser.post('/api/report-leaks', {
      urls: ['https://leak-c.example/3'],
      ownershipConfirmed: true,
    });
    expect(theirs.status).toBe(200);
  });

  it('starts again each calendar month (UTC)', () => {
    expect(monthStart(new Date('2026-11-30T23:59:59Z')).toISOString()).toBe(
      '2026-11-01T00:00:00.000Z',
    );
    expect(monthStart(new Date('2026-12-01T00:00:00Z')).toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    );
  });
});
