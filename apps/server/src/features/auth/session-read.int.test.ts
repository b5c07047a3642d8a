// What a signed-in request costs the database: the statements GET /api/user sends, counted at the
// driver (the job queue's own statements left out).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@shark/db/client.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { workers: false });
});
afterAll(async () => {
  await server?.close();
});

/** Records the text of every statement the app sends through the handle until `stop` is called. */
function recordStatements(database: DatabaseHandle): { texts: string[]; stop: () => void } {
  const texts: string[] = [];
  const target: { query: (...args: never[]) => unknown } =
    database.native.driver === 'pglite' ? database.native.client : database.native.pool;
  const original = target.query;
  target.query = function (this: unknown, ...args: never[]) {
    const first = args[0] as unknown;
    texts.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
    return original.apply(this, args);
  };
  return { texts, stop: () => (target.query = original) };
}

describe('a signed-in request', () => {
  it('reads the session with its user in one statement and the profile in one more', async () => {
    const { browser } = await signedInUser(server);
    expect((await browser.get('/api/user')).status).toBe(200);

    const recorder = recordStatements(server.services.database);
    try {
      const res = await browser.get('/api/user');
      expect(res.status).toBe(200);
    } finally {
      recorder.stop();
    }
    const appStatements = recorder.texts.filter((text) => !text.includes('pgboss'));
    expect(appStatements).toHaveLength(2);
    // The session's statement brings its user along.
    expect(appStatements[0]).toMatch(/from "session"/);
    expect(appStatements[0]).toMatch(/"user"/);
  });
});
