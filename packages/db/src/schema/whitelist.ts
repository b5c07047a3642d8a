// What must never be taken down. Every row belongs to one user.
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, userId } from './columns.ts';

/** URLs, domains and URL patterns that must never be taken down. */
export const whitelistEntry = pgTable(
  'whitelist_entry',
  {
    id: id(),
    userId: userId(),
    kind: text('kind', { enum: ['url', 'domain', 'pattern'] }).notNull(),
    /** As the creator typed it. */
    input: text('input').notNull(),
    /** Canonical form the engine's whitelist matcher compares; unique per user and kind. */
    value: text('value').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('whitelist_entry_unique_idx').on(t.userId, t.kind, t.value),
    index('whitelist_entry_user_idx').on(t.userId),
  ],
);
