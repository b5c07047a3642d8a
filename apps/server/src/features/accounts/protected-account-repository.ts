// Rows of protected_account for one user, the per-user lock that keeps two requests from both taking
// the last place under the plan's limit, and the claim that spaces out ownership checks.
import { and, asc, count, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { protectedAccount, type PLATFORMS } from '@shark/db/schema.ts';
import type { AccountPlatform } from '@shark/contracts/accounts.ts';

export type ProtectedAccountRow = typeof protectedAccount.$inferSelect;

// The contract and the schema name the same platforms: a compile error here otherwise.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const contractMatchesSchema: Same<AccountPlatform, (typeof PLATFORMS)[number]> = true;
void contractMatchesSchema;
export type NewProtectedAccountRow = typeof protectedAccount.$inferInsert;

/** Arbitrary first key of the advisory lock that serialises one user's account additions. */
const ACCOUNTS_LOCK = 7_241_202;

export { isUniqueViolation } from '@shark/db/errors.ts';

function queries(db: Database) {
  const owned = (userId: string, id: string) =>
    and(eq(protectedAccount.userId, userId), eq(protectedAccount.id, id));

  return {
    /** In the order they were added. */
    async list(userId: string): Promise<ProtectedAccountRow[]> {
      return db
        .select()
        .from(protectedAccount)
        .where(eq(protectedAccount.userId, userId))
        .orderBy(asc(protectedAccount.createdAt), asc(protectedAccount.id));
    },

    async count(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(protectedAccount)
        .where(eq(protectedAccount.userId, userId));
      return row?.n ?? 0;
    },

    async findById(userId: string, id: string): Promise<ProtectedAccountRow | undefined> {
      const [row] = await db.select().from(protectedAccount).where(owned(userId, id)).limit(1);
      return row;
    },

    async findByUsername(
      userId: string,
      platform: ProtectedAccountRow['platform'],
      normalizedUsername: string,
    ): Promise<ProtectedAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(protectedAccount)
        .where(
          and(
            eq(protectedAccount.userId, userId),
            eq(protectedAccount.platform, platform),
            eq(protectedAccount.normalizedUsername, normalizedUsername),
          ),
        )
        .limit(1);
      return row;
    },

    /** Whether any of the user's accounts already uses this code. */
    async hasCode(userId: string, code: string): Promise<boolean> {
      const [row] = await db
        .select({ id: protectedAccount.id })
        .from(protectedAccount)
        .where(
          and(eq(protectedAccount.userId, userId), eq(protectedAccount.verificationCode, code)),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Inserts the row; undefined when the user has this username on this platform already. */
    async insert(row: NewProtectedAccountRow): Promise<ProtectedAccountRow | undefined> {
      const [inserted] = await db
        .insert(protectedAccount)
        .values(row)
        .onConflictDoNothing({
          target: [
            protectedAccount.userId,
            protectedAccount.platform,
            protectedAccount.normalizedUsername,
          ],
        })
        .returning();
      return inserted;
    },

    async update(
      userId: string,
      id: string,
      changes: Partial<
        Pick<
          ProtectedAccountRow,
          | 'username'
          | 'normalizedUsername'
          | 'profileUrl'
          | 'isOld'
          | 'verifiedAt'
          | 'lastCheckError'
        >
      >,
    ): Promise<ProtectedAccountRow | undefined> {
      const [row] = await db
        .update(protectedAccount)
        .set({ ...changes, updatedAt: new Date() })
        .where(owned(userId, id))
        .returning();
      return row;
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(protectedAccount)
        .where(owned(userId, id))
        .returning({ id: protectedAccount.id });
      return deleted.length > 0;
    },

    /**
     * Takes the right to check an account now: sets lastCheckedAt when the previous check is at
     * least `intervalSeconds` old (or there was none). Undefined when it is too soon, so two
     * requests at once cannot both fetch.
     */
    async claimCheck(
      userId: string,
      id: string,
      now: Date,
      intervalSeconds: number,
    ): Promise<ProtectedAccountRow | undefined> {
      const earliest = new Date(now.getTime() - intervalSeconds * 1000);
      const [row] = await db
        .update(protectedAccount)
        .set({ lastCheckedAt: now })
        .where(
          and(
            owned(userId, id),
            or(
              isNull(protectedAccount.lastCheckedAt),
              lte(protectedAccount.lastCheckedAt, earliest),
            ),
          ),
        )
        .returning();
      return row;
    },

    /**
     * Records a check's result, unless the username changed while the page was fetched (the result
     * would be about another profile).
     */
    async recordCheck(
      userId: string,
      id: string,
      checkedUsername: string,
      result: { verifiedAt: Date | null; lastCheckError: string | null },
    ): Promise<ProtectedAccountRow | undefined> {
      const [row] = await db
        .update(protectedAccount)
        .set({ ...result, updatedAt: new Date() })
        .where(and(owned(userId, id), eq(protectedAccount.normalizedUsername, checkedUsername)))
        .returning();
      return row;
    },
  };
}

export type ProtectedAccountQueries = ReturnType<typeof queries>;

export function createProtectedAccountRepository(db: Database) {
  return {
    ...queries(db),
    /** Runs `work` in one transaction holding the user's accounts lock, with queries bound to it. */
    async locked<T>(
      userId: string,
      work: (queries: ProtectedAccountQueries) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNTS_LOCK}, hashtext(${userId}))`);
        return work(queries(tx));
      });
    },
  };
}

export type ProtectedAccountRepository = ReturnType<typeof createProtectedAccountRepository>;
