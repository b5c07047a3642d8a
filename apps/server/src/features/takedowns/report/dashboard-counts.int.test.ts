// The dashboard's kept counts (dashboard_count) against the same figures counted from scratch, on the
// test database (PGlite, or Postgres with SHARK_TEST_DB=postgres): after findings are recorded,
// reviewed, sent to Shark's team and whitelisted through the real services and routes, after
// takedowns move through every status, after rows are deleted, and for rows that were there before the
// migration that brought the counts (it counts them once).
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, type Database } from '@shark/db/client.ts';
import { finding, takedown, user } from '@shark/db/schema.ts';
import { DASHBOARD_RANGES } from '@shark/contracts/takedown-report.ts';
import { recordLikeness } from '#server/features/findings/testing/likeness-findings.ts';
import { transitionTakedown } from '#server/features/takedowns/opening/takedown-transition-repository.ts';
import { recountingRepository } from '#server/features/takedowns/testing/dashboard-recount.ts';
import {
  seedFinding,
  seedManyTakedowns,
  seedTakedown,
} from '#server/features/takedowns/testing/takedown-report-seed.ts';
import { insertCreator } from '#server/features/takedowns/testing/takedown-test-fixtures.ts';
import {
  createTestPostgresDatabase,
  startTestServer,
  TEST_DB,
  type TestServer,
} from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';
import type { TestClient } from '#server/testing/http-client.ts';
import { createTakedownReportRepository } from './takedown-report-repository.ts';
import { createTakedownReportService } from './takedown-report-service.ts';

/** Every range of the summary from the kept counts equals the one counted from scratch. */
async function expectSameFigures(db: Database, userId: string): Promise<void> {
  const now = new Date();
  const options = {
    responseWindowHours: 72,
    nextScanAt: () => Promise.resolve(null),
    now: () => now,
  };
  const kept = createTakedownReportService({
    ...options,
    repo: createTakedownReportRepository(db),
  });
  const recounted = createTakedownReportService({ ...options, repo: recountingRepository(db) });
  for (const range of DASHBOARD_RANGES) {
    const expected = await recounted.summary(userId, range);
    expect(await kept.summary(userId, range), range).toEqual(expected);
  }
}

describe('the dashboard’s kept counts', () => {
  let server: TestServer;
  let me: { id: string; email: string; browser: TestClient };
  const db = () => server.services.database.db;

  beforeAll(async () => {
    server = await startTestServer({ TAKEDOWN_RESPONSE_HOURS: '72' }, { workers: false });
    const { email, browser } = await signedInUser(server);
    await server.services.accounts.grant(email, { status: 'subscribed', plan: 'premium' });
    const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
    me = { id: row!.id, email, browser };
  });

  afterAll(async () => {
    await server?.close();
  });

  const record = (pageUrl: string, confidence: number) =>
    server.services.findings.record({
      userId: me.id,
      scanId: null,
      kind: 'leak',
      pageUrl,
      mediaUrl: `${pageUrl}/media.jpg`,
      source: 'test',
      confidence,
      mediaSha256: randomBytes(32).toString('hex'),
    });
  const takedownsOf = () =>
    db().select({ id: takedown.id }).from(takedown).where(eq(takedown.userId, me.id));

  it('follow every change made through the services, the routes and the transitions', async () => {
    await expectSameFigures(db(), me.id);

    // Found: sure ones confirmed (each opens a takedown), unsure ones waiting for her, a likeness.
    for (const n of [1, 2, 3, 4]) await record(`https://sure-${n}.example/watch/${n}`, 0.99);
    const unsure = [];
    for (const n of [1, 2, 3]) unsure.push(await record(`https://unsure-${n}.example/v/${n}`, 0.3));
    const likeness = await recordLikeness(server.services, me.id, 'https://fakes.example/p/1');
    await expectSameFigures(db(), me.id);
    expect((await takedownsOf()).length).toBeGreaterThanOrEqual(4);

    // Her reviews: one confirmed (a takedown more), one rejected, a likeness sent to Shark's team, a
    // page whitelisted.
    const confirm = await me.browser.post(`/api/findings/${unsure[0]!.id}/review`, {
      action: 'confirm',
    });
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
    await expectSameFigures(db(), me.id);
    const reject = await me.browser.post(`/api/findings/${unsure[1]!.id}/review`, {
      action: 'reject',
    });
    expect(reject.status, JSON.stringify(reject.body)).toBe(200);
    const ask = await me.browser.post(`/api/findings/${likeness.id}/ask-review`, {});
    expect(ask.status, JSON.stringify(ask.body)).toBe(200);
    await expectSameFigures(db(), me.id);
    const entry = await me.browser.post('/api/whitelist', {
      value: 'https://unsure-3.example/v/3',
      kind: 'url',
    });
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    await expectSameFigures(db(), me.id);

    // Takedowns through every step the lifecycle, the jobs and staff take.
    const [a, b, c, d] = (await takedownsOf()).map((t) => t.id);
    for (const [id, steps] of [
      [a!, ['notice_sent', 'removed']],
      [b!, ['notice_sent', 'no_response', 'escalated', 'notice_sent', 'rejected']],
      [c!, ['closed']],
      [d!, ['removed']],
    ] as const) {
      for (const step of steps) {
        expect(await transitionTakedown(db(), id, step), `${id} → ${step}`).not.toBeNull();
        await expectSameFigures(db(), me.id);
      }
    }

    // A notice sent long ago counts for the removal rate; rows deleted are counted out.
    await db()
      .update(takedown)
      .set({ noticeSentAt: new Date(Date.now() - 400 * 3_600_000) })
      .where(eq(takedown.id, b!));
    await seedTakedown(db(), me.id, {
      status: 'removed',
      noticeSentHoursAgo: 100,
      removedHoursAgo: 1,
    });
    await seedFinding(db(), me.id, 'pending_review', 'forum');
    await expectSameFigures(db(), me.id);
    await db().delete(finding).where(eq(finding.id, unsure[0]!.id));
    await expectSameFigures(db(), me.id);
  });
});

/**
 * A database migrated up to the migration before the counts, for the back-fill: a copy of the
 * migrations folder whose journal stops there.
 */
function migrationsBefore(tag: string): { folder: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'shark-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

describe('the migration that brings the counts', () => {
  it('counts the takedowns and findings already there', async () => {
    const postgres = TEST_DB === 'postgres' ? await createTestPostgresDatabase() : null;
    const database = await openDatabase(
      postgres ? { driver: 'postgres', url: postgres.url } : { driver: 'pglite', dataDir: null },
    );
    const earlier = migrationsBefore('0011_dashboard_counts');
    try {
      const migrate = (migrationsFolder: string) =>
        database.native.driver === 'pglite'
          ? migratePglite(database.db as never, { migrationsFolder })
          : migratePg(database.db as never, { migrationsFolder });
      await migrate(earlier.folder);
      const userId = await insertCreator(database.db);
      const other = await insertCreator(database.db);
      await seedManyTakedowns(database.db, userId, 500);
      await seedManyTakedowns(database.db, other, 40);
      await seedTakedown(database.db, userId, {
        status: 'removed',
        kind: 'likeness',
        removedHoursAgo: 3,
      });
      await seedFinding(database.db, userId, 'rejected', 'tube');
      await seedFinding(database.db, userId, 'pending_review', null);

      await database.migrate();
      await expectSameFigures(database.db, userId);
      await expectSameFigures(database.db, other);
    } finally {
      earlier.remove();
      await database.close();
      await postgres?.drop();
    }
  }, 120_000);
});
