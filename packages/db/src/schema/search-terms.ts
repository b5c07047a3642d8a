// Names and phrases to search for. Every row belongs to one user.
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, optionalRef, textArray, updatedAt, userId } from './columns.ts';
import { protectedAccount } from './accounts.ts';

/** Names and phrases to search for ('Search Engines', route /search-terms). */
export const searchTerm = pgTable(
  'search_term',
  {
    id: id(),
    userId: userId(),
    term: text('term').notNull(),
    /** Lower-cased, spaces collapsed; unique per user. */
    normalizedTerm: text('normalized_term').notNull(),
    /** active: searched; suggested: offered, awaiting the creator; dismissed: declined (not offered again). */
    status: text('status', { enum: ['active', 'suggested', 'dismissed'] }).notNull(),
    origin: text('origin', { enum: ['creator', 'suggestion'] }).notNull(),
    /** The account a suggestion was generated from. */
    suggestedFromAccountId: optionalRef('suggested_from_account_id', () => protectedAccount.id),
    /** Discovery sources used for this term (ids of the scanning issue's sources); empty: all that are on. */
    sources: textArray('sources'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('search_term_unique_idx').on(t.userId, t.normalizedTerm),
    index('search_term_user_idx').on(t.userId),
  ],
);
