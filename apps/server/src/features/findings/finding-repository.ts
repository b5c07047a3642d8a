// Finding rows: the upsert's lookups under a lock per page (or profile), the review list with its
// counts, a scan's findings, and the bulk status changes the whitelist makes.
import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { enrolledFace, finding, referenceFile, whitelistEntry } from '@shark/db/schema.ts';
import type { FindingKind, FindingStatus } from '@shark/contracts/findings.ts';
import type { FindingCursor, ReviewState } from './finding-rules.ts';

export type FindingRow = typeof finding.$inferSelect;
export type NewFindingRow = typeof finding.$inferInsert;

/** A row with what the API shows beside it: the reference's name and the covering whitelist entry. */
export interface FindingView {
  row: FindingRow;
  referenceName: string | null;
  whitelistEntry: { kind: 'url' | 'domain' | 'pattern'; value: string } | null;
  /** first_seen_at as Postgres writes it, for the list's cursor. */
  firstSeenKey: string;
}

export interface FindingFilters {
  status?: FindingStatus | undefined;
  kind?: FindingKind | undefined;
  scanId?: string | undefined;
}

/** The columns the whitelist looks at. */
export type ReconcilableRow = Pick<
  FindingRow,
  | 'id'
  | 'kind'
  | 'status'
  | 'confidence'
  | 'pageUrl'
  | 'mediaUrl'
  | 'reviewedBy'
  | 'whitelistEntryId'
>;

/** Arbitrary first key of the advisory lock that serialises records of one page (or profile) of one user. */
const FINDING_LOCK = 7_241_206;

/** Statuses that still count as something found (not the creator's own page, not "not mine"). */
export const OPEN_STATUSES = ['pending_review', 'confirmed'] as const;

/** A scan's findings: those it found first or saw last. */
const ofScan = (scanId: string) =>
  or(eq(finding.firstScanId, scanId), eq(finding.lastScanId, scanId))!;

function queries(db: Database) {
  const viewColumns = {
    row: finding,
    referenceName: referenceFile.originalName,
    whitelistKind: whitelistEntry.kind,
    whitelistValue: whitelistEntry.value,
    firstSeenKey: sql<string>`${finding.firstSeenAt}::text`,
  };
  type RawView = {
    row: FindingRow;
    referenceName: string | null;
    whitelistKind: 'url' | 'domain' | 'pattern' | null;
    whitelistValue: string | null;
    firstSeenKey: string;
  };
  const toView = (raw: RawView): FindingView => ({
    row: raw.row,
    referenceName: raw.referenceName,
    whitelistEntry:
      raw.whitelistKind && raw.whitelistValue
        ? { kind: raw.whitelistKind, value: raw.whitelistValue }
        : null,
    firstSeenKey: raw.firstSeenKey,
  });
  const selectViews = () =>
    db
      .select(viewColumns)
      .from(finding)
      .leftJoin(referenceFile, eq(referenceFile.id, finding.referenceFileId))
      .leftJoin(whitelistEntry, eq(whitelistEntry.id, finding.whitelistEntryId));

  return {
    async findByDedupKey(userId: string, dedupKey: string): Promise<FindingRow | undefined> {
      const [row] = await db
        .select()
        .from(finding)
        .where(and(eq(finding.userId, userId), eq(finding.dedupKey, dedupKey)))
        .limit(1);
      return row;
    },

    /** A leak on this page showing the same bytes (whatever reference it matched). */
    async findLeakByMedia(
      userId: string,
      normalizedUrl: string,
      sha256: string,
    ): Promise<FindingRow | undefined> {
      const [row] = await db
        .select()
        .from(finding)
        .where(
          and(
            eq(finding.userId, userId),
            eq(finding.mediaSha256, sha256),
            eq(finding.normalizedUrl, normalizedUrl),
            eq(finding.kind, 'leak'),
          ),
        )
        .orderBy(finding.firstSeenAt)
        .limit(1);
      return row;
    },

    /** The first leak recorded on this page, if any. */
    async findLeakOnPage(userId: string, normalizedUrl: string): Promise<FindingRow | undefined> {
      const [row] = await db
        .select()
        .from(finding)
        .where(
          and(
            eq(finding.userId, userId),
            eq(finding.normalizedUrl, normalizedUrl),
            eq(finding.kind, 'leak'),
          ),
        )
        .orderBy(finding.firstSeenAt, finding.id)
        .limit(1);
      return row;
    },

    /** Whether the reference file exists and is this user's (it may be deleted while a scan runs). */
    async ownsReference(userId: string, referenceFileId: string): Promise<boolean> {
      const rows = await db
        .select({ id: referenceFile.id })
        .from(referenceFile)
        .where(and(eq(referenceFile.userId, userId), eq(referenceFile.id, referenceFileId)))
        .limit(1);
      return rows.length > 0;
    },

    /** Inserts the row unless its dedup key is taken; the inserted row, or undefined. */
    async insert(row: NewFindingRow): Promise<FindingRow | undefined> {
      const [inserted] = await db
        .insert(finding)
        .values(row)
        .onConflictDoNothing({ target: [finding.userId, finding.dedupKey] })
        .returning();
      return inserted;
    },

    async update(id: string, patch: Partial<NewFindingRow>): Promise<FindingRow> {
      const [row] = await db.update(finding).set(patch).where(eq(finding.id, id)).returning();
      if (!row) throw new Error(`finding ${id} vanished during its update`);
      return row;
    },

    /** Removes a mention nobody has looked at yet; its thumbnail key, when it was removed. */
    async deleteUnreviewedMention(
      userId: string,
      normalizedUrl: string,
    ): Promise<{ thumbnailKey: string | null } | undefined> {
      const [row] = await db
        .delete(finding)
        .where(
          and(
            eq(finding.userId, userId),
            eq(finding.normalizedUrl, normalizedUrl),
            eq(finding.kind, 'mention'),
            eq(finding.status, 'pending_review'),
            isNull(finding.reviewedBy),
          ),
        )
        .returning({ thumbnailKey: finding.thumbnailKey });
      return row;
    },

    /** Sets the thumbnail unless another record set one first; whether this one was kept. */
    async setFaceCrop(id: string, key: string): Promise<boolean> {
      const rows = await db
        .update(finding)
        .set({ faceCropKey: key })
        .where(and(eq(finding.id, id), isNull(finding.faceCropKey)))
        .returning({ id: finding.id });
      return rows.length > 0;
    },

    async setThumbnail(id: string, key: string): Promise<boolean> {
      const rows = await db
        .update(finding)
        .set({ thumbnailKey: key })
        .where(and(eq(finding.id, id), isNull(finding.thumbnailKey)))
        .returning({ id: finding.id });
      return rows.length > 0;
    },

    async findOwned(userId: string, id: string): Promise<FindingView | undefined> {
      const [raw] = await selectViews()
        .where(and(eq(finding.userId, userId), eq(finding.id, id)))
        .limit(1);
      return raw ? toView(raw) : undefined;
    },

    /** The storage key of the crop of one of the user's enrolled faces (gone once she withdraws). */
    async enrolledFaceCropKey(userId: string, enrolledFaceId: string): Promise<string | null> {
      const [row] = await db
        .select({ cropKey: enrolledFace.cropKey })
        .from(enrolledFace)
        .where(and(eq(enrolledFace.userId, userId), eq(enrolledFace.id, enrolledFaceId)))
        .limit(1);
      return row?.cropKey ?? null;
    },

    /** Newest first by when they were first found (stable while scans see them again), after the cursor. */
    async page(
      userId: string,
      filters: FindingFilters,
      after: FindingCursor | null,
      limit: number,
    ): Promise<FindingView[]> {
      const conditions: SQL[] = [eq(finding.userId, userId)];
      if (filters.status) conditions.push(eq(finding.status, filters.status));
      if (filters.kind) conditions.push(eq(finding.kind, filters.kind));
      if (filters.scanId) conditions.push(ofScan(filters.scanId));
      if (after)
        conditions.push(
          sql`(${finding.firstSeenAt}, ${finding.id}) < (${after.firstSeenAt}::timestamptz, ${after.id})`,
        );
      const rows = await selectViews()
        .where(and(...conditions))
        .orderBy(desc(finding.firstSeenAt), desc(finding.id))
        .limit(limit);
      return rows.map(toView);
    },

    async countByStatus(userId: string): Promise<Record<FindingStatus, number>> {
      const rows = await db
        .select({ status: finding.status, n: count() })
        .from(finding)
        .where(eq(finding.userId, userId))
        .groupBy(finding.status);
      const counts: Record<FindingStatus, number> = {
        pending_review: 0,
        confirmed: 0,
        rejected: 0,
        whitelisted: 0,
      };
      for (const { status, n } of rows) counts[status] = n;
      return counts;
    },

    /** Open findings of a scan by kind. */
    async countOpenByKindForScan(scanId: string): Promise<Record<FindingKind, number>> {
      const rows = await db
        .select({ kind: finding.kind, n: count() })
        .from(finding)
        .where(and(ofScan(scanId), inArray(finding.status, [...OPEN_STATUSES])))
        .groupBy(finding.kind);
      const counts: Record<FindingKind, number> = {
        leak: 0,
        mention: 0,
        impersonation: 0,
        likeness: 0,
      };
      for (const { kind, n } of rows) counts[kind] = n;
      return counts;
    },

    /** Open findings of one scan of the user, pictures first, then the surest. */
    async openOfScan(userId: string, scanId: string): Promise<FindingRow[]> {
      return db
        .select()
        .from(finding)
        .where(
          and(
            eq(finding.userId, userId),
            ofScan(scanId),
            inArray(finding.status, [...OPEN_STATUSES]),
          ),
        )
        .orderBy(
          sql`${finding.thumbnailKey} is null`,
          desc(finding.confidence),
          finding.firstSeenAt,
          finding.id,
        );
    },

    /** Every finding of the user the whitelist can still move (all but the rejected). */
    async reconcilable(userId: string): Promise<ReconcilableRow[]> {
      return db
        .select({
          id: finding.id,
          kind: finding.kind,
          status: finding.status,
          confidence: finding.confidence,
          pageUrl: finding.pageUrl,
          mediaUrl: finding.mediaUrl,
          reviewedBy: finding.reviewedBy,
          whitelistEntryId: finding.whitelistEntryId,
        })
        .from(finding)
        .where(
          and(
            eq(finding.userId, userId),
            inArray(finding.status, ['pending_review', 'confirmed', 'whitelisted']),
          ),
        );
    },

    /**
     * Applies one whitelist decision to these findings, only where the status is still the one the
     * decision was made from (a review in between wins). Returns the ids changed.
     */
    async applyState(
      userId: string,
      ids: string[],
      from: FindingStatus,
      state: ReviewState,
      reviewedAt: Date | null,
    ): Promise<string[]> {
      if (ids.length === 0) return [];
      const set: Partial<NewFindingRow> = {
        status: state.status,
        whitelistEntryId: state.whitelistEntryId,
      };
      // Leaving the whitelist starts the review again; entering it keeps who reviewed it last.
      if (state.status !== 'whitelisted')
        Object.assign(set, { reviewedBy: state.reviewedBy, reviewedAt });
      const rows = await db
        .update(finding)
        .set(set)
        .where(and(eq(finding.userId, userId), inArray(finding.id, ids), eq(finding.status, from)))
        .returning({ id: finding.id });
      return rows.map((r) => r.id);
    },
  };
}

export type FindingQueries = ReturnType<typeof queries>;

export function createFindingRepository(db: Database) {
  return {
    ...queries(db),
    /**
     * Runs `work` in one transaction holding the lock of this user's page (or profile): two workers
     * recording the same thing take turns, so the second sees the first one's row.
     */
    async locked<T>(
      userId: string,
      subject: string,
      work: (queries: FindingQueries) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${FINDING_LOCK}, hashtext(${`${userId} ${subject}`}))`,
        );
        return work(queries(tx));
      });
    },
  };
}

export type FindingRepository = ReturnType<typeof createFindingRepository>;
