// `shark offers create|list|show|revoke` on the server's database (or, while a server holds the embedded
// database, through its admin socket): `create` and the admin socket as operators run them, a separate
// process; the other cases in-process through the same runCli.
import type { OperatorOffer, OperatorOfferDetail } from '@shark/contracts/offers.ts';
import { describe, expect, it } from 'vitest';
import { offerCommands } from '#server/features/offers/offer-commands.ts';
import { insertCreator } from '#server/features/takedowns/testing/takedown-test-fixtures.ts';
import { itListsHelp, itRefuses, jsonOfSuccess } from './testing/cli-test-cases.ts';
import { useCliTestEnv, withServerHoldingDatabase } from './testing/cli-test-env.ts';
import { sharkInProcess, sharkProcess } from './testing/run-shark.ts';
import { parseExpiry } from './offers-command.ts';

const cli = useCliTestEnv('offers', { LOG_LEVEL: 'silent', PUBLIC_URL: 'https://shark.example' });
const { shark } = cli;

/** `offers create` with every required flag, `changes` replacing them (null leaves one out), then `extra`. */
const required = { plan: 'plus', interval: 'monthly', currency: 'usd', price: '1' };
function create(
  changes: Partial<Record<keyof typeof required, string | null>>,
  ...extra: string[]
): string[] {
  const flags = Object.entries({ ...required, ...changes }).flatMap(([flag, value]) =>
    value === null ? [] : [`--${flag}`, value],
  );
  return ['offers', 'create', ...flags, ...extra];
}

describe('shark offers', () => {
  it('creates an offer and prints it with its public link', async () => {
    const result = await sharkProcess(
      cli.env,
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
    const offer = jsonOfSuccess<OperatorOffer>(result);
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
          ...create({ plan: 'standard', interval: 'annual', currency: 'eur', price: '0' }),
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

  itRefuses(shark, [
    [['offers'], /Usage:/],
    [['offers', 'delete', 'x'], /Unknown command "offers delete"/],
    [create({ plan: null }), /--plan is required/],
    [create({ plan: 'gold' }), /Unknown plan "gold"/],
    [create({ interval: 'weekly' }), /Unknown interval "weekly"/],
    [create({ currency: 'dollars' }), /three-letter ISO 4217/],
    [create({ price: '29.99' }), /whole number of cents/],
    [create({ price: null }), /--price is required/],
    [create({}, '--features', 'teleport'), /Unknown feature "teleport"/],
    [create({}, '--expires', '2027-02-30'), /is not a date/],
    [create({}, '--expires', '2001-01-01'), /expiry is in the past/],
    [create({}, '--max-claims', '0'), /--max-claims "0"/],
    [create({}, '--colour', 'red'), /Unknown flag --colour/],
    [['offers', 'show'], /needs an offer id/],
    [['offers', 'show', 'off_nosuchoffer'], /No offer with the id "off_nosuchoffer"/],
    [['offers', 'revoke', 'off_nosuchoffer'], /No offer with the id "off_nosuchoffer"/],
    [['offers', 'list', 'extra'], /Unexpected argument "extra"/],
  ]);

  it('reads a date as its whole day and keeps a time as given', () => {
    expect(parseExpiry('2027-01-31')).toBe('2027-01-31T23:59:59.999Z');
    expect(parseExpiry('2027-01-31T18:00:00+02:00')).toBe('2027-01-31T16:00:00.000Z');
  });

  itListsHelp(
    shark,
    'offers',
    'shark offers create --plan',
    'shark offers create|list|show|revoke',
  );
});

describe('shark offers while a server holds the embedded database (always PGlite)', () => {
  it('hands the commands to the running server through its admin socket', async () => {
    await withServerHoldingDatabase(
      'offers',
      {
        vars: { PUBLIC_URL: 'https://live.example' },
        commands: (services) => offerCommands(services.offers),
      },
      async ({ services, live }) => {
        const created = await sharkProcess(live, ...create({ price: '0' }, '--max-claims', '1'));
        const offer = jsonOfSuccess<OperatorOffer>(created);
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
      },
    );
  });
});
