// Whitelist rows of one user, and the per-user lock that keeps two requests from both taking the
// last places under the plan's limit.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { whitelistEntry } from '@shark/db/schema.ts';

export type WhitelistRow = typeof whitelistEntry.$inferSelect;
export type NewWhitelistRow = typeof whitelistEntry.$inferInsert;

/** Arbitrary first key of the advisory lock that serialises one user's whitelist changes. */
const WHITELIST_LOCK = 7_241_201;
/** Rows per INSERT: well under Postgres's 65535 bind parameters (7 columns a row). */
const INSERT_CHUNK = 1000;

function queries(db: Database) {
  return {
    /** Newest first (the rows of one paste carry times a millisecond apart, in the order given). */
    async list(userId: string): Promise<WhitelistRow[]> {
      return db
        .select()
        .from(whitelistEntry)
        .where(eq(whitelistEntry.userId, userId))
        .orderBy(desc(whitelistEntry.createdAt), desc(whitelistEntry.id));
    },

    async count(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(whitelistEntry)
        .where(eq(whitelistEntry.userId, userId));
      return row?.n ?? 0;
    },

    /** The user's rows having one of these canonical values (of any kind). */
    async findByValues(userId: string, values: string[]): Promise<WhitelistRow[]> {
      const unique = [...new Set(values)];
      const rows: WhitelistRow[] = [];
      for (let i = 0; i < unique.length; i += INSERT_CHUNK) {
        const chunk = unique.slice(i, i + INSERT_CHUNK);
        rows.push(
          ...(await db
            .select()
            .from(whitelistEntry)
            .where(and(eq(whitelistEntry.userId, userId), inArray(whitelistEntry.value, chunk)))),
        );
      }
      return rows;
    },

    async findById(userId: string, id: string): Promise<WhitelistRow | undefined> {
      const [row] = await db
        .select()
        .from(whitelistEntry)
        .where(and(eq(whitelistEntry.userId, userId), eq(whitelistEntry.id, id)))
        .limit(1);
      return row;
    },

    /** Inserts the rows; one whose kind and value the user has already is skipped. Returns those inserted. */
    async insertMany(rows: NewWhitelistRow[]): Promise<WhitelistRow[]> {
      const inserted: WhitelistRow[] = [];
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        inserted.push(
          ...(await db
            .insert(whitelistEntry)
            .values(rows.slice(i, i + INSERT_CHUNK))
            .onConflictDoNothing({
              target: [whitelistEntry.userId, whitelistEntry.kind, whitelistEntry.value],
            })
            .returning()),
        );
      }
      return inserted;
    },

    /** How many of these ids are the user's. */
    async countOwned(userId: string, ids: string[]): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(whitelistEntry)
        .where(and(eq(whitelistEntry.userId, userId), inArray(whitelistEntry.id, ids)));
      return row?.n ?? 0;
    },

    /** Deletes the user's rows among these ids; returns how many were deleted. */
    async delete(userId: string, ids: string[]): Promise<number> {
      const deleted = await db
        .delete(whitelistEntry)
        .where(and(eq(whitelistEntry.userId, userId), inArray(whitelistEntry.id, ids)))
        .returning({ id: whitelistEntry.id });
      return deleted.length;
    },
  };
}

export type WhitelistQueries = ReturnType<typeof queries>;

export function createWhitelistRepository(db: Database) {
  return {
    ...queries(db),
    /** Runs `work` in one transaction holding the user's whitelist lock, with queries bound to it. */
    async locked<T>(userId: string, work: (queries: WhitelistQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${WHITELIST_LOCK}, hashtext(${userId}))`);
        return work(queries(tx));
      });
    },
  };
}

export type WhitelistRepository = ReturnType<typeof createWhitelistRepository>;
