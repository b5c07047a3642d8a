// How much of each limited thing a user has, counted from the rows themselves.
import { and, count, eq, sum } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { protectedAccount, referenceFile, searchTerm, whitelistEntry } from '@shark/db/schema.ts';
import type { Usage } from '@shark/contracts/plans.ts';

export function createUsageRepository(db: Database) {
  return {
    async usernames(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(protectedAccount)
        .where(eq(protectedAccount.userId, userId));
      return row?.n ?? 0;
    },
    /** Suggested and dismissed terms are not searched, so they do not count. */
    async searchTerms(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(searchTerm)
        .where(and(eq(searchTerm.userId, userId), eq(searchTerm.status, 'active')));
      return row?.n ?? 0;
    },
    async whitelistEntries(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(whitelistEntry)
        .where(eq(whitelistEntry.userId, userId));
      return row?.n ?? 0;
    },
    /** Declared sizes, uploads in progress included: a started upload holds its room. */
    async referenceStorageBytes(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sum(referenceFile.sizeBytes) })
        .from(referenceFile)
        .where(eq(referenceFile.userId, userId));
      return Number(row?.n ?? 0);
    },
    async all(userId: string): Promise<Usage['usage']> {
      const [usernames, searchTerms, whitelistEntries, referenceStorageBytes] = await Promise.all([
        this.usernames(userId),
        this.searchTerms(userId),
        this.whitelistEntries(userId),
        this.referenceStorageBytes(userId),
      ]);
      return { usernames, searchTerms, whitelistEntries, referenceStorageBytes };
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
