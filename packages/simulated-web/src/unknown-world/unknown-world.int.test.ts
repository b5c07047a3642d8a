// A creator's scan of the unknown world through a real Shark (its sites are in no catalog, and the
// catalog it is given does not resolve): the copies on pages that never name her are found through
// the sites' own links, no page that is not a leak becomes a finding, every impersonator on the
// unknown network is found and the look-alike is not, every first notice goes to the site's own
// channel, robots.txt holds, and the dead catalog sites are given up at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@shark/server/testing/test-server.ts';
import { waitFor } from '@shark/server/testing/wait-for.ts';
import type { SharkClient } from '../demo/seed-creator.ts';
import { seedCreator, signAuthorization, startScan } from '../demo/seed-creator.ts';
import { evaluateUnknownWorld, type UnknownWorldFigures } from './evaluate.ts';
import { startUnknownWorld, type UnknownWorld } from './index.ts';

let world: UnknownWorld;
let server: TestServer;
let client: SharkClient;
let figures: UnknownWorldFigures;
let scan: { status: string; sites: { unreachable: { site: string; skippedTasks: number }[] } };

async function allPages<T>(base: string, key: string): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | null = null;
  do {
    const response: { status: number; body: Record<string, unknown> } = await client.get<
      Record<string, unknown>
    >(`${base}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    rows.push(...(response.body[key] as T[]));
    cursor = (response.body.nextCursor as string | null | undefined) ?? null;
  } while (cursor);
  return rows;
}

interface TakedownDetail {
  pageUrl: string;
  isResolvingRecipients: boolean;
  recipients: { level: number; address: string }[];
}

beforeAll(async () => {
  world = await startUnknownWorld({ photos: 8, videos: 0 });
  server = await startTestServer({
    ...world.env(),
    SCAN_PER_HOST_INTERVAL_MS: '0',
    SOURCE_RATE_PER_SECOND: '100',
    WORKER_CONCURRENCY: '6',
  });
  const seeded = await seedCreator({
    baseUrl: server.url,
    mailDir: server.config.mailDir,
    email: 'luna.unknown@example.com',
    password: 'unknown world password 1',
    displayName: world.creator.displayName,
    accounts: world.creator.accounts,
    references: world.creator.references,
    whitelist: world.creator.whitelist,
    grant: async (email) => {
      await server.services.accounts.grant(email, { status: 'subscribed', plan: 'premium' });
    },
  });
  client = seeded.client;
  const signed = await signAuthorization(client);
  expect([200, 201]).toContain(signed);

  const started = await startScan(client);
  if (!started.started) throw new Error(started.message);
  const startedAt = Date.now();
  scan = await waitFor(
    async () => {
      const current = await client.get<typeof scan>(`/api/scans/${started.scanId}`);
      return current.body.status !== 'queued' && current.body.status !== 'running' && current.body;
    },
    { what: 'the scan to end', timeoutMs: 400_000, intervalMs: 250 },
  );
  const scanSeconds = (Date.now() - startedAt) / 1000;
  const takedowns = await waitFor(
    async () => {
      const rows = await allPages<{ id: string }>('/api/takedowns', 'takedowns');
      const details: TakedownDetail[] = [];
      for (const row of rows)
        details.push((await client.get<TakedownDetail>(`/api/takedowns/${row.id}`)).body);
      return details.every((detail) => !detail.isResolvingRecipients) && details;
    },
    { what: 'every takedown to have its recipients', timeoutMs: 120_000, intervalMs: 500 },
  );
  const firstRecipients = takedowns.flatMap((takedown) => {
    const first = takedown.recipients.find((recipient) => recipient.level === 0);
    return first ? [{ pageUrl: takedown.pageUrl, address: first.address }] : [];
  });
  const findings = await allPages<Parameters<typeof evaluateUnknownWorld>[1]['findings'][number]>(
    '/api/findings',
    'findings',
  );
  figures = evaluateUnknownWorld(world, { findings, firstRecipients, scanSeconds });
}, 600_000);

afterAll(async () => {
  await server?.close();
  await world?.close();
});

describe('a scan of sites no catalog knows', () => {
  it('finds at least 95% of the copies, those on pages that never name her included', () => {
    expect(scan.status).toBe('completed');
    expect(figures.missed).toEqual([]);
    expect(figures.recall).toBeGreaterThanOrEqual(0.95);
  });

  it('records no finding on a page that is not a leak', () => {
    expect(figures.falseFindingList).toEqual([]);
  });

  it('finds every impersonator on the unknown network, and not the look-alike', () => {
    expect(figures.impersonatorsFound).toBe(figures.impersonatorsExpected);
    expect(figures.lookAlikeReported).toBe(false);
  });

  it('sends every first notice to the site’s own channel', () => {
    expect(figures.firstRecipientsTotal).toBeGreaterThan(0);
    expect(figures.otherRecipients).toEqual([]);
  });

  it('honours robots.txt and gives the dead catalog sites up for the scan', () => {
    expect(figures.robotsViolationUrls).toEqual([]);
    expect(scan.sites.unreachable.length).toBeGreaterThan(0);
  });
});
