import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { drizzle } from 'drizzle-orm/pglite';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeError, safeErrorMessage } from './logger.ts';

const note = pgTable('note', { ownerId: text('owner_id').notNull(), body: text('body').notNull() });
const client = new PGlite();
const db = drizzle(client);

// Starting an embedded database takes seconds on a busy machine: more than a hook's default.
beforeAll(async () => {
  await db.execute(sql`create table note (owner_id text not null, body text not null)`);
}, 120_000);
afterAll(async () => {
  await client.close();
});

/** The error a real failed insert gives: the database refuses NUL in text. */
async function failedInsert(): Promise<unknown> {
  try {
    await db.insert(note).values({ ownerId: 'user_secret_1234', body: 'a\u0000b' });
  } catch (error) {
    return error;
  }
  throw new Error('the insert was expected to fail');
}

describe('describeError', () => {
  it("keeps a failed query's SQL and the driver's reason, never its parameters", async () => {
    const error = await failedInsert();
    expect(error).toBeInstanceOf(DrizzleQueryError);
    // What used to be logged: the parameters are in the message and in the stack.
    expect((error as Error).stack).toContain('user_secret_1234');

    const fields = describeError(error);
    const logged = JSON.stringify(fields);
    expect(logged).not.toContain('user_secret_1234');
    expect(logged).not.toContain('params:');
    expect(fields.message).toMatch(/^Failed query: insert into "note"/);
    expect(fields.cause?.message).toMatch(/invalid byte sequence|0x00/);
    expect(fields.cause?.code).toBe('22021');
    expect(fields.stack).toMatch(/\n\s+at /);
    expect(safeErrorMessage(error)).not.toContain('user_secret_1234');
  });

  it('drops the parameters from a message that quotes a failed query', async () => {
    const quoted = new Error(
      `saving the note failed: ${((await failedInsert()) as Error).message}`,
      { cause: 'x' },
    );
    expect(quoted.message).toContain('user_secret_1234');
    const fields = describeError(quoted);
    expect(JSON.stringify(fields)).not.toContain('user_secret_1234');
    expect(fields.message).toMatch(/^saving the note failed: Failed query: /);
    expect(fields.cause).toEqual({ message: 'x' });
  });

  it('leaves other errors as they are', () => {
    const error = Object.assign(new TypeError('cannot read properties of undefined'), {
      code: 'E_TEST',
    });
    const fields = describeError(error);
    expect(fields).toMatchObject({
      message: 'cannot read properties of undefined',
      name: 'TypeError',
      code: 'E_TEST',
    });
    expect(fields.stack?.split('\n')[0]).toBe('TypeError: cannot read properties of undefined');
    expect(describeError('plain text')).toEqual({ message: 'plain text' });
    expect(safeErrorMessage(new Error('boom'))).toBe('boom');
  });
});
