// `shark offers create|list|show|revoke` on the server's database (or, while a server holds the embedded
// database, through its admin socket): `create` and the admin socket as operators run them, a separate
// process; the other cases in-process through the same runCli.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OperatorOffer, OperatorOfferDetail } from '@shark/contracts/offers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/env.ts';
import { startAdminSocket } from '#server/features/admin/admin-socket.ts';
import { offerCommands } from '#server/features/offers/offer-commands.ts';
import { insertCreator } from '#server/features/takedowns/takedown-test-fixtures.ts';
import { createLogger } from '#server/http/logger.ts';
import { createServices } from '#server/services.ts';
import { createTestPostgresDatabase, TEST_DB } from '#server/testing/test-server.ts';
import { sharkInProcess, sharkProcess } from './testing/run-shark.ts';
import { parseExpiry } from './offers-command.ts';

let env: Record<string, string>;
let cleanup: () => Promise<void>;
const shark = (...args: string[]) => sharkInProcess(env, ...args);

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shark-cli-offers-'));
  const postgres = TEST_DB === 'postgres' ? await createTestPostgresDatabase() : null;
  env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://shark.example',
    ...(postgres ? { DATABASE_URL: postgres.url, AUTH_SECRET: 'a'.repeat(40) } : {}),
  };
  cleanup = async () => {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
});
afterAll(async () => {
  await cleanup?.();
});

describe('shark offers', () => {
  it('creates an offer and prints it with its public link', async () => {
    const result = await sharkProcess(
      env,
      'offers',
      'create',
      '--plan',
      'premium',
      '--interval',
      'monthly',
      '--currency',
      'USD',
      '--price',
      '2999',
      '--features',
      'promoProtect,impersonation',
      '--expires',
      '2099-01-31',
      '--max-claims',
      '1',
      '--headline',
      'Just for you',
      '--by',
      'ops',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const offer = JSON.parse(result.stdout) as OperatorOffer;
    expect(offer).toMatchObject({
      plan: 'premium',
      interval: 'monthly',
      currency: 'usd',
      price: 2999,
      features: ['promoProtect', 'impersonation'],
      headline: 'Just for you',
      expiresAt: '2099-01-31T23:59:59.999Z',
      maxClaims: 1,
      isSingleUse: true,
      claimCount: 0,
      state: 'active',
      createdBy: 'ops',
      link: `https://shark.example/custom-offer/${offer.id}`,
    });
    expect(offer.id).toMatch(/^off_[A-Za-z0-9_-]{22}$/);
  });

  it('lists offers for people and as JSON, shows one, and revokes it', async () => {
    const created = JSON.parse(
      (
        await shark(
          'offers',
          'create',
          '--plan',
          'standard',
          '--interval',
          'annual',
          '--currency',
          'eur',
          '--price',
          '0',
        )
      ).stdout,
    ) as OperatorOffer;
    const text = await shark('offers', 'list');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      new RegExp(`${created.id}  active  standard 0\\.00 EUR/year  0/∞ claimed  no expiry`),
    );
    const json = JSON.parse((await shark('offers', 'list', '--json')).stdout) as OperatorOffer[];
    expect(json.map((o) => o.id)).toContain(created.id);

    const shown = await shark('offers', 'show', created.id);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ id: created.id, claims: [] });

    const revoked = await shark('offers', 'revoke', created.id);
    expect(revoked.code).toBe(0);
    const after = JSON.parse(revoked.stdout) as OperatorOffer;
    expect(after).toMatchObject({
      state: 'revoked',
      stateMessage: 'This offer has been withdrawn.',
    });
    expect(after.revokedAt).not.toBeNull();
    const again = JSON.parse((await shark('offers', 'revoke', created.id)).stdout) as OperatorOffer;
    expect(again.revokedAt).toBe(after.revokedAt);
  });

  it.each([
    [['offers'], /Usage:/],
    [['offers', 'delete', 'x'], /Unknown command "offers delete"/],
    [
      ['offers', 'create', '--interval', 'monthly', '--currency', 'usd', '--price', '1'],
      /--plan is required/,
    ],
    [
      [
        'offers',
        'create',
        '--plan',
        'gold',
        '--interval',
        'monthly',
        '--currency',
        'usd',
        '--price',
        '1',
      ],
      /Unknown plan "gold"/,
    ],
    [
      [
        'offers',
        'create',
        '--plan',
        'plus',
        '--interval',
        'weekly',
        '--currency',
        'usd',
        '--price',
        '1',
      ],
      /Unknown interval "weekly"/,
    ],
    [
      [
        'offers',
        'create',
        '--plan',
        'plus',
        '--interval',
        'monthly',
        '--currency',
        'dollars',
        '--price',
        '1',
      ],
      /three-letter ISO 4217/,
    ],
    [
      [
        'offers',
        'create',
        '--plan',
        'plus',
        '--interval',
        'monthly',
        '--currency',
        'usd',
        '--price',
        '29.99',
      ],
      /whole number of cents/,
    ],
    [
      ['offers', 'create', '--plan', 'plus', '--interval', 'monthly', '--currency', 'usd'],
      /--price is required/,
    ],
    [
      [
        'offers',
        'create',
        '--plan',
        'plus',
        '--interval',
        'monthly',
        '--currency',
        'usd',
        '--price',
        '1',
        '--features',
        'teleport',
      ],
      /Unknown feature "teleport"/,
    ],
    [
      [
        'offers',
        'create',
        '--plan',
        'plus',
        '--interval',
        'monthly',
        '--currency',
        'usd',
        '--price',
        '1',
        '--expires',
        '2027-02-30',
      ],
      /is not a date/,
    ],
    [
      [
        'offers',
        'create',
        '--plan',
        'plus',
        '--interval',
        'monthly',
        '--currency',
        'usd',
        '--price',
        '1',
        '--expires',
        '2001-01-01',
      ],
      /expiry is in the past/,
    ],
    [
      [
        'offers',
        'create',
        '--plan',
        'plus',
        '--interval',
        'monthly',
        '--currency',
        'usd',
        '--price',
        '1',
        '--max-claims',
        '0',
      ],
      /--max-claims "0"/,
    ],
    [
      [
        'offers',
        'create',
        '--plan',
        'plus',
        '--interval',
        'monthly',
        '--currency',
        'usd',
        '--price',
        '1',
        '--colour',
        'red',
      ],
      /Unknown flag --colour/,
    ],
    [['offers', 'show'], /needs an offer id/],
    [['offers', 'show', 'off_nosuchoffer'], /No offer with the id "off_nosuchoffer"/],
    [['offers', 'revoke', 'off_nosuchoffer'], /No offer with the id "off_nosuchoffer"/],
    [['offers', 'list', 'extra'], /Unexpected argument "extra"/],
  ])('refuses %j with a clear message and exit code 1', async (args, message) => {
    const result = await shark(...args);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('reads a date as its whole day and keeps a time as given', () => {
    expect(parseExpiry('2027-01-31')).toBe('2027-01-31T23:59:59.999Z');
    expect(parseExpiry('2027-01-31T18:00:00+02:00')).toBe('2027-01-31T16:00:00.000Z');
  });

  it('lists the commands with --help', async () => {
    const result = await shark('offers', '--help');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('shark offers create --plan');
    expect((await shark('--help')).stdout).toContain('shark offers create|list|show|revoke');
  });
});

describe('shark offers while a server holds the embedded database (always PGlite)', () => {
  it('hands the commands to the running server through its admin socket', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shark-cli-offers-live-'));
    const services = await createServices(
      loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'https://live.example' }),
      { logger: createLogger('silent'), workers: false },
    );
    const socket = await startAdminSocket(
      dataDir,
      services.accounts,
      offerCommands(services.offers),
    );
    try {
      const live = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
      const created = await sharkProcess(
        live,
        'offers',
        'create',
        '--plan',
        'plus',
        '--interval',
        'monthly',
        '--currency',
        'usd',
        '--price',
        '0',
        '--max-claims',
        '1',
      );
      expect(created.stderr).toBe('');
      expect(created.code).toBe(0);
      const offer = JSON.parse(created.stdout) as OperatorOffer;
      expect(offer.link).toBe(`https://live.example/custom-offer/${offer.id}`);
      const userId = await insertCreator(services.database.db);
      await services.offers.claim({ id: userId, email: `${userId}@example.com` }, offer.id);
      const shown = await sharkInProcess(live, 'offers', 'show', offer.id);
      expect(shown.code).toBe(0);
      const detail = JSON.parse(shown.stdout) as OperatorOfferDetail;
      expect(detail).toMatchObject({
        state: 'used_up',
        claimCount: 1,
        claims: [{ userId, email: `${userId}@example.com` }],
      });
      const refused = await sharkInProcess(live, 'offers', 'revoke', 'off_nosuchoffer');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/No offer with the id/);
    } finally {
      await new Promise<void>((resolve) => socket.close(() => resolve()));
      await services.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
