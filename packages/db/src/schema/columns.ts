// Column definitions that many tables share.
import { sql } from 'drizzle-orm';
import { customType, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

// Function declarations (hoisted): auth.ts uses these while this file waits on auth.ts's user table.

/** The text primary key most tables have. */
export function id() {
  return text('id').primaryKey();
}

/** A point in time; every timestamp in the schema keeps its time zone. */
export function timestamptz<TName extends string>(name: TName) {
  return timestamp(name, { withTimezone: true });
}

/** A point in time that defaults to when the row was written. */
export function timestamptzNow<TName extends string>(name: TName) {
  return timestamptz(name).notNull().defaultNow();
}

export function createdAt() {
  return timestamptzNow('created_at');
}

export function updatedAt() {
  return timestamptzNow('updated_at');
}

/** A text array that defaults to empty. */
export function textArray<TName extends string>(name: TName) {
  return text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);
}

/** A required reference to the row this one belongs to: it goes when that row goes. */
export function parentRef<TName extends string>(name: TName, parent: () => AnyPgColumn) {
  return text(name).notNull().references(parent, { onDelete: 'cascade' });
}

/** An optional reference, cleared when the referenced row goes. */
export function optionalRef<TName extends string>(name: TName, target: () => AnyPgColumn) {
  return text(name).references(target, { onDelete: 'set null' });
}

/** The user a row belongs to (in a column of another name than user_id): it goes with her account. */
export function userRef<TName extends string>(name: TName) {
  return parentRef(name, () => user.id);
}

/** The user a row belongs to: it goes with her account. */
export function userId() {
  return userRef('user_id');
}

/** A user's one row in a table: keyed by her id, gone with her account. */
export function userKey<TName extends string>(name: TName) {
  return text(name)
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' });
}

/** Raw bytes: Buffer from node-postgres, Uint8Array from PGlite. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});
