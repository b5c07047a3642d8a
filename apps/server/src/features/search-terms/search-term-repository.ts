// Search-term rows of one user, the usernames suggestions are made from, and the per-user lock that
// keeps two requests from both taking the last place under the plan's limit.
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { protectedAccount, searchTerm } from '@shark/db/schema.ts';

export type SearchTermRow = typeof searchTerm.$inferSelect;
export type SearchTermStatus = SearchTermRow['status'];

/** A row with the account a suggestion was made from, while that account exists. */
export interface SearchTermWithAccount extends SearchTermRow {
  account: { id: string; platform: string; username: string } | null;
}

export interface NewSearchTerm {
  id: string;
  userId: string;
  term: string;
  normalizedTerm: string;
  status: SearchTermStatus;
  origin: SearchTermRow['origin'];
  suggestedFromAccountId: string | null;
  sources: string[];
  createdAt?: Date;
}

/** Arbitrary first key of the advisory lock that serialises one user's search-term changes. */
const SEARCH_TERM_LOCK = 7_241_101;

const withAccountColumns = {
  row: searchTerm,
  accountId: protectedAccount.id,
  accountPlatform: protectedAccount.platform,
  accountUsername: protectedAccount.username,
};

function toWithAccount(r: {
  row: SearchTermRow;
  accountId: string | null;
  accountPlatform: string | null;
  accountUsername: string | null;
}): SearchTermWithAccount {
  const account =
    r.accountId !== null && r.accountPlatform !== null && r.accountUsername !== null
      ? { id: r.accountId, platform: r.accountPlatform, username: r.accountUsername }
      : null;
  return { ...r.row, account };
}

function queries(db: Database) {
  return {
    /** Active and suggested terms, oldest first (suggestions in the order they were made). */
    async listVisible(userId: string): Promise<SearchTermWithAccount[]> {
      const rows = await db
        .select(withAccountColumns)
        .from(searchTerm)
        .leftJoin(protectedAccount, eq(protectedAccount.id, searchTerm.suggestedFromAccountId))
        .where(
          and(eq(searchTerm.userId, userId), inArray(searchTerm.status, ['active', 'suggested'])),
        )
        .orderBy(asc(searchTerm.createdAt), asc(searchTerm.normalizedTerm));
      return rows.map(toWithAccount);
    },

    async findWithAccount(userId: string, id: string): Promise<SearchTermWithAccount | undefined> {
      const [row] = await db
        .select(withAccountColumns)
        .from(searchTerm)
        .leftJoin(protectedAccount, eq(protectedAccount.id, searchTerm.suggestedFromAccountId))
        .where(and(eq(searchTerm.userId, userId), eq(searchTerm.id, id)))
        .limit(1);
      return row ? toWithAccount(row) : undefined;
    },

    async findById(userId: string, id: string): Promise<SearchTermRow | undefined> {
      const [row] = await db
        .select()
        .from(searchTerm)
        .where(and(eq(searchTerm.userId, userId), eq(searchTerm.id, id)))
        .limit(1);
      return row;
    },

    async findByIds(userId: string, ids: string[]): Promise<SearchTermRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(searchTerm)
        .where(and(eq(searchTerm.userId, userId), inArray(searchTerm.id, ids)));
    },

    async findByNormalized(
      userId: string,
      normalizedTerm: string,
    ): Promise<SearchTermRow | undefined> {
      const [row] = await db
        .select()
        .from(searchTerm)
        .where(and(eq(searchTerm.userId, userId), eq(searchTerm.normalizedTerm, normalizedTerm)))
        .limit(1);
      return row;
    },

    async countByStatus(userId: string, status: SearchTermStatus): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(searchTerm)
        .where(and(eq(searchTerm.userId, userId), eq(searchTerm.status, status)));
      return row?.n ?? 0;
    },

    async insert(values: NewSearchTerm): Promise<void> {
      await db.insert(searchTerm).values(values);
    },

    /** Inserts the rows whose text the user has in no status yet; returns how many were new. */
    async insertMissing(values: NewSearchTerm[]): Promise<number> {
      if (values.length === 0) return 0;
      const inserted = await db
        .insert(searchTerm)
        .values(values)
        .onConflictDoNothing({ target: [searchTerm.userId, searchTerm.normalizedTerm] })
        .returning({ id: searchTerm.id });
      return inserted.length;
    },

    async update(
      userId: string,
      id: string,
      changes: Partial<
        Pick<SearchTermRow, 'term' | 'normalizedTerm' | 'status' | 'origin' | 'sources'>
      >,
    ): Promise<void> {
      await db
        .update(searchTerm)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(searchTerm.userId, userId), eq(searchTerm.id, id)));
    },

    async delete(userId: string, id: string): Promise<void> {
      await db.delete(searchTerm).where(and(eq(searchTerm.userId, userId), eq(searchTerm.id, id)));
    },

    /** Suggestions still waiting for the creator (not accepted, not dismissed). */
    async listPendingSuggestions(
      userId: string,
    ): Promise<Pick<SearchTermRow, 'id' | 'normalizedTerm'>[]> {
      return db
        .select({ id: searchTerm.id, normalizedTerm: searchTerm.normalizedTerm })
        .from(searchTerm)
        .where(and(eq(searchTerm.userId, userId), eq(searchTerm.status, 'suggested')));
    },

    async deleteMany(userId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .delete(searchTerm)
        .where(and(eq(searchTerm.userId, userId), inArray(searchTerm.id, ids)));
    },

    /** The creator's usernames, current and old, in the order they were added. */
    async listUsernames(
      userId: string,
    ): Promise<{ id: string; platform: string; username: string }[]> {
      return db
        .select({
          id: protectedAccount.id,
          platform: protectedAccount.platform,
          username: protectedAccount.username,
        })
        .from(protectedAccount)
        .where(eq(protectedAccount.userId, userId))
        .orderBy(asc(protectedAccount.createdAt), asc(protectedAccount.id));
    },
  };
}

/** The reads and writes, on the database or inside a transaction. */
export type SearchTermQueries = ReturnType<typeof queries>;

export function createSearchTermRepository(db: Database) {
  return {
    ...queries(db),
    /**
     * Runs `work` in one transaction that holds the user's search-term lock, with the queries bound
     * to that transaction.
     */
    async locked<T>(userId: string, work: (queries: SearchTermQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${SEARCH_TERM_LOCK}, hashtext(${userId}))`,
        );
        return work(queries(tx));
      });
    },
  };
}

export type SearchTermRepository = ReturnType<typeof createSearchTermRepository>;
