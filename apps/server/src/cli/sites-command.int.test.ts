// `shark sites list|contact|accept|dismiss` on the server's database: the sites outside the catalog
// that yielded copies, their review, and the staff's correction of a site's own channel; bad
// arguments exit 1 with the reason before the database is opened.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { discoveredSite, siteContact } from '@shark/db/schema.ts';
import { useCliTestEnv } from './testing/cli-test-env.ts';

const cli = useCliTestEnv('sites', { LOG_LEVEL: 'silent' });
const { shark } = cli;
const withDb = cli.withDatabase;

beforeAll(async () => {
  // Sites as the scans record them.
  await withDb(async (db) => {
    await db.insert(discoveredSite).values([
      { site: 'tube-a.example', origin: 'https://tube-a.example', name: 'Tube A', copies: 5 },
      { site: 'board-b.example', origin: 'https://board-b.example', kind: 'forum', copies: 2 },
    ]);
  });
});

describe('shark sites', () => {
  it('lists the sites, most copies first, and filters by status', async () => {
    const all = await shark('sites', 'list');
    expect(all.code, all.stderr).toBe(0);
    const lines = all.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^tube-a\.example\s+candidate\s+5 copies\s+Tube A$/);
    expect(lines[1]).toMatch(/^board-b\.example\s+candidate\s+2 copies\s+\[forum\]$/);

    expect((await shark('sites', 'list', '--status', 'dismissed')).stdout.trim()).toBe('No site.');
  });

  it('accepts and dismisses sites; accepting one no scan recorded adds it', async () => {
    const accepted = await shark(
      'sites',
      'accept',
      'https://www.tube-a.example/videos/1',
      '--name',
      'Tube A!',
      '--kind',
      'tube',
      '--by',
      'ops',
    );
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stdout).toContain('Site tube-a.example marked accepted.');
    expect((await shark('sites', 'dismiss', 'board-b.example')).stdout).toContain(
      'Site board-b.example marked dismissed.',
    );
    expect((await shark('sites', 'accept', 'new-site.example')).code).toBe(0);

    const listed = JSON.parse(
      (await shark('sites', 'list', '--status', 'accepted', '--json')).stdout,
    ) as { site: string; name: string | null; kind: string | null; reviewedBy: string | null }[];
    expect(listed.map((s) => [s.site, s.name, s.kind, s.reviewedBy])).toEqual([
      ['tube-a.example', 'Tube A!', 'tube', 'ops'],
      ['new-site.example', null, null, null],
    ]);
  });

  it('corrects a site’s contact (the site becomes accepted) and shows it', async () => {
    const before = await shark('sites', 'contact', 'fresh.example', '--show');
    expect(before.code).toBe(1);
    expect(before.stderr).toContain('No contact is known for fresh.example');

    const set = await shark(
      'sites',
      'contact',
      'https://fresh.example/x',
      '--email',
      'DMCA@Fresh.example',
      '--by',
      'anna',
    );
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain('Contact of fresh.example corrected');

    const shown = JSON.parse(
      (await shark('sites', 'contact', 'fresh.example', '--show', '--json')).stdout,
    ) as Record<string, unknown>;
    expect(shown).toMatchObject({
      site: 'fresh.example',
      status: 'corrected',
      channelKind: 'email',
      address: 'dmca@fresh.example',
      foundVia: 'staff',
      correctedBy: 'anna',
    });

    const form = await shark(
      'sites',
      'contact',
      'fresh.example',
      '--form',
      'https://fresh.example/f',
    );
    expect(form.code, form.stderr).toBe(0);
    await withDb(async (db) => {
      const [contact] = await db
        .select()
        .from(siteContact)
        .where(eq(siteContact.site, 'fresh.example'));
      expect(contact).toMatchObject({
        status: 'corrected',
        channelKind: 'form',
        address: 'https://fresh.example/f',
      });
      const [site] = await db
        .select()
        .from(discoveredSite)
        .where(eq(discoveredSite.site, 'fresh.example'));
      expect(site).toMatchObject({ status: 'accepted', origin: 'https://fresh.example' });
    });
  });

  it('refuses bad arguments with the reason and exit code 1', async () => {
    const cases: [string[], string][] = [
      [['sites', 'contact', 'x.example'], 'needs --show, or one of --email and --form'],
      [
        ['sites', 'contact', 'x.example', '--email', 'a@b.example', '--form', 'https://b.example/'],
        'one of --email and --form',
      ],
      [['sites', 'contact', 'x.example', '--email', 'not-an-address'], 'is not an e-mail address'],
      [['sites', 'contact', 'x.example', '--form', 'ftp://x.example/'], 'is not an http(s) URL'],
      [['sites', 'contact', '--show'], 'needs a site or URL'],
      [['sites', 'list', '--status', 'maybe'], '--status must be one of'],
      [['sites', 'dismiss', 'x.example', '--name', 'X'], 'Unknown flag --name'],
      [['sites', 'accept', 'not a site'], 'is not a site'],
      [['sites', 'frobnicate'], 'Unknown command "sites frobnicate"'],
    ];
    for (const [args, message] of cases) {
      const result = await shark(...args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr, args.join(' ')).toContain(message);
    }
  });
});
