// Names and phrases to search for. Every row belongs to one user.
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { protectedAccount } from './accounts.ts';
import { user } from './auth.ts';

/** Names and phrases to search for ('Search Engines', route /search-terms). */
export const searchTerm = pgTable(
  'search_term',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    /** Lower-cased, spaces collapsed; unique per user. */
    normalizedTerm: text('normalized_term').notNull(),
    /** active: searched; suggested: offered, awaiting the creator; dismissed: declined (not offered again). */
    status: text('status', { enum: ['active', 'suggested', 'dismissed'] }).notNull(),
    origin: text('origin', { enum: ['creator', 'suggestion'] }).notNull(),
    /** The account a suggestion was generated from. */
    suggestedFromAccountId: text('suggested_from_account_id').references(
      () => protectedAccount.id,
      { onDelete: 'set null' },
    ),
    /** Discovery sources used for this term (ids of the scanning issue's sources); empty: all that are on. */
    sources: text('sources')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('search_term_unique_idx').on(t.userId, t.normalizedTerm),
    index('search_term_user_idx').on(t.userId),
  ],
);
