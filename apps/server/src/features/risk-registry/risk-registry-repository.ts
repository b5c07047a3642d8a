// Scam Registry rows: published entries searched a page at a time, a creator's own reports, her
// reports of the last day (under a per-user lock, so two requests cannot both take the last one), and
// the operator's review.
import { and, count, desc, eq, gte, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { riskRegistryEntry, user } from '@shark/db/schema.ts';
import type { RiskKind, RiskStatus } from '@shark/contracts/risk-registry.ts';

export type RiskEntryRow = typeof riskRegistryEntry.$inferSelect;
export type NewRiskEntryRow = typeof riskRegistryEntry.$inferInsert;
export type RiskEntryWithReporter = RiskEntryRow & { reporterEmail: string | null };

/** Arbitrary first key of the advisory lock that serialises one user's reports. */
const REPORT_LOCK = 7_241_907;

/** `text` as a literal inside a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function queries(db: Database) {
  const withReporter = {
    entry: riskRegistryEntry,
    reporterEmail: user.email,
  };
  const flatten = (row: {
    entry: RiskEntryRow;
    reporterEmail: string | null;
  }): RiskEntryWithReporter => ({
    ...row.entry,
    reporterEmail: row.reporterEmail,
  });
  return {
    /** Published entries matching the words (name, identifiers, description) and kind, newest first. */
    async searchPublished(
      filter: { q?: string | undefined; kind?: RiskKind | undefined },
      offset: number,
      limit: number,
    ) {
      const conditions: SQL[] = [eq(riskRegistryEntry.status, 'published')];
      if (filter.kind) conditions.push(eq(riskRegistryEntry.kind, filter.kind));
      // Every word must appear somewhere: "agency instagram" finds an agency known by its Instagram handle.
      for (const word of (filter.q ?? '')
        .split(/\s+/)
        .filter((w) => w !== '')
        .slice(0, 10)) {
        const pattern = `%${likeLiteral(word)}%`;
        conditions.push(
          or(
            ilike(riskRegistryEntry.name, pattern),
            ilike(riskRegistryEntry.description, pattern),
            sql`array_to_string(${riskRegistryEntry.identifiers}, ' ') ilike ${pattern}`,
          )!,
        );
      }
      const where = and(...conditions);
      const rows = await db
        .select()
        .from(riskRegistryEntry)
        .where(where)
        .orderBy(desc(riskRegistryEntry.publishedAt), desc(riskRegistryEntry.id))
        .offset(offset)
        .limit(limit);
      const [total] = await db.select({ n: count() }).from(riskRegistryEntry).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** A published entry, or one the user reported (whatever its status). */
    async findVisible(id: string, userId: string): Promise<RiskEntryRow | undefined> {
      const [row] = await db
        .select()
        .from(riskRegistryEntry)
        .where(
          and(
            eq(riskRegistryEntry.id, id),
            or(eq(riskRegistryEntry.status, 'published'), eq(riskRegistryEntry.reportedBy, userId)),
          ),
        )
        .limit(1);
      return row;
    },

    async listByReporter(userId: string): Promise<RiskEntryRow[]> {
      return db
        .select()
        .from(riskRegistryEntry)
        .where(eq(riskRegistryEntry.reportedBy, userId))
        .orderBy(desc(riskRegistryEntry.createdAt), desc(riskRegistryEntry.id));
    },

    async countReportedSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(riskRegistryEntry)
        .where(
          and(eq(riskRegistryEntry.reportedBy, userId), gte(riskRegistryEntry.createdAt, since)),
        );
      return row?.n ?? 0;
    },

    async insert(row: NewRiskEntryRow): Promise<RiskEntryRow> {
      const [inserted] = await db.insert(riskRegistryEntry).values(row).returning();
      if (!inserted) throw new Error('registry entry missing after insert');
      return inserted;
    },

    /** Entries waiting for review, oldest first (the first reported is reviewed first). */
    async listByStatus(status: RiskStatus): Promise<RiskEntryWithReporter[]> {
      const rows = await db
        .select(withReporter)
        .from(riskRegistryEntry)
        .leftJoin(user, eq(user.id, riskRegistryEntry.reportedBy))
        .where(eq(riskRegistryEntry.status, status))
        .orderBy(riskRegistryEntry.createdAt, riskRegistryEntry.id);
      return rows.map(flatten);
    },

    async findWithReporter(id: string): Promise<RiskEntryWithReporter | undefined> {
      const [row] = await db
        .select(withReporter)
        .from(riskRegistryEntry)
        .leftJoin(user, eq(user.id, riskRegistryEntry.reportedBy))
        .where(eq(riskRegistryEntry.id, id))
        .limit(1);
      return row ? flatten(row) : undefined;
    },

    /** Moves an entry from `from` to its reviewed state; undefined when it was not in `from`. */
    async review(
      id: string,
      from: RiskStatus,
      change: {
        status: RiskStatus;
        reviewNote: string | null;
        reviewedBy: string | null;
        publishedAt: Date | null;
        at: Date;
      },
    ): Promise<RiskEntryRow | undefined> {
      const [row] = await db
        .update(riskRegistryEntry)
        .set({
          status: change.status,
          reviewNote: change.reviewNote,
          reviewedBy: change.reviewedBy,
          publishedAt: change.publishedAt,
          updatedAt: change.at,
        })
        .where(and(eq(riskRegistryEntry.id, id), eq(riskRegistryEntry.status, from)))
        .returning();
      return row;
    },
  };
}

export type RiskRegistryQueries = ReturnType<typeof queries>;

export function createRiskRegistryRepository(db: Database) {
  return {
    ...queries(db),
    /** Runs `work` in one transaction holding the user's report lock, with queries bound to it. */
    async lockedForReporter<T>(
      userId: string,
      work: (queries: RiskRegistryQueries) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${REPORT_LOCK}, hashtext(${userId}))`);
        return work(queries(tx));
      });
    },
  };
}

export type RiskRegistryRepository = ReturnType<typeof createRiskRegistryRepository>;
