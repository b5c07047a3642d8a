// `shark payouts list|paid|reject` on the server's database, in-process through the same runCli: an
// affiliate's payout request is listed, marked paid with a reference, or rejected (its commissions free
// again); bad arguments are refused before the database is opened.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Database } from '@shark/db/client.ts';
import { billingPayment } from '@shark/db/schema.ts';
import type { OperatorPayout } from '@shark/contracts/affiliates.ts';
import { loadConfig } from '#server/config/env.ts';
import { createAffiliateRepository } from '#server/features/affiliates/affiliate-repository.ts';
import { createAffiliateService } from '#server/features/affiliates/affiliate-service.ts';
import { insertCreator } from '#server/features/takedowns/testing/takedown-test-fixtures.ts';
import { createLogger } from '#server/http/logger.ts';
import { useCliTestEnv } from './testing/cli-test-env.ts';

const cli = useCliTestEnv('payouts', {
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'https://shark.example',
  AFFILIATE_HOLD_DAYS: '0',
  AFFILIATE_MIN_PAYOUT: '1000',
});
const { shark } = cli;

/** The affiliate service on the database the CLI opens, as the CLI configures it. */
function affiliatesOn(db: Database) {
  const config = loadConfig(cli.env, 'cli');
  return createAffiliateService({
    repo: createAffiliateRepository(db),
    config: config.affiliates,
    publicUrl: config.publicUrl,
    visitorSecret: config.authSecret,
    logger: createLogger('silent'),
  });
}

/** An affiliate with a referred customer who paid `amount` (a manual payment), and her payout request of it. */
async function requestedPayout(amount: number): Promise<{ payoutId: string; affiliateId: string }> {
  return cli.withDatabase(async (db) => {
    const affiliates = affiliatesOn(db);
    const affiliateId = await insertCreator(db, 'Affiliate');
    const customerId = await insertCreator(db, 'Customer');
    const code = await affiliates.ensureCode(affiliateId);
    expect(
      await affiliates.attributeSignUp(
        { id: customerId, email: `${customerId}@example.com`, referralCode: code },
        null,
      ),
    ).toBe('tied');
    await db.insert(billingPayment).values({
      id: `manual_${randomUUID()}`,
      userId: customerId,
      amount,
      currency: 'usd',
      source: 'manual',
      paidAt: new Date(),
    });
    expect(await affiliates.creditMissed()).toBe(1);
    const payout = await affiliates.requestPayout(affiliateId, {
      currency: 'usd',
      destination: 'PayPal: affiliate@example.com',
    });
    return { payoutId: payout.id, affiliateId };
  });
}

describe('shark payouts', () => {
  it('lists requested payouts and marks one paid with its reference', async () => {
    const { payoutId } = await requestedPayout(10000);
    const listed = await shark('payouts', 'list', '--status', 'requested');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(payoutId);
    expect(listed.stdout).toMatch(
      new RegExp(
        `${payoutId}  requested  20\\.00 USD  .+@example\\.com  to: PayPal: affiliate@example\\.com`,
      ),
    );

    const paid = await shark('payouts', 'paid', payoutId, '--reference', 'PP-7781');
    expect(paid.code).toBe(0);
    expect(JSON.parse(paid.stdout) as OperatorPayout).toMatchObject({
      id: payoutId,
      status: 'paid',
      operatorNote: 'PP-7781',
      amount: 2000,
    });

    const json = await shark('payouts', 'list', '--status', 'paid', '--json');
    expect((JSON.parse(json.stdout) as OperatorPayout[]).map((p) => p.id)).toContain(payoutId);
    expect((await shark('payouts', 'list', '--status', 'requested')).stdout).not.toContain(
      payoutId,
    );

    const again = await shark('payouts', 'reject', payoutId, '--reason', 'changed my mind');
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/is paid already/);
  });

  it('rejects a payout with a reason, which frees its commissions for another request', async () => {
    const { payoutId, affiliateId } = await requestedPayout(6000);
    const rejected = await shark(
      'payouts',
      'reject',
      payoutId,
      '--reason',
      'The PayPal account does not exist.',
    );
    expect(rejected.code).toBe(0);
    expect(JSON.parse(rejected.stdout) as OperatorPayout).toMatchObject({
      status: 'rejected',
      operatorNote: 'The PayPal account does not exist.',
      commissionCount: 0,
    });

    await cli.withDatabase(async (db) => {
      const affiliates = affiliatesOn(db);
      expect((await affiliates.overview(affiliateId)).earnings).toEqual([
        { currency: 'usd', pending: 0, available: 1200, requested: 0, paid: 0 },
      ]);
      expect(
        await affiliates.requestPayout(affiliateId, {
          currency: 'usd',
          destination: 'PayPal: right@example.com',
        }),
      ).toMatchObject({ amount: 1200, commissionCount: 1 });
    });
  });

  it('refuses unknown payouts and incomplete commands with a message', async () => {
    const unknown = await shark('payouts', 'paid', 'no-such-id', '--reference', 'x');
    expect(unknown).toMatchObject({ code: 1, stderr: 'shark: No payout no-such-id.\n' });
    expect((await shark('payouts', 'paid', 'some-id')).stderr).toMatch(/--reference is required/);
    expect((await shark('payouts', 'reject', '--reason', 'x')).stderr).toMatch(/needs a payout id/);
    expect((await shark('payouts', 'list', '--status', 'late')).stderr).toMatch(
      /--status must be one of requested, paid, rejected/,
    );
    expect((await shark('payouts', 'frobnicate')).stderr).toMatch(
      /Unknown command "payouts frobnicate"/,
    );
    const help = await shark('payouts', '--help');
    expect(help).toMatchObject({ code: 0 });
    expect(help.stdout).toContain('shark payouts paid <id> --reference');
  });
});
