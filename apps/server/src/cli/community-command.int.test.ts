// `shark community publish|list|archive` on the server's database, and through a running server's
// admin socket; bad arguments are refused with a clear message and exit code 1 before the database opens.
import type { OperatorCommunityPost } from '@shark/contracts/community.ts';
import { describe, expect, it } from 'vitest';
import { communityCommands } from '#server/features/community/community-commands.ts';
import { itListsHelp, itRefuses, jsonOfSuccess } from './testing/cli-test-cases.ts';
import { useCliTestEnv, withServerHoldingDatabase } from './testing/cli-test-env.ts';
import { sharkProcess } from './testing/run-shark.ts';

const cli = useCliTestEnv('community', { LOG_LEVEL: 'silent' });
const { shark } = cli;

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
    const post = jsonOfSuccess<OperatorCommunityPost>(published);
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

  itRefuses(shark, [
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
  ]);

  itListsHelp(
    shark,
    'community',
    'shark community publish --kind announcement|resource',
    'shark community publish|list|archive',
  );
});

describe('shark community while a server holds the embedded database (always PGlite)', () => {
  it('hands the commands to the running server through its admin socket', async () => {
    await withServerHoldingDatabase(
      'community',
      { commands: (services) => communityCommands(services.community) },
      async ({ services, live }) => {
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
        const post = jsonOfSuccess<OperatorCommunityPost>(result);
        const page = await services.community.page(1, services.brands.get('shark'));
        expect(page.posts.map((p) => p.id)).toEqual([post.id]);
        const refused = await sharkProcess(live, 'community', 'archive', 'nope');
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/No community post with id nope/);
      },
    );
  });
});
