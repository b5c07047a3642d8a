// Billing rows: the creator's Stripe customer, her subscriptions as last seen, processed webhook events,
// payments, and the part of account_state billing decides — the last written in the same transaction.
import { and, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import {
  accountState,
  billingCustomer,
  billingEvent,
  billingPayment,
  billingSubscription,
  customOffer,
  customOfferClaim,
  user,
} from '@shark/db/schema.ts';
import type { BillingInterval, SubscriptionStatus } from '@shark/contracts/billing.ts';
import type { Plan, SpecialFeature } from '@shark/contracts/user.ts';
import { addGrantedFeatures } from '#server/features/user/account-service.ts';
import { LIVE_STATUSES, type BillingAccount } from './billing-state.ts';

export interface StoredSubscription {
  id: string;
  userId: string;
  status: SubscriptionStatus;
  plan: Plan;
  interval: BillingInterval;
  currency: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date;
  graceUntil: Date | null;
  lastEventAt: Date;
}

export interface NewPayment {
  id: string;
  userId: string;
  subscriptionId: string | null;
  amount: number;
  currency: string;
  invoiceUrl: string | null;
  paidAt: Date;
}

const subscriptionColumns = {
  id: billingSubscription.id,
  userId: billingSubscription.userId,
  status: billingSubscription.status,
  plan: billingSubscription.plan,
  interval: billingSubscription.interval,
  currency: billingSubscription.currency,
  cancelAtPeriodEnd: billingSubscription.cancelAtPeriodEnd,
  currentPeriodEnd: billingSubscription.currentPeriodEnd,
  graceUntil: billingSubscription.graceUntil,
  lastEventAt: billingSubscription.lastEventAt,
};

/** The queries of one transaction (or of the plain connection). */
function queries(db: Database) {
  return {
    async subscription(id: string, forUpdate = false): Promise<StoredSubscription | undefined> {
      const query = db
        .select(subscriptionColumns)
        .from(billingSubscription)
        .where(eq(billingSubscription.id, id))
        .limit(1);
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },

    async saveSubscription(sub: StoredSubscription): Promise<void> {
      const { id, ...rest } = sub;
      const values = { ...rest, updatedAt: new Date() };
      await db
        .insert(billingSubscription)
        .values({ id, ...values })
        .onConflictDoUpdate({ target: billingSubscription.id, set: values });
    },

    /** Whether the creator has a live subscription other than `exceptId` (a new one replaced an old one). */
    async hasOtherLiveSubscription(userId: string, exceptId: string): Promise<boolean> {
      const rows = await db
        .select({ id: billingSubscription.id })
        .from(billingSubscription)
        .where(
          and(
            eq(billingSubscription.userId, userId),
            inArray(billingSubscription.status, [...LIVE_STATUSES]),
            sql`${billingSubscription.id} <> ${exceptId}`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Records the event; false when it was processed before (a repeated delivery). */
    async recordEvent(event: {
      id: string;
      type: string;
      userId: string | null;
      createdAt: Date;
    }): Promise<boolean> {
      const rows = await db
        .insert(billingEvent)
        .values({
          id: event.id,
          type: event.type,
          userId: event.userId,
          createdAtProvider: event.createdAt,
        })
        .onConflictDoNothing({ target: billingEvent.id })
        .returning({ id: billingEvent.id });
      return rows.length > 0;
    },

    async recordPayment(payment: NewPayment): Promise<void> {
      await db
        .insert(billingPayment)
        .values({ ...payment, source: 'stripe' })
        .onConflictDoNothing({ target: billingPayment.id });
    },

    async account(userId: string): Promise<BillingAccount> {
      const [row] = await db
        .select({
          status: accountState.status,
          plan: accountState.plan,
          cancelAtPeriodEnd: accountState.cancelAtPeriodEnd,
          subscribedSince: accountState.subscribedSince,
        })
        .from(accountState)
        .where(eq(accountState.userId, userId))
        .limit(1);
      return row ?? { status: 'free', plan: null, cancelAtPeriodEnd: false, subscribedSince: null };
    },

    /** The features of a custom offer the creator claimed; undefined when she never claimed it. */
    async claimedOfferFeatures(
      userId: string,
      offerId: string,
    ): Promise<SpecialFeature[] | undefined> {
      const [row] = await db
        .select({ features: customOffer.features })
        .from(customOffer)
        .innerJoin(
          customOfferClaim,
          and(eq(customOfferClaim.offerId, customOffer.id), eq(customOfferClaim.userId, userId)),
        )
        .where(eq(customOffer.id, offerId))
        .limit(1);
      return row?.features as SpecialFeature[] | undefined;
    },

    /** Adds features to her grants (as an operator's grant would), keeping those she has. */
    async addGrantedFeatures(userId: string, features: SpecialFeature[]): Promise<void> {
      await addGrantedFeatures(db, userId, features);
    },

    /** Writes billing's part of account_state; grants, onboarding and the rest are kept. */
    async saveAccount(userId: string, account: BillingAccount): Promise<void> {
      const values = { ...account, updatedAt: new Date() };
      await db
        .insert(accountState)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: accountState.userId, set: values });
    },
  };
}

export type BillingQueries = ReturnType<typeof queries>;

export function createBillingRepository(db: Database) {
  const plain = queries(db);
  return {
    ...plain,

    /** Runs `work` in one transaction. */
    transaction<T>(work: (q: BillingQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => work(queries(tx as unknown as Database)));
    },

    async customerOf(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: billingCustomer.stripeCustomerId })
        .from(billingCustomer)
        .where(eq(billingCustomer.userId, userId))
        .limit(1);
      return row?.id;
    },

    /** Keeps the first customer when two checkouts raced; returns the one kept. */
    async saveCustomer(userId: string, stripeCustomerId: string): Promise<string> {
      await db
        .insert(billingCustomer)
        .values({ userId, stripeCustomerId })
        .onConflictDoNothing({ target: billingCustomer.userId });
      const kept = await this.customerOf(userId);
      if (!kept) throw new Error('billing customer was not recorded');
      return kept;
    },

    async userRecord(
      userId: string,
    ): Promise<{ id: string; email: string; name: string } | undefined> {
      const [row] = await db
        .select({ id: user.id, email: user.email, name: user.name })
        .from(user)
        .where(eq(user.id, userId))
        .limit(1);
      return row;
    },

    async userOfCustomer(stripeCustomerId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: billingCustomer.userId })
        .from(billingCustomer)
        .where(eq(billingCustomer.stripeCustomerId, stripeCustomerId))
        .limit(1);
      return row?.userId;
    },

    async hasEvent(id: string): Promise<boolean> {
      const rows = await db
        .select({ id: billingEvent.id })
        .from(billingEvent)
        .where(eq(billingEvent.id, id))
        .limit(1);
      return rows.length > 0;
    },

    /** The creator's subscription to show and act on: a live one first, else the newest. */
    async currentSubscription(userId: string): Promise<StoredSubscription | undefined> {
      const rows = await db
        .select(subscriptionColumns)
        .from(billingSubscription)
        .where(eq(billingSubscription.userId, userId))
        .orderBy(desc(billingSubscription.updatedAt));
      return rows.find((r) => LIVE_STATUSES.includes(r.status)) ?? rows[0];
    },

    async payments(userId: string, limit: number) {
      return db
        .select({
          id: billingPayment.id,
          amount: billingPayment.amount,
          currency: billingPayment.currency,
          source: billingPayment.source,
          invoiceUrl: billingPayment.invoiceUrl,
          paidAt: billingPayment.paidAt,
        })
        .from(billingPayment)
        .where(eq(billingPayment.userId, userId))
        .orderBy(desc(billingPayment.paidAt), desc(billingPayment.id))
        .limit(limit);
    },

    /** Subscriptions whose grace or cancelled period may have ended by `now`: the sweep's candidates. */
    async dueForSweep(now: Date): Promise<StoredSubscription[]> {
      return (
        db
          .select(subscriptionColumns)
          .from(billingSubscription)
          // Only creators still subscribed: one already former is not looked at again on every sweep.
          .innerJoin(accountState, eq(accountState.userId, billingSubscription.userId))
          .where(
            and(
              eq(accountState.status, 'subscribed'),
              inArray(billingSubscription.status, [...LIVE_STATUSES]),
              or(
                and(
                  isNotNull(billingSubscription.graceUntil),
                  lt(billingSubscription.graceUntil, now),
                ),
                and(
                  eq(billingSubscription.cancelAtPeriodEnd, true),
                  lt(billingSubscription.currentPeriodEnd, now),
                ),
              ),
            ),
          )
      );
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
