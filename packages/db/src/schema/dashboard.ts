// The dashboard's figures kept up to date as takedowns and findings change, so that the summary of an
// account with 100,000 takedowns reads a few hundred rows instead of counting all of them.
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { userId } from './columns.ts';

/**
 * One figure of one account: `metric` names what is counted (removed, found_on…) and `key` narrows it
 * (a day YYYY-MM-DD in UTC, a raw site kind, or '' for the account's total). Triggers on takedown and
 * finding (migration 0011) add and take away as rows are inserted, updated and deleted, in the same
 * statement, so no code path can forget it; the migration counts existing rows once.
 */
export const dashboardCount = pgTable(
  'dashboard_count',
  {
    userId: userId(),
    metric: text('metric').notNull(),
    key: text('key').notNull().default(''),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.metric, t.key] })],
);
