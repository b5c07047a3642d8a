// Free Removals in the database: reported_url rows made from /promo-protect (via 'promo'), each with the
// finding it became and that finding's takedown, and the allowance they spend. A new removal is taken
// under a per-creator advisory lock, so that concurrent requests cannot spend more than the allowance.
import { and, count, desc, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { finding, referenceFile, reportedUrl, takedown } from '@shark/db/schema.ts';

export type PromoRemovalRow = typeof reportedUrl.$inferSelect;

export interface PromoRemovalView {
  row: PromoRemovalRow;
  findingStatus: string | null;
  reference: { id: string; name: string } | null;
  takedown: { id: string; status: string } | null;
}

/** Arbitrary first key of the advisory lock that serialises one creator's spending of her allowance. */
const PROMO_LOCK = 7_304_211;

/**
 * The rows that spend a removal: every promo report except one that ended without a finding (an
 * address that is not on the public web, or a check that failed on our side), which cannot become a
 * takedown and so gives its removal back.
 */
const spendsRemoval = or(ne(reportedUrl.status, 'failed'), isNotNull(reportedUrl.findingId));

export type TakeRemovalResult =
  { outcome: 'taken'; row: PromoRemovalRow; used: number } | { outcome: 'exhausted'; used: number };

function queries(db: Database) {
  return {
    async used(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(reportedUrl)
        .where(and(eq(reportedUrl.userId, userId), eq(reportedUrl.via, 'promo'), spendsRemoval));
      return row?.n ?? 0;
    },
  };
}

export function createPromoRemovalRepository(db: Database) {
  const views = () =>
    db
      .select({
        row: reportedUrl,
        findingStatus: finding.status,
        referenceId: referenceFile.id,
        referenceName: referenceFile.originalName,
        takedownId: takedown.id,
        takedownStatus: takedown.status,
      })
      .from(reportedUrl)
      .leftJoin(finding, eq(finding.id, reportedUrl.findingId))
      .leftJoin(referenceFile, eq(referenceFile.id, finding.referenceFileId))
      .leftJoin(takedown, eq(takedown.findingId, reportedUrl.findingId));

  type Raw = Awaited<ReturnType<ReturnType<typeof views>['where']>>[number];
  const toView = (raw: Raw): PromoRemovalView => ({
    row: raw.row,
    findingStatus: raw.findingStatus,
    reference:
      raw.referenceId !== null && raw.referenceName !== null
        ? { id: raw.referenceId, name: raw.referenceName }
        : null,
    takedown:
      raw.takedownId !== null && raw.takedownStatus !== null
        ? { id: raw.takedownId, status: raw.takedownStatus }
        : null,
  });

  return {
    ...queries(db),

    /** Her report of this address (by comparison key), from either page. */
    async byKey(userId: string, key: string): Promise<PromoRemovalRow | undefined> {
      const [row] = await db
        .select()
        .from(reportedUrl)
        .where(and(eq(reportedUrl.userId, userId), eq(reportedUrl.normalizedUrl, key)))
        .limit(1);
      return row;
    },

    /**
     * Spends one removal, all in one transaction under her lock: counts what she has used and, with a
     * removal left, inserts the new report — or puts back in the queue (as a free removal) her earlier
     * report of the same address that ended without a finding.
     */
    async take(
      userId: string,
      limit: number,
      report: { id: string; url: string; normalizedUrl: string; ownershipConfirmedAt: Date },
      requeueId: string | null,
    ): Promise<TakeRemovalResult> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${PROMO_LOCK}, hashtext(${userId}))`);
        const used = await queries(tx).used(userId);
        if (used >= limit) return { outcome: 'exhausted' as const, used };
        const now = new Date();
        const [row] = requeueId
          ? await tx
              .update(reportedUrl)
              .set({
                status: 'queued',
                detail: null,
                via: 'promo',
                ownershipConfirmedAt: report.ownershipConfirmedAt,
                updatedAt: now,
              })
              .where(
                and(
                  eq(reportedUrl.id, requeueId),
                  eq(reportedUrl.userId, userId),
                  eq(reportedUrl.status, 'failed'),
                  sql`${reportedUrl.findingId} is null`,
                ),
              )
              .returning()
          : await tx
              .insert(reportedUrl)
              .values({ ...report, userId, status: 'queued', via: 'promo' })
              .onConflictDoNothing({ target: [reportedUrl.userId, reportedUrl.normalizedUrl] })
              .returning();
        if (!row) throw new PromoRemovalRaceError();
        return { outcome: 'taken' as const, row, used: used + 1 };
      });
    },

    async view(userId: string, id: string): Promise<PromoRemovalView | undefined> {
      const [raw] = await views()
        .where(
          and(eq(reportedUrl.userId, userId), eq(reportedUrl.id, id), eq(reportedUrl.via, 'promo')),
        )
        .limit(1);
      return raw ? toView(raw) : undefined;
    },

    /** Her free removals, newest first. */
    async list(userId: string): Promise<PromoRemovalView[]> {
      const rows = await views()
        .where(and(eq(reportedUrl.userId, userId), eq(reportedUrl.via, 'promo')))
        .orderBy(desc(reportedUrl.createdAt), desc(reportedUrl.id));
      return rows.map(toView);
    },

    /** Whether this takedown is one of her free removals (the takedown detail's promo rule). */
    async isFreeRemovalTakedown(userId: string, takedownId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: takedown.id })
        .from(takedown)
        .innerJoin(reportedUrl, eq(reportedUrl.findingId, takedown.findingId))
        .where(
          and(
            eq(takedown.id, takedownId),
            eq(takedown.userId, userId),
            eq(reportedUrl.userId, userId),
            eq(reportedUrl.via, 'promo'),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}

/** The address was reported (or settled) by another request between the look-up and the lock. */
export class PromoRemovalRaceError extends Error {
  override readonly name = 'PromoRemovalRaceError';
}

export type PromoRemovalRepository = ReturnType<typeof createPromoRemovalRepository>;
