// Reads and writes the affiliate programme's rows: codes, clicks, referrals, the commission ledger and
// payouts. A payout request locks the affiliate's code row, so two requests of one affiliate run one after
// the other and a commission is never attached to two payouts.
import {
  and,
  count,
  countDistinct,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lte,
  sql,
} from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import {
  affiliateCode,
  affiliateCommission,
  affiliatePayout,
  billingCustomer,
  billingPayment,
  referral,
  referralClick,
  user,
} from '@shark/db/schema.ts';
import type { PayoutStatus } from '@shark/contracts/affiliates.ts';

export type PayoutRow = typeof affiliatePayout.$inferSelect & { commissionCount: number };
export type CommissionRow = {
  id: string;
  customerEmail: string | null;
  currency: string;
  amount: number;
  paymentAmount: number;
  rateBps: number;
  availableAt: Date;
  createdAt: Date;
  payoutStatus: PayoutStatus | null;
};

/** Thrown inside a payout's transaction to roll it back; the service turns it into a 4xx. */
export class PayoutRefused extends Error {
  constructor(
    readonly reason: 'below_minimum',
    readonly available: number,
  ) {
    super(reason);
  }
}

const payoutColumns = {
  id: affiliatePayout.id,
  affiliateUserId: affiliatePayout.affiliateUserId,
  currency: affiliatePayout.currency,
  amount: affiliatePayout.amount,
  status: affiliatePayout.status,
  destination: affiliatePayout.destination,
  operatorNote: affiliatePayout.operatorNote,
  requestedAt: affiliatePayout.requestedAt,
  decidedAt: affiliatePayout.decidedAt,
  // Spelt out: inside a subquery drizzle would leave the columns unqualified, and "id" would be the commission's.
  commissionCount: sql<number>`(select count(*)::int from affiliate_commission c where c.payout_id = "affiliate_payout"."id")`,
};

export function createAffiliateRepository(db: Database) {
  return {
    async codeOf(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ code: affiliateCode.code })
        .from(affiliateCode)
        .where(eq(affiliateCode.userId, userId))
        .limit(1);
      return row?.code;
    },

    /** false when the user already has a code or the code is taken (the caller tries another). */
    async insertCode(userId: string, code: string): Promise<boolean> {
      const rows = await db
        .insert(affiliateCode)
        .values({ userId, code })
        .onConflictDoNothing()
        .returning({ code: affiliateCode.code });
      return rows.length > 0;
    },

    async affiliateOfCode(code: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: affiliateCode.userId })
        .from(affiliateCode)
        .where(eq(affiliateCode.code, code))
        .limit(1);
      return row?.userId;
    },

    async userEmail(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ email: user.email })
        .from(user)
        .where(eq(user.id, userId))
        .limit(1);
      return row?.email;
    },

    async userByEmail(email: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, email))
        .limit(1);
      return row?.id;
    },

    /**
     * One click per visitor and day, for the affiliate whose code it is; nothing for an unknown code.
     * One statement either way, so an unknown code takes no shorter a path than a known one.
     */
    async recordClick(code: string, visitorHash: string, day: string): Promise<void> {
      await db.execute(
        sql`insert into ${referralClick} (affiliate_user_id, visitor_hash, day)
            select ${affiliateCode.userId}, ${visitorHash}, ${day} from ${affiliateCode}
            where ${affiliateCode.code} = ${code}
            on conflict do nothing`,
      );
    },

    async hasClicked(affiliateUserId: string, visitorHash: string): Promise<boolean> {
      const rows = await db
        .select({ day: referralClick.day })
        .from(referralClick)
        .where(
          and(
            eq(referralClick.affiliateUserId, affiliateUserId),
            eq(referralClick.visitorHash, visitorHash),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** The tie is made once: false when the customer already has an affiliate. */
    async createReferral(row: {
      referredUserId: string;
      affiliateUserId: string;
      via: 'code' | 'link';
      code: string;
    }): Promise<boolean> {
      const rows = await db
        .insert(referral)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: referral.referredUserId });
      return rows.length > 0;
    },

    async referralOf(referredUserId: string) {
      const [row] = await db
        .select()
        .from(referral)
        .where(eq(referral.referredUserId, referredUserId))
        .limit(1);
      return row;
    },

    async payment(paymentId: string) {
      const [row] = await db
        .select()
        .from(billingPayment)
        .where(eq(billingPayment.id, paymentId))
        .limit(1);
      return row;
    },

    async stripeCustomerOf(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: billingCustomer.stripeCustomerId })
        .from(billingCustomer)
        .where(eq(billingCustomer.userId, userId))
        .limit(1);
      return row?.id;
    },

    /** One commission per payment: false when the payment was credited before. */
    async insertCommission(row: typeof affiliateCommission.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(affiliateCommission)
        .values(row)
        .onConflictDoNothing({ target: affiliateCommission.paymentId })
        .returning({ id: affiliateCommission.id });
      return rows.length > 0;
    },

    /** Payments of referred customers since `since` that have no commission yet (the catch-up sweep's work). */
    async uncreditedPayments(since: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: billingPayment.id })
        .from(billingPayment)
        .innerJoin(referral, eq(referral.referredUserId, billingPayment.userId))
        .leftJoin(affiliateCommission, eq(affiliateCommission.paymentId, billingPayment.id))
        .where(
          and(
            isNull(affiliateCommission.id),
            gte(billingPayment.createdAt, since),
            gt(billingPayment.amount, 0),
          ),
        )
        .orderBy(billingPayment.createdAt)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    async counts(
      affiliateUserId: string,
    ): Promise<{ clicks: number; signUps: number; payingCustomers: number }> {
      const [clicks] = await db
        .select({ n: count() })
        .from(referralClick)
        .where(eq(referralClick.affiliateUserId, affiliateUserId));
      const [signUps] = await db
        .select({ n: count() })
        .from(referral)
        .where(eq(referral.affiliateUserId, affiliateUserId));
      const [paying] = await db
        .select({ n: countDistinct(billingPayment.userId) })
        .from(billingPayment)
        .innerJoin(referral, eq(referral.referredUserId, billingPayment.userId))
        .where(and(eq(referral.affiliateUserId, affiliateUserId), gt(billingPayment.amount, 0)));
      return { clicks: clicks?.n ?? 0, signUps: signUps?.n ?? 0, payingCustomers: paying?.n ?? 0 };
    },

    /** Sums per currency and state; a commission of a rejected payout is back to available (its payout id is cleared). */
    async earnings(affiliateUserId: string, now: Date) {
      return db
        .select({
          currency: affiliateCommission.currency,
          pending: sql<number>`coalesce(sum(${affiliateCommission.amount}) filter (where ${affiliateCommission.payoutId} is null and ${affiliateCommission.availableAt} > ${now}), 0)::int`,
          available: sql<number>`coalesce(sum(${affiliateCommission.amount}) filter (where ${affiliateCommission.payoutId} is null and ${affiliateCommission.availableAt} <= ${now}), 0)::int`,
          requested: sql<number>`coalesce(sum(${affiliateCommission.amount}) filter (where ${affiliatePayout.status} = 'requested'), 0)::int`,
          paid: sql<number>`coalesce(sum(${affiliateCommission.amount}) filter (where ${affiliatePayout.status} = 'paid'), 0)::int`,
        })
        .from(affiliateCommission)
        .leftJoin(affiliatePayout, eq(affiliatePayout.id, affiliateCommission.payoutId))
        .where(eq(affiliateCommission.affiliateUserId, affiliateUserId))
        .groupBy(affiliateCommission.currency)
        .orderBy(affiliateCommission.currency);
    },

    async commissions(
      affiliateUserId: string,
      offset: number,
      limit: number,
    ): Promise<{ rows: CommissionRow[]; total: number }> {
      const rows = await db
        .select({
          id: affiliateCommission.id,
          customerEmail: user.email,
          currency: affiliateCommission.currency,
          amount: affiliateCommission.amount,
          paymentAmount: billingPayment.amount,
          rateBps: affiliateCommission.rateBps,
          availableAt: affiliateCommission.availableAt,
          createdAt: affiliateCommission.createdAt,
          payoutStatus: affiliatePayout.status,
        })
        .from(affiliateCommission)
        .innerJoin(billingPayment, eq(billingPayment.id, affiliateCommission.paymentId))
        .leftJoin(user, eq(user.id, affiliateCommission.referredUserId))
        .leftJoin(affiliatePayout, eq(affiliatePayout.id, affiliateCommission.payoutId))
        .where(eq(affiliateCommission.affiliateUserId, affiliateUserId))
        .orderBy(desc(affiliateCommission.createdAt), desc(affiliateCommission.id))
        .offset(offset)
        .limit(limit);
      const [total] = await db
        .select({ n: count() })
        .from(affiliateCommission)
        .where(eq(affiliateCommission.affiliateUserId, affiliateUserId));
      return { rows, total: total?.n ?? 0 };
    },

    async payouts(affiliateUserId: string): Promise<PayoutRow[]> {
      return db
        .select(payoutColumns)
        .from(affiliatePayout)
        .where(eq(affiliatePayout.affiliateUserId, affiliateUserId))
        .orderBy(desc(affiliatePayout.requestedAt), desc(affiliatePayout.id));
    },

    async allPayouts(
      status: PayoutStatus | null,
    ): Promise<(PayoutRow & { affiliateEmail: string })[]> {
      return db
        .select({ ...payoutColumns, affiliateEmail: user.email })
        .from(affiliatePayout)
        .innerJoin(user, eq(user.id, affiliatePayout.affiliateUserId))
        .where(status ? eq(affiliatePayout.status, status) : undefined)
        .orderBy(desc(affiliatePayout.requestedAt), desc(affiliatePayout.id));
    },

    async findPayout(id: string): Promise<(PayoutRow & { affiliateEmail: string }) | undefined> {
      const [row] = await db
        .select({ ...payoutColumns, affiliateEmail: user.email })
        .from(affiliatePayout)
        .innerJoin(user, eq(user.id, affiliatePayout.affiliateUserId))
        .where(eq(affiliatePayout.id, id))
        .limit(1);
      return row;
    },

    /**
     * Attaches every available commission of the currency to a new payout, in one transaction that
     * first locks the affiliate's code row: a second request of hers waits, then finds nothing left.
     */
    async requestPayout(input: {
      id: string;
      affiliateUserId: string;
      currency: string;
      destination: string;
      minPayout: number;
      now: Date;
    }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .select({ code: affiliateCode.code })
          .from(affiliateCode)
          .where(eq(affiliateCode.userId, input.affiliateUserId))
          .for('update');
        const available = await tx
          .select({ id: affiliateCommission.id, amount: affiliateCommission.amount })
          .from(affiliateCommission)
          .where(
            and(
              eq(affiliateCommission.affiliateUserId, input.affiliateUserId),
              eq(affiliateCommission.currency, input.currency),
              isNull(affiliateCommission.payoutId),
              lte(affiliateCommission.availableAt, input.now),
            ),
          )
          .for('update');
        const amount = available.reduce((sum, c) => sum + c.amount, 0);
        if (amount === 0 || amount < input.minPayout)
          throw new PayoutRefused('below_minimum', amount);
        await tx.insert(affiliatePayout).values({
          id: input.id,
          affiliateUserId: input.affiliateUserId,
          currency: input.currency,
          amount,
          destination: input.destination,
          requestedAt: input.now,
        });
        const attached = await tx
          .update(affiliateCommission)
          .set({ payoutId: input.id })
          .where(
            and(
              inArray(
                affiliateCommission.id,
                available.map((c) => c.id),
              ),
              isNull(affiliateCommission.payoutId),
            ),
          )
          .returning({ id: affiliateCommission.id });
        if (attached.length !== available.length)
          throw new Error('payout: commissions changed under the lock');
      });
    },

    /** Decides a requested payout; undefined when it is not (or no longer) requested. A rejection frees its commissions. */
    async decidePayout(
      id: string,
      status: 'paid' | 'rejected',
      note: string,
      at: Date,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(affiliatePayout)
          .set({ status, operatorNote: note, decidedAt: at })
          .where(and(eq(affiliatePayout.id, id), eq(affiliatePayout.status, 'requested')))
          .returning({ id: affiliatePayout.id });
        if (updated.length === 0) return false;
        if (status === 'rejected')
          await tx
            .update(affiliateCommission)
            .set({ payoutId: null })
            .where(eq(affiliateCommission.payoutId, id));
        return true;
      });
    },
  };
}

export type AffiliateRepository = ReturnType<typeof createAffiliateRepository>;
