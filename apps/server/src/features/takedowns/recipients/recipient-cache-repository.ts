// The recipient look-up's cache (RDAP bootstrap files and answers) in the recipient_cache table, so
// every worker shares what any of them fetched, with its age.
import { eq } from 'drizzle-orm';
import type { Database } from '@shark/db/client.ts';
import { recipientCache } from '@shark/db/schema.ts';
import type { RecipientCache } from '@shark/engine/recipients/recipient-resolver.ts';

export function createDatabaseRecipientCache(db: Database): RecipientCache {
  return {
    async get(key) {
      const [row] = await db.select().from(recipientCache).where(eq(recipientCache.key, key));
      return row ? { value: row.value, fetchedAt: row.fetchedAt } : null;
    },
    async set(key, value, fetchedAt) {
      await db
        .insert(recipientCache)
        .values({ key, value, fetchedAt })
        .onConflictDoUpdate({ target: recipientCache.key, set: { value, fetchedAt } });
    },
  };
}
