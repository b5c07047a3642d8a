// Community over HTTP: sign-in, posts published by the operator's command (pinned first, then newest),
// archived posts hidden, pages, the brand's channels, and affiliate-only users reading it too.
import type { CommunityPage, OperatorCommunityPost } from '@shark/contracts/community.ts';
import { COMMUNITY_PAGE_SIZE } from '@shark/contracts/community.ts';
import type { NotificationPage } from '@shark/contracts/notifications.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '#server/testing/http-client.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { signedInUser } from '#server/testing/users.ts';
import { waitFor } from '#server/testing/wait-for.ts';
import { createAnnouncementFanOut } from './announcement-fan-out.ts';
import { createAnnouncementRepository } from './announcement-repository.ts';
import { communityCommands } from './community-commands.ts';

let server: TestServer;
let commands: ReturnType<typeof communityCommands>;
beforeAll(async () => {
  // The announcement sweep runs every second here, so a test can wait for it.
  server = await startTestServer({ ANNOUNCEMENT_SWEEP_SECONDS: '1' });
  commands = communityCommands(server.services.community);
});
afterAll(async () => {
  await server?.close();
});

const publish = async (post: Record<string, unknown>) =>
  (await commands['community/publish']!(post)) as OperatorCommunityPost;

describe('GET /api/community', () => {
  it('requires sign-in', async () => {
    const res = await new TestClient(server.url).get('/api/community');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('shows what operators published: pinned first, then newest first, never archived posts', async () => {
    const { browser } = await signedInUser(server);
    const empty = await browser.get<CommunityPage>('/api/community');
    expect(empty.status).toBe(200);
    const before = empty.body.total;

    const older = await publish({
      kind: 'announcement',
      title: 'Older news',
      body: 'First announcement.',
    });
    const pinned = await publish({
      kind: 'resource',
      title: 'Start here',
      body: 'The guide.',
      url: 'https://guide.example/start',
      isPinned: true,
    });
    const newer = await publish({
      kind: 'resource',
      title: 'Newer resource',
      body: 'A checklist.',
      url: 'https://guide.example/list',
    });
    const gone = await publish({ kind: 'announcement', title: 'Withdrawn', body: 'Not any more.' });
    await commands['community/archive']!({ id: gone.id });

    const res = await browser.get<CommunityPage>('/api/community');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(before + 3);
    const ids = res.body.posts.map((p) => p.id);
    expect(ids.slice(0, 3)).toEqual([pinned.id, newer.id, older.id]);
    expect(ids).not.toContain(gone.id);
    expect(res.body.posts[0]).toEqual({
      id: pinned.id,
      kind: 'resource',
      title: 'Start here',
      body: 'The guide.',
      url: 'https://guide.example/start',
      isPinned: true,
      publishedAt: pinned.publishedAt,
    });
  });

  it('lists the brand’s community channels from the brand configuration', async () => {
    const { browser } = await signedInUser(server);
    const res = await browser.get<CommunityPage>('/api/community');
    const configured = server.services.brands.get('shark')?.community ?? [];
    expect(configured.length).toBeGreaterThan(0);
    expect(res.body.channels).toEqual(
      configured.map((c) => ({ label: c.label, url: c.url, description: c.description ?? null })),
    );
  });

  it('pages the posts and refuses a page that is not a number', async () => {
    const { browser } = await signedInUser(server);
    for (let i = 0; i < COMMUNITY_PAGE_SIZE; i++)
      await publish({ kind: 'announcement', title: `Paged ${i}`, body: 'Body.' });
    const first = await browser.get<CommunityPage>('/api/community');
    const second = await browser.get<CommunityPage>('/api/community?page=2');
    expect(first.body.posts).toHaveLength(COMMUNITY_PAGE_SIZE);
    expect(second.body.page).toBe(2);
    expect(second.body.posts.length).toBe(first.body.total - COMMUNITY_PAGE_SIZE);
    const overlap = second.body.posts.filter((p) => first.body.posts.some((q) => q.id === p.id));
    expect(overlap).toEqual([]);
    for (const page of ['0', 'x', '1.5', '100000']) {
      const bad = await browser.get(`/api/community?page=${page}`);
      expect(bad.status, page).toBe(400);
      expect(bad.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringMatching(/page is a whole number/),
      });
    }
  });

  it('is open to affiliate-only users', async () => {
    const user = await signedInUser(server);
    await server.services.accounts.grant(user.email, { affiliateOnly: true });
    const res = await user.browser.get<CommunityPage>('/api/community');
    expect(res.status).toBe(200);
  });
});

describe('the operator’s commands', () => {
  it('refuses bad posts with the reason', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ kind: 'news', title: 'T', body: 'B' }, /announcement or resource/],
      [{ kind: 'resource', title: '  ', body: 'B' }, /title is required/],
      [{ kind: 'resource', title: 'T', body: '' }, /body is required/],
      [
        { kind: 'resource', title: 'T', body: 'B', url: 'javascript:alert(1)' },
        /https:\/\/ or http:\/\//,
      ],
      [{ kind: 'resource', title: 'x'.repeat(201), body: 'B' }, /under 200 characters/],
    ];
    for (const [post, message] of cases) await expect(publish(post)).rejects.toThrow(message);
  });

  it('archives a post once; an unknown id is not found', async () => {
    const post = await publish({ kind: 'announcement', title: 'Once', body: 'Body.' });
    const archived = (await commands['community/archive']!({
      id: post.id,
    })) as OperatorCommunityPost;
    expect(archived.archivedAt).not.toBeNull();
    await expect(commands['community/archive']!({ id: post.id })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(commands['community/archive']!({ id: 'nope' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const all = (await commands['community/list']!({})) as OperatorCommunityPost[];
    expect(all.find((p) => p.id === post.id)?.archivedAt).toBe(archived.archivedAt);
  });
});

describe('announcements as notifications', () => {
  it('tells every account that existed when an announcement went out, once; resources and archived posts tell nobody', async () => {
    const before = await signedInUser(server);
    const resource = await publish({
      kind: 'resource',
      title: 'A guide',
      body: 'Read it.',
      url: 'https://guide.example/a',
    });
    const withdrawn = await publish({
      kind: 'announcement',
      title: 'Withdrawn at once',
      body: 'Never mind.',
    });
    await commands['community/archive']!({ id: withdrawn.id });
    const news = await publish({
      kind: 'announcement',
      title: 'New: faster takedowns',
      body: 'Notices now go out within the hour.',
    });

    const noticeOf = async (browser: TestClient) =>
      (await browser.get<NotificationPage>('/api/notifications')).body.notifications.filter(
        (n) => n.category === 'community',
      );
    const told = await waitFor(
      async () => {
        const notes = await noticeOf(before.browser);
        return notes.length > 0 ? notes : undefined;
      },
      { what: 'the announcement to reach the account' },
    );
    expect(told).toEqual([
      expect.objectContaining({
        title: 'New: faster takedowns',
        body: 'Notices now go out within the hour.',
        link: '/community',
      }),
    ]);

    // Nobody is left to tell about it: another run tells no one again, and an account made after the
    // announcement is not told of it.
    const after = await signedInUser(server);
    const announced: string[] = [];
    const told2 = await createAnnouncementFanOut({
      announcements: createAnnouncementRepository(server.services.database.db),
      announce: (userId, post) => {
        announced.push(`${userId}:${post.id}`);
        return Promise.resolve();
      },
    }).run();
    expect(announced.filter((entry) => entry.endsWith(`:${news.id}`))).toEqual([]);
    expect(told2).toBe(announced.length);
    expect(await noticeOf(after.browser)).toEqual([]);
    expect(
      announced.some(
        (entry) => entry.endsWith(`:${resource.id}`) || entry.endsWith(`:${withdrawn.id}`),
      ),
    ).toBe(false);
  });
});
