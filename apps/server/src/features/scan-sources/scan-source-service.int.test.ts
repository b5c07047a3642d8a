// The daily quota on the real database: reserved atomically, so concurrent reserves — from one
// service or from two, as two worker processes would — never pass it; counted per UTC day.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle } from '@shark/db/client.ts';
import { loadSiteCatalog, SiteCatalogError } from '@shark/engine/discovery/site-catalog/catalog.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '#server/config/env.ts';
import {
  createTestPostgresDatabase,
  TEST_DB,
  testPgliteOptions,
} from '#server/testing/test-server.ts';
import {
  createScanSourceService,
  usageDay,
  type ScanSourceService,
} from './scan-source-service.ts';
import { createSourceUsageRepository } from './source-usage-repository.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'shark-scan-sources-'));
let postgres: { url: string; drop: () => Promise<void> } | null = null;
let database: DatabaseHandle;
let config: Config;
let clock: Date;
let sources: ScanSourceService;

beforeAll(async () => {
  if (TEST_DB === 'postgres') {
    postgres = await createTestPostgresDatabase();
    database = await openDatabase({ driver: 'postgres', url: postgres.url, poolSize: 8 });
  } else {
    database = await openDatabase(await testPgliteOptions());
  }
  await database.migrate();
  config = loadConfig({
    DATA_DIR: dataDir,
    BRAVE_API_KEY: 'brave-test-key',
    TINEYE_API_KEY: 'tineye-test-key',
    GOOGLE_VISION_API_KEY: 'vision-test-key',
    SOURCE_DAILY_QUOTAS: 'tineye=5,brave-images=40,google-vision=0',
  });
  clock = new Date('2026-11-22T10:00:00Z');
  sources = service();
});
afterAll(async () => {
  await database?.close();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Another service on the same database, as another worker process would have. */
function service(): ScanSourceService {
  return createScanSourceService({
    config,
    usage: createSourceUsageRepository(database.db),
    now: () => clock,
  });
}

const usedToday = async (service: ScanSourceService, id: string) =>
  (await service.status()).sources.find((s) => s.id === id)?.usedToday;

describe('reserve', () => {
  it('never passes the quota, however many reserves run at once', async () => {
    expect(usageDay(clock)).toBe('2026-11-22');
    const results = await Promise.all(
      Array.from({ length: 24 }, () => sources.reserve('tineye', 1)),
    );
    expect(results.filter(Boolean)).toHaveLength(5);
    expect(await usedToday(sources, 'tineye')).toBe(5);
  });

  it('shares one quota between two services on the same database', async () => {
    const other = service();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 === 0 ? sources : other).reserve('brave-images', 3),
      ),
    );
    // 40 a day in steps of 3: 13 reservations fit (39), the rest are refused.
    expect(results.filter(Boolean)).toHaveLength(13);
    expect(await other.reserve('brave-images', 1)).toBe(true);
    expect(await sources.reserve('brave-images', 1)).toBe(false);
    expect(await usedToday(other, 'brave-images')).toBe(40);
  });

  it('refuses more than the quota in one go without counting it, and starts again the next UTC day', async () => {
    clock = new Date('2026-11-23T00:00:01Z');
    try {
      expect(await sources.reserve('tineye', 6)).toBe(false);
      expect(await usedToday(sources, 'tineye')).toBe(0);
      expect(await sources.reserve('tineye', 4)).toBe(true);
      expect(await sources.reserve('tineye', 2)).toBe(false);
      expect(await sources.reserve('tineye', 1)).toBe(true);
      expect(await usedToday(sources, 'tineye')).toBe(5);
    } finally {
      clock = new Date('2026-11-22T10:00:00Z');
    }
    // The day before keeps its own count.
    expect(await usedToday(sources, 'tineye')).toBe(5);
  });

  it('counts the requests of sources without a quota, and refuses nonsense', async () => {
    expect(await sources.reserve('brave-web', 7)).toBe(true);
    expect(await sources.reserve('brave-web', 0)).toBe(true);
    expect(await usedToday(sources, 'brave-web')).toBe(7);
    await expect(sources.reserve('brave-web', -1)).rejects.toThrow(RangeError);
    await expect(sources.reserve('brave-web', 1.5)).rejects.toThrow(RangeError);
  });
});

describe('sources and status', () => {
  it('builds every source, and leaves out of enabled() those without a key or with a quota of 0', () => {
    expect(sources.all().map((s) => s.id)).toEqual([
      'brave-web',
      'brave-images',
      'serpapi-google',
      'serpapi-lens',
      'yandex-images',
      'tineye',
      'google-vision',
      'ahmia',
    ]);
    // Ahmia (the dark web source) is off: no Tor client was given.
    expect(sources.enabled().map((s) => s.id)).toEqual(['brave-web', 'brave-images', 'tineye']);
  });

  it('says which are on, why the others are off, their quota and use today, and the catalog by kind', async () => {
    const status = await sources.status();
    const byId = new Map(status.sources.map((s) => [s.id, s]));
    expect(byId.get('brave-web')).toEqual({
      id: 'brave-web',
      name: 'Brave Search (web)',
      input: 'text',
      enabled: true,
      reason: null,
      dailyQuota: null,
      usedToday: 7,
    });
    expect(byId.get('tineye')).toMatchObject({
      input: 'image',
      enabled: true,
      dailyQuota: 5,
      usedToday: 5,
    });
    expect(byId.get('serpapi-lens')).toEqual({
      id: 'serpapi-lens',
      name: 'SerpApi (Google Lens)',
      input: 'image',
      enabled: false,
      reason: 'SerpApi (Google Lens) is off: no API key is configured.',
      dailyQuota: null,
      usedToday: 0,
    });
    expect(byId.get('google-vision')).toMatchObject({
      enabled: false,
      reason: 'Google Cloud Vision (web detection) is off: its daily quota is 0.',
      dailyQuota: 0,
    });
    const catalog = loadSiteCatalog(config.scanSources.siteCatalogFile);
    expect(status.catalog.version).toBe(catalog.version);
    expect(status.catalog.sites).toBe(catalog.sites.length);
    for (const site of catalog.sites) expect(status.catalog.byKind[site.kind]).toBeGreaterThan(0);
    expect(Object.values(status.catalog.byKind).reduce((a, b) => a + b, 0)).toBe(
      catalog.sites.length,
    );
    expect(sources.catalog).toEqual(catalog);
  });

  it('loads SITE_CATALOG_FILE, and refuses to start with a broken one', () => {
    const file = join(dataDir, 'catalog.json');
    writeFileSync(file, JSON.stringify({ version: 1, sites: [{ id: 'x', kind: 'nowhere' }] }));
    const broken = loadConfig({ DATA_DIR: dataDir, SITE_CATALOG_FILE: file });
    expect(broken.scanSources.siteCatalogFile).toBe(file);
    expect(() =>
      createScanSourceService({
        config: broken,
        usage: createSourceUsageRepository(database.db),
      }),
    ).toThrow(SiteCatalogError);
  });
});
