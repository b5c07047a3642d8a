// `shark community publish|list|archive` on the server's database, and through a running server's
// admin socket; bad arguments are refused with a clear message and exit code 1 before the database opens.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OperatorCommunityPost } from '@shark/contracts/community.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/env.ts';
import { startAdminSocket } from '#server/features/admin/admin-socket.ts';
import { communityCommands } from '#server/features/community/community-commands.ts';
import { createLogger } from '#server/http/logger.ts';
import { createServices } from '#server/services.ts';
import { createTestPostgresDatabase, TEST_DB } from '#server/testing/test-server.ts';
import { sharkInProcess, sharkProcess } from './testing/run-shark.ts';

let env: Record<string, string>;
let cleanup: () => Promise<void>;
const shark = (...args: string[]) => sharkInProcess(env, ...args);

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shark-cli-community-'));
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

describe('shark community', () => {
  it('publishes, lists and archives posts', async () => {
    const published = await shark(
      'community',
      'publish',
      '--kind',
      'resource',
      '--title',
      'How to read a takedown report',
      '--body',
      'A short guide to every column.',
      '--url',
      'https://help.shark.example/report',
      '--pinned',
      '--by',
      'ops',
    );
    expect(published.stderr).toBe('');
    expect(published.code).toBe(0);
    const post = JSON.parse(published.stdout) as OperatorCommunityPost;
    expect(post).toMatchObject({
      kind: 'resource',
      title: 'How to read a takedown report',
      body: 'A short guide to every column.',
      url: 'https://help.shark.example/report',
      isPinned: true,
      archivedAt: null,
      createdBy: 'ops',
    });

    const second = await shark(
      'community',
      'publish',
      '--kind',
      'announcement',
      '--title',
      'New: Scam Registry',
      '--body',
      'Check a name before you sign.',
    );
    expect(second.code).toBe(0);
    const announcement = JSON.parse(second.stdout) as OperatorCommunityPost;
    expect(announcement).toMatchObject({ url: null, isPinned: false, createdBy: null });

    const listed = await shark('community', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(
        `${announcement.id}  announcement  visible  \\d{4}-\\d{2}-\\d{2}  New: Scam Registry`,
      ),
    );
    expect(listed.stdout).toContain(`${post.id}  resource  pinned`);

    const archived = await shark('community', 'archive', announcement.id);
    expect(archived.code).toBe(0);
    expect((JSON.parse(archived.stdout) as OperatorCommunityPost).archivedAt).not.toBeNull();
    const json = JSON.parse(
      (await shark('community', 'list', '--json')).stdout,
    ) as OperatorCommunityPost[];
    expect(json.find((p) => p.id === announcement.id)?.archivedAt).not.toBeNull();

    const again = await shark('community', 'archive', announcement.id);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already archived/);
  });

  it.each([
    [['community'], /Usage:/],
    [['community', 'post'], /Unknown command "community post"/],
    [
      ['community', 'publish', '--title', 'T', '--body', 'B'],
      /--kind is required: announcement or resource/,
    ],
    [
      ['community', 'publish', '--kind', 'news', '--title', 'T', '--body', 'B'],
      /--kind: The kind is announcement or resource/,
    ],
    [['community', 'publish', '--kind', 'resource', '--body', 'B'], /--title is required/],
    [['community', 'publish', '--kind', 'resource', '--title', 'T'], /--body is required/],
    [
      ['community', 'publish', '--kind', 'resource', '--title', ' ', '--body', 'B'],
      /--title: A title is required/,
    ],
    [
      [
        'community',
        'publish',
        '--kind',
        'resource',
        '--title',
        'T',
        '--body',
        'B',
        '--url',
        'javascript:alert(1)',
      ],
      /--url: Only web addresses/,
    ],
    [
      [
        'community',
        'publish',
        '--kind',
        'resource',
        '--title',
        'T',
        '--body',
        'B',
        '--colour',
        'red',
      ],
      /Unknown flag --colour/,
    ],
    [
      ['community', 'publish', '--kind', 'resource', '--title', 'Two', 'words', '--body', 'B'],
      /Unexpected argument "words"/,
    ],
    [['community', 'archive'], /needs a post id/],
    [['community', 'archive', 'no-such-post'], /No community post with id no-such-post/],
    [['community', 'list', 'extra'], /Unexpected argument "extra"/],
  ])('refuses %j with a clear message and exit code 1', async (args, message) => {
    const result = await shark(...args);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('lists the commands with --help', async () => {
    const result = await shark('community', '--help');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('shark community publish --kind announcement|resource');
    expect((await shark('--help')).stdout).toContain('shark community publish|list|archive');
  });
});

describe('shark community while a server holds the embedded database (always PGlite)', () => {
  it('hands the commands to the running server through its admin socket', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shark-cli-community-live-'));
    const services = await createServices(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), {
      logger: createLogger('silent'),
      workers: false,
    });
    const socket = await startAdminSocket(
      dataDir,
      services.accounts,
      communityCommands(services.community),
    );
    try {
      const live = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
      // A separate process, as operators run it: this process holds the database (its lock is per process).
      const result = await sharkProcess(
        live,
        'community',
        'publish',
        '--kind',
        'announcement',
        '--title',
        'Live',
        '--body',
        'Through the socket.',
      );
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const post = JSON.parse(result.stdout) as OperatorCommunityPost;
      const page = await services.community.page(1, services.brands.get('shark'));
      expect(page.posts.map((p) => p.id)).toEqual([post.id]);
      const refused = await sharkProcess(live, 'community', 'archive', 'nope');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/No community post with id nope/);
    } finally {
      await new Promise<void>((resolve) => socket.close(() => resolve()));
      await services.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
