// The expansion's per-scan claim and page budget hold under concurrent calls; remembered sites count
// each copy once and only sites outside the catalog become discovered sites.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '@shark/db/client.ts';
import { discoveredSite, scan, user } from '@shark/db/schema.ts';
import {
  createTestPostgresDatabase,
  TEST_DB,
  testPgliteOptions,
} from '#server/testing/test-server.ts';
import { createSiteExpansionRepository } from './site-expansion-repository.ts';

let database: DatabaseHandle;
let db: Database;
let drop: (() => Promise<void>) | undefined;
let userId: string;
let scanId: string;

beforeAll(async () => {
  const postgres = TEST_DB === 'postgres' ? await createTestPostgresDatabase() : null;
  drop = postgres?.drop;
  database = await openDatabase(
    postgres ? { driver: 'postgres', url: postgres.url, poolSize: 8 } : await testPgliteOptions(),
  );
  await database.migrate();
  db = database.db;
  userId = randomUUID();
  await db
    .insert(user)
    .values({ id: userId, name: 'Luna', email: `${userId}@example.com`, emailVerified: true });
  scanId = randomUUID();
  await db.insert(scan).values({ id: scanId, userId, trigger: 'manual', status: 'running' });
});

afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('site expansion repository', () => {
  it('lets one of several concurrent calls claim a site’s expansion in a scan', async () => {
    const repo = createSiteExpansionRepository(db);
    const claims = await Promise.all(
      [1, 2, 3, 4].map(() => repo.claimExpansion(scanId, 'forum.example', 'https://forum.example')),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await repo.claimExpansion(scanId, 'forum.example', 'https://forum.example')).toBe(false);
  });

  it('spends pages up to the budget and no further, even when asked at once', async () => {
    const repo = createSiteExpansionRepository(db);
    const spent = await Promise.all(
      Array.from({ length: 8 }, () => repo.spendPages(scanId, 'forum.example', 1, 5)),
    );
    expect(spent.filter(Boolean)).toHaveLength(5);
    expect(await repo.pagesSpent(scanId, 'forum.example')).toBe(5);
    // A site whose expansion was never claimed has no budget to spend.
    expect(await repo.spendPages(scanId, 'other.example', 1, 5)).toBe(false);
  });

  it('remembers a site per creator, counting each copy once, and discovers only uncatalogued sites', async () => {
    const repo = createSiteExpansionRepository(db);
    const base = { userId, origin: 'https://forum.example', isCatalogued: false };
    await repo.rememberSite({
      ...base,
      site: 'forum.example',
      pageUrl: 'https://forum.example/t/1',
      isNewCopy: true,
    });
    await repo.rememberSite({
      ...base,
      site: 'forum.example',
      pageUrl: 'https://forum.example/t/2',
      isNewCopy: true,
    });
    await repo.rememberSite({
      ...base,
      site: 'forum.example',
      pageUrl: 'https://forum.example/t/2',
      isNewCopy: false,
    });
    await repo.rememberSite({
      ...base,
      site: 'tube.example',
      origin: 'https://tube.example',
      pageUrl: 'https://tube.example/v/1',
      isNewCopy: true,
      isCatalogued: true,
    });
    const remembered = await repo.rememberedSites(userId, 10);
    expect(remembered).toEqual(
      expect.arrayContaining([
        {
          site: 'forum.example',
          origin: 'https://forum.example',
          samplePageUrl: 'https://forum.example/t/2',
        },
        {
          site: 'tube.example',
          origin: 'https://tube.example',
          samplePageUrl: 'https://tube.example/v/1',
        },
      ]),
    );
    const discovered = await db.select().from(discoveredSite);
    expect(discovered.map((d) => [d.site, d.copies])).toEqual([['forum.example', 2]]);
    await repo.nameSite('forum.example', 'Quiet Forum');
    await repo.nameSite('forum.example', 'Another Name');
    expect(await repo.acceptedSites(10)).toEqual([]);
    await db
      .update(discoveredSite)
      .set({ status: 'accepted' })
      .where(eq(discoveredSite.site, 'forum.example'));
    expect(await repo.acceptedSites(10)).toEqual([
      { site: 'forum.example', origin: 'https://forum.example', samplePageUrl: null },
    ]);
    const [named] = await db.select().from(discoveredSite);
    expect(named!.name).toBe('Quiet Forum');
  });
});
