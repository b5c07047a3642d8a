// `shark registry pending|show|publish|reject|add`: the operator's review of creators' reports, on the
// server's database and through a running server's admin socket; bad arguments exit 1 with the reason.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@shark/db/client.ts';
import {
  reportRiskEntrySchema,
  type OperatorRiskEntry,
  type ReportRiskEntry,
} from '@shark/contracts/risk-registry.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/env.ts';
import { startAdminSocket } from '#server/features/admin/admin-socket.ts';
import { registryCommands } from '#server/features/risk-registry/risk-registry-commands.ts';
import { createRiskRegistryRepository } from '#server/features/risk-registry/risk-registry-repository.ts';
import { createRiskRegistryService } from '#server/features/risk-registry/risk-registry-service.ts';
import { insertCreator } from '#server/features/takedowns/takedown-test-fixtures.ts';
import { createLogger } from '#server/http/logger.ts';
import { createServices } from '#server/services.ts';
import { createTestPostgresDatabase, TEST_DB } from '#server/testing/test-server.ts';
import { sharkInProcess, sharkProcess } from './testing/run-shark.ts';

let env: Record<string, string>;
let cleanup: () => Promise<void>;
const shark = (...args: string[]) => sharkInProcess(env, ...args);

const report = (name: string): ReportRiskEntry => ({
  kind: 'fake_takedown_service',
  name,
  identifiers: ['takedown-pros.example'],
  description: 'Charges $500 to remove leaks and never sends a single notice.',
  evidenceUrls: ['https://proof.example/receipt.png'],
  firstSeenOn: '2026-05-01',
});

/** Creators' reports saved as the API saves them, on the database the CLI will open. */
async function seedReports(names: string[]): Promise<{ email: string; ids: string[] }> {
  const database = await openDatabase(loadConfig(env, 'cli').database);
  try {
    await database.migrate();
    const userId = await insertCreator(database.db);
    const registry = createRiskRegistryService({ repo: createRiskRegistryRepository(database.db) });
    const ids: string[] = [];
    for (const name of names)
      ids.push((await registry.report(userId, reportRiskEntrySchema.parse(report(name)))).id);
    return { email: `${userId}@example.com`, ids };
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shark-cli-registry-'));
  const postgres = TEST_DB === 'postgres' ? await createTestPostgresDatabase() : null;
  env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(postgres ? { DATABASE_URL: postgres.url, AUTH_SECRET: 'a'.repeat(40) } : {}),
  };
  cleanup = async () => {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
});
afterAll(async () => {
  await cleanup?.();
});

describe('shark registry', () => {
  it('lists pending reports, shows one, publishes one with a note and rejects one with a reason', async () => {
    const { email, ids } = await seedReports(['Takedown Pros', 'Leak Busters']);
    const [kept, refused] = ids as [string, string];

    const pending = await shark('registry', 'pending');
    expect(pending.code).toBe(0);
    expect(pending.stdout).toMatch(
      new RegExp(
        `${kept}  \\d{4}-\\d{2}-\\d{2}  Fake takedown service  Takedown Pros  by ${email}`,
      ),
    );
    expect(pending.stdout).toContain(refused);

    const shown = JSON.parse((await shark('registry', 'show', kept)).stdout) as OperatorRiskEntry;
    expect(shown).toMatchObject({
      id: kept,
      status: 'pending',
      reportedBy: email,
      evidenceUrls: ['https://proof.example/receipt.png'],
    });

    const published = await shark(
      'registry',
      'publish',
      kept,
      '--note',
      'Confirmed by support.',
      '--by',
      'ops',
    );
    expect(published.stderr).toBe('');
    expect(published.code).toBe(0);
    expect(JSON.parse(published.stdout)).toMatchObject({
      status: 'published',
      reviewNote: 'Confirmed by support.',
      reviewedBy: 'ops',
    });
    expect((JSON.parse(published.stdout) as OperatorRiskEntry).publishedAt).not.toBeNull();

    const noReason = await shark('registry', 'reject', refused);
    expect(noReason.code).toBe(1);
    expect(noReason.stderr).toMatch(/--reason is required/);
    const rejected = await shark(
      'registry',
      'reject',
      refused,
      '--reason',
      'A real takedown company.',
    );
    expect(rejected.code).toBe(0);
    expect(JSON.parse(rejected.stdout)).toMatchObject({
      status: 'rejected',
      reviewNote: 'A real takedown company.',
      publishedAt: null,
    });

    expect((await shark('registry', 'pending')).stdout).toBe(
      'No reports are waiting for review.\n',
    );
    expect(JSON.parse((await shark('registry', 'pending', '--json')).stdout)).toEqual([]);
    const twice = await shark('registry', 'publish', kept);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(/already published/);
  });

  it('adds an operator’s entry, published at once', async () => {
    const added = await shark(
      'registry',
      'add',
      '--kind',
      'leak_seller',
      '--name',
      'Bundle Hub',
      '--description',
      'Sells stolen bundles of creators’ content on Telegram.',
      '--identifiers',
      't.me/bundlehub, @bundlehub',
      '--evidence',
      'https://proof.example/a.png,https://proof.example/b.png',
      '--first-seen',
      '2026-01-15',
      '--by',
      'ops',
    );
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({
      kind: 'leak_seller',
      status: 'published',
      identifiers: ['t.me/bundlehub', '@bundlehub'],
      evidenceUrls: ['https://proof.example/a.png', 'https://proof.example/b.png'],
      firstSeenOn: '2026-01-15',
      reportedBy: null,
      reviewedBy: 'ops',
    });
  });

  const add = [
    'registry',
    'add',
    '--kind',
    'other',
    '--name',
    'N',
    '--description',
    'A description long enough to pass.',
  ];
  it.each([
    [['registry'], /Usage:/],
    [['registry', 'approve', 'x'], /Unknown command "registry approve"/],
    [['registry', 'show'], /needs an entry id/],
    [['registry', 'show', 'no-such-entry'], /No registry entry with id no-such-entry/],
    [['registry', 'publish', 'no-such-entry'], /No registry entry with id no-such-entry/],
    [['registry', 'reject', 'x', '--reason', '  '], /--reason is required/],
    [['registry', 'add', '--name', 'N', '--description', 'D'], /--kind is required/],
    [
      [
        'registry',
        'add',
        '--kind',
        'astrologer',
        '--name',
        'N',
        '--description',
        'A description long enough to pass.',
      ],
      /--kind: Choose what kind of scam/,
    ],
    [[...add, '--evidence', 'javascript:alert(1)'], /--evidence: Only web addresses/],
    [[...add, '--first-seen', '2026-13-01'], /--first-seen: This date does not exist/],
    [
      ['registry', 'add', '--kind', 'other', '--name', 'N', '--description', 'short'],
      /--description: Describe what happened in at least 20/,
    ],
    [['registry', 'pending', 'extra'], /Unexpected argument "extra"/],
  ])('refuses %j with a clear message and exit code 1', async (args, message) => {
    const result = await shark(...args);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('lists the commands with --help', async () => {
    const result = await shark('registry', '--help');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('shark registry reject <id> --reason');
    expect((await shark('--help')).stdout).toContain(
      'shark registry pending|show|publish|reject|add',
    );
  });
});

describe('shark registry while a server holds the embedded database (always PGlite)', () => {
  it('hands the review to the running server through its admin socket', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shark-cli-registry-live-'));
    const services = await createServices(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), {
      logger: createLogger('silent'),
      workers: false,
    });
    const socket = await startAdminSocket(
      dataDir,
      services.accounts,
      registryCommands(services.riskRegistry),
    );
    try {
      const userId = await insertCreator(services.database.db);
      const sent = await services.riskRegistry.report(
        userId,
        reportRiskEntrySchema.parse(report('Live Scam')),
      );
      // A separate process, as operators run it: this process holds the database (its lock is per process).
      const live = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
      const published = await sharkProcess(live, 'registry', 'publish', sent.id);
      expect(published.stderr).toBe('');
      expect(published.code).toBe(0);
      const page = await services.riskRegistry.search({ q: 'Live Scam', page: 1 });
      expect(page.entries.map((e) => e.id)).toEqual([sent.id]);
    } finally {
      await new Promise<void>((resolve) => socket.close(() => resolve()));
      await services.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
