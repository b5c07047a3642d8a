// `shark registry pending|show|publish|reject|add`: the operator's review of creators' reports, on the
// server's database and through a running server's admin socket; bad arguments exit 1 with the reason.
import {
  reportRiskEntrySchema,
  type OperatorRiskEntry,
  type ReportRiskEntry,
} from '@shark/contracts/risk-registry.ts';
import { describe, expect, it } from 'vitest';
import { registryCommands } from '#server/features/risk-registry/risk-registry-commands.ts';
import { createRiskRegistryRepository } from '#server/features/risk-registry/risk-registry-repository.ts';
import { createRiskRegistryService } from '#server/features/risk-registry/risk-registry-service.ts';
import { insertCreator } from '#server/features/takedowns/testing/takedown-test-fixtures.ts';
import { itListsHelp, itRefuses, jsonOfSuccess } from './testing/cli-test-cases.ts';
import { useCliTestEnv, withServerHoldingDatabase } from './testing/cli-test-env.ts';
import { sharkProcess } from './testing/run-shark.ts';

const cli = useCliTestEnv('registry', { LOG_LEVEL: 'silent' });
const { shark } = cli;

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
  return cli.withDatabase(async (db) => {
    const userId = await insertCreator(db);
    const registry = createRiskRegistryService({ repo: createRiskRegistryRepository(db) });
    const ids: string[] = [];
    for (const name of names)
      ids.push((await registry.report(userId, reportRiskEntrySchema.parse(report(name)))).id);
    return { email: `${userId}@example.com`, ids };
  });
}

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
    expect(jsonOfSuccess(published)).toMatchObject({
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
    expect(jsonOfSuccess(added)).toMatchObject({
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
  itRefuses(shark, [
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
  ]);

  itListsHelp(
    shark,
    'registry',
    'shark registry reject <id> --reason',
    'shark registry pending|show|publish|reject|add',
  );
});

describe('shark registry while a server holds the embedded database (always PGlite)', () => {
  it('hands the review to the running server through its admin socket', async () => {
    await withServerHoldingDatabase(
      'registry',
      { commands: (services) => registryCommands(services.riskRegistry) },
      async ({ services, live }) => {
        const userId = await insertCreator(services.database.db);
        const sent = await services.riskRegistry.report(
          userId,
          reportRiskEntrySchema.parse(report('Live Scam')),
        );
        // A separate process, as operators run it: this process holds the database (its lock is per process).
        const published = await sharkProcess(live, 'registry', 'publish', sent.id);
        expect(published.stderr).toBe('');
        expect(published.code).toBe(0);
        const page = await services.riskRegistry.search({ q: 'Live Scam', page: 1 });
        expect(page.entries.map((e) => e.id)).toEqual([sent.id]);
      },
    );
  });
});
