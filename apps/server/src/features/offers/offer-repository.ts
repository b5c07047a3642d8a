// Reads and writes custom offers and their claims. A claim is counted and recorded in one transaction
// whose update checks the offer is still claimable, so concurrent claims never exceed max_claims.
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import type { AccountsOnConnection } from '#server/features/user/account-service.ts';
import { customOffer, customOfferClaim, user } from '@shark/db/schema.ts';

export type OfferRow = typeof customOffer.$inferSelect;
export type NewOfferRow = typeof customOffer.$inferInsert;

export type ClaimAttempt =
  | { kind: 'new'; offer: OfferRow; claimedAt: Date }
  | { kind: 'existing'; offer: OfferRow; claimedAt: Date }
  /** The offer is unknown, revoked, expired or used up: nothing was written. */
  | { kind: 'refused' };

/** Thrown inside the claim's transaction to roll its insert back. */
class ClaimRefused extends Error {}

/**
 * `accountsIn` builds the account services on the claim's transaction, so that a free offer's grant
 * commits or rolls back with its claim.
 */
export function createOfferRepository(
  db: Database,
  accountsIn: (tx: Database) => AccountsOnConnection,
) {
  return {
    async insert(row: NewOfferRow): Promise<OfferRow> {
      const [inserted] = await db.insert(customOffer).values(row).returning();
      if (!inserted) throw new Error('the offer was not inserted');
      return inserted;
    },

    async find(id: string): Promise<OfferRow | undefined> {
      const [row] = await db.select().from(customOffer).where(eq(customOffer.id, id)).limit(1);
      return row;
    },

    async list(): Promise<OfferRow[]> {
      return db.select().from(customOffer).orderBy(desc(customOffer.createdAt), customOffer.id);
    },

    /** Keeps the first revocation's time. */
    async revoke(id: string, at: Date): Promise<OfferRow | undefined> {
      const [row] = await db
        .update(customOffer)
        .set({
          revokedAt: sql`coalesce(${customOffer.revokedAt}, ${at.toISOString()}::timestamptz)`,
        })
        .where(eq(customOffer.id, id))
        .returning();
      return row;
    },

    async claimsOf(offerId: string): Promise<{ userId: string; email: string; claimedAt: Date }[]> {
      return db
        .select({
          userId: customOfferClaim.userId,
          email: user.email,
          claimedAt: customOfferClaim.claimedAt,
        })
        .from(customOfferClaim)
        .innerJoin(user, eq(user.id, customOfferClaim.userId))
        .where(eq(customOfferClaim.offerId, offerId))
        .orderBy(customOfferClaim.claimedAt, customOfferClaim.userId);
    },

    /**
     * Claims the offer for the user: her earlier claim when she has one (not counted again), else a new
     * claim counted only while the offer is unrevoked, unexpired and under max_claims. `onNewClaim` runs
     * in the same transaction (a free offer's grant), so a failed grant leaves no claim behind.
     */
    async claim(
      offerId: string,
      userId: string,
      now: Date,
      onNewClaim: (accounts: AccountsOnConnection, offer: OfferRow) => Promise<void>,
    ): Promise<ClaimAttempt> {
      try {
        return await db.transaction(async (tx): Promise<ClaimAttempt> => {
          // The insert comes first: a second claim by the same user waits here for the first to commit.
          const [inserted] = await tx
            .insert(customOfferClaim)
            .values({ offerId, userId, claimedAt: now })
            .onConflictDoNothing()
            .returning({ claimedAt: customOfferClaim.claimedAt });
          if (!inserted) {
            const [existing] = await tx
              .select({ claimedAt: customOfferClaim.claimedAt, offer: customOffer })
              .from(customOfferClaim)
              .innerJoin(customOffer, eq(customOffer.id, customOfferClaim.offerId))
              .where(
                and(eq(customOfferClaim.offerId, offerId), eq(customOfferClaim.userId, userId)),
              )
              .limit(1);
            if (!existing) throw new ClaimRefused();
            return { kind: 'existing', offer: existing.offer, claimedAt: existing.claimedAt };
          }
          // One statement checks and counts: concurrent claims queue on the row lock and re-check.
          const [offer] = await tx
            .update(customOffer)
            .set({ claimCount: sql`${customOffer.claimCount} + 1` })
            .where(
              and(
                eq(customOffer.id, offerId),
                isNull(customOffer.revokedAt),
                or(isNull(customOffer.expiresAt), gt(customOffer.expiresAt, now)),
                or(
                  isNull(customOffer.maxClaims),
                  lt(customOffer.claimCount, customOffer.maxClaims),
                ),
              ),
            )
            .returning();
          if (!offer) throw new ClaimRefused();
          await onNewClaim(accountsIn(tx), offer);
          return { kind: 'new', offer, claimedAt: inserted.claimedAt };
        });
      } catch (error) {
        // An unknown offer fails the claim's foreign key; a refused one was rolled back above.
        if (error instanceof ClaimRefused || isForeignKeyViolation(error))
          return { kind: 'refused' };
        throw error;
      }
    },
  };
}

function isForeignKeyViolation(error: unknown): boolean {
  for (
    let e: unknown = error;
    e instanceof Error || (typeof e === 'object' && e !== null);
    e = (e as { cause?: unknown }).cause
  ) {
    if ((e as { code?: unknown }).code === '23503') return true;
    if (!(e as { cause?: unknown }).cause) break;
  }
  return false;
}

export type OfferRepository = ReturnType<typeof createOfferRepository>;
