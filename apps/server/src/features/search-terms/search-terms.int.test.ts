// /api/search-terms: CRUD, validation, duplicates, suggestions from usernames, the plan's limit,
// dismissals remembered, and isolation between creators.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AcceptSuggestionsResult,
  RefreshSuggestionsResult,
  SearchTerm,
  SearchTermList,
} from '@shark/contracts/search-terms.ts';
import { protectedAccount } from '@shark/db/schema.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { signedInUser } from '#server/testing/users.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function subscriber(plan: 'standard' | 'plus' | 'premium' = 'standard') {
  const user = await signedInUser(server);
  await server.services.accounts.grant(user.email, { status: 'subscribed', plan });
  const { id } = await server.services.accounts.showByEmail(user.email);
  return { ...user, id };
}

async function addUsername(
  userId: string,
  platform: 'onlyfans' | 'instagram',
  username: string,
): Promise<string> {
  const id = randomUUID();
  await server.services.database.db.insert(protectedAccount).values({
    id,
    userId,
    platform,
    username,
    normalizedUsername: username.toLowerCase(),
    profileUrl: `https://${platform}.com/${username}`,
    verificationCode: `shark-${id.slice(0, 8)}`,
  });
  return id;
}

describe('sign-in and entitlement', () => {
  it('answers 401 without a session on every route', async () => {
    const anonymous = new TestClient(server.url);
    const calls = [
      anonymous.get('/api/search-terms'),
      anonymous.post('/api/search-terms', { term: 'jane doe' }),
      anonymous.request('PATCH', '/api/search-terms/x', { term: 'jane doe' }),
      anonymous.request('DELETE', '/api/search-terms/x'),
      anonymous.post('/api/search-terms/x/accept'),
      anonymous.post('/api/search-terms/x/dismiss'),
      anonymous.post('/api/search-terms/accept', { ids: ['x'] }),
      anonymous.post('/api/search-terms/suggestions/refresh'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('answers 403 to free and former users, before reading their input', async () => {
    const free = await signedInUser(server);
    const list = await free.browser.get('/api/search-terms');
    expect(list.status).toBe(403);
    expect(list.body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await free.browser.post('/api/search-terms', { term: '' })).status).toBe(403);

    const former = await signedInUser(server);
    await server.services.accounts.grant(former.email, { status: 'former' });
    expect((await former.browser.post('/api/search-terms/suggestions/refresh')).status).toBe(403);
  });

  it('lets Free Removals (promoProtect) users in with the free tier’s limit', async () => {
    const promo = await signedInUser(server);
    await server.services.accounts.grant(promo.email, { features: ['promoProtect'] });
    for (const term of ['jane doe', 'jane doe leaked', 'janedoe']) {
      expect((await promo.browser.post('/api/search-terms', { term })).status).toBe(201);
    }
    const fourth = await promo.browser.post('/api/search-terms', { term: 'jane doe onlyfans' });
    expect(fourth.status).toBe(403);
    expect(fourth.body).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      limit: { name: 'searchTerms', allowed: 3, used: 3, upgradeTier: 'standard' },
    });
  });
});

describe('create, list, edit, delete', () => {
  it('adds a term as typed (spaces collapsed), lists it, edits it and deletes it', async () => {
    const { browser } = await subscriber();
    const created = await browser.post<SearchTerm>('/api/search-terms', { term: '  Jane   Doe  ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      term: 'Jane Doe',
      status: 'active',
      origin: 'creator',
      sources: [],
      suggestedFrom: null,
      lastResults: null,
    });

    const list = await browser.get<SearchTermList>('/api/search-terms');
    expect(list.body).toEqual({ active: [created.body], suggested: [], dismissedCount: 0 });
    expect(
      (await browser.get<{ usage: { searchTerms: number } }>('/api/usage')).body.usage.searchTerms,
    ).toBe(1);

    const edited = await browser.request<SearchTerm>(
      'PATCH',
      `/api/search-terms/${created.body.id}`,
      {
        term: 'Jane Doe leaked',
        sources: ['brave-web', 'site-catalog', 'brave-web'],
      },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: created.body.id,
      term: 'Jane Doe leaked',
      sources: ['brave-web', 'site-catalog'],
    });

    const onlySources = await browser.request<SearchTerm>(
      'PATCH',
      `/api/search-terms/${created.body.id}`,
      { sources: [] },
    );
    expect(onlySources.body).toMatchObject({ term: 'Jane Doe leaked', sources: [] });

    const deleted = await browser.request('DELETE', `/api/search-terms/${created.body.id}`);
    expect(deleted.status).toBe(204);
    expect((await browser.get<SearchTermList>('/api/search-terms')).body.active).toEqual([]);
    expect((await browser.request('DELETE', `/api/search-terms/${created.body.id}`)).status).toBe(
      404,
    );
  });
});

describe('validation', () => {
  it('names the bad field with a message for people', async () => {
    const { browser } = await subscriber();
    const cases: [unknown, string, RegExp][] = [
      [{}, 'term', /Enter a search term/],
      [{ term: '   ' }, 'term', /Enter a search term/],
      [{ term: 'j' }, 'term', /at least 2 characters/],
      [{ term: `jane ${'x'.repeat(80)}` }, 'term', /at most 80 characters/],
      [{ term: 'jane <script>' }, 'term', /letters, digits, spaces/],
      [{ term: 'site:example.com jane' }, 'term', /letters, digits, spaces/],
      [{ term: 'the leaked OnlyFans' }, 'term', /Add a name or username/],
      [{ term: 'free mega leaks' }, 'term', /Add a name or username/],
      [{ term: 'jane doe', sources: ['tineye'] }, 'sources', /TinEye searches with images/],
      [{ term: 'jane doe', sources: ['altavista'] }, 'sources', /not a discovery source/],
      [{ term: 'jane doe', sources: 'brave-web' }, 'sources', /list/],
    ];
    for (const [body, field, message] of cases) {
      const res = await browser.post<{ code: string; fields: Record<string, string> }>(
        '/api/search-terms',
        body,
      );
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.fields[field], JSON.stringify(body)).toMatch(message);
    }
    expect((await browser.post('/api/search-terms', 'not json')).status).toBe(400);

    const created = await browser.post<SearchTerm>('/api/search-terms', { term: 'jane doe' });
    const empty = await browser.request<{ fields: Record<string, string> }>(
      'PATCH',
      `/api/search-terms/${created.body.id}`,
      {},
    );
    expect(empty.status).toBe(400);
    expect(empty.body.fields.term).toMatch(/Change the term or its sources/);
    expect((await browser.get<SearchTermList>('/api/search-terms')).body.active).toHaveLength(1);
  });
});

describe('duplicates', () => {
  it('answers 409 for a text the creator already searches for, however it is spaced or cased', async () => {
    const { browser } = await subscriber();
    const first = await browser.post<SearchTerm>('/api/search-terms', { term: 'Jane Doe' });
    const again = await browser.post<{ code: string; fields: Record<string, string> }>(
      '/api/search-terms',
      { term: ' jane   DOE ' },
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
    expect(again.body.fields.term).toBe('You already search for “Jane Doe”.');

    const second = await browser.post<SearchTerm>('/api/search-terms', { term: 'janedoe' });
    const renamed = await browser.request('PATCH', `/api/search-terms/${second.body.id}`, {
      term: 'JANE doe',
    });
    expect(renamed.status).toBe(409);
    // Re-casing a term's own text is not a duplicate.
    const recased = await browser.request<SearchTerm>(
      'PATCH',
      `/api/search-terms/${first.body.id}`,
      { term: 'jane doe' },
    );
    expect(recased.status).toBe(200);
    expect(recased.body.term).toBe('jane doe');
  });
});

describe('suggestions', () => {
  it('are made from the creator’s usernames, once, and say which username they came from', async () => {
    const user = await subscriber();
    const empty = await user.browser.post<RefreshSuggestionsResult>(
      '/api/search-terms/suggestions/refresh',
    );
    expect(empty.body).toMatchObject({ added: 0, usernameCount: 0, list: { suggested: [] } });

    const accountId = await addUsername(user.id, 'onlyfans', 'jane_doe');
    const refreshed = await user.browser.post<RefreshSuggestionsResult>(
      '/api/search-terms/suggestions/refresh',
    );
    expect(refreshed.status).toBe(200);
    const terms = refreshed.body.list.suggested.map((s) => s.term);
    expect(refreshed.body.added).toBe(terms.length);
    expect(refreshed.body.usernameCount).toBe(1);
    // In the generator's order: most useful first.
    expect(terms.slice(0, 5)).toEqual([
      'jane_doe',
      'jane_doe leaked',
      'jane_doe onlyfans',
      'jane doe',
      'janedoe',
    ]);
    expect(terms).toContain('jannedoe');
    expect(refreshed.body.list.suggested[0]).toMatchObject({
      status: 'suggested',
      origin: 'suggestion',
      suggestedFrom: { accountId, platform: 'onlyfans', username: 'jane_doe' },
      lastResults: null,
    });
    // Suggestions do not count against the limit.
    expect(
      (await user.browser.get<{ usage: { searchTerms: number } }>('/api/usage')).body.usage
        .searchTerms,
    ).toBe(0);

    const again = await user.browser.post<RefreshSuggestionsResult>(
      '/api/search-terms/suggestions/refresh',
    );
    expect(again.body.added).toBe(0);
    expect(again.body.list.suggested.map((s) => s.term)).toEqual(terms);
  });

  it('leave out texts the creator already has, and follow the usernames they have now', async () => {
    const user = await subscriber();
    await user.browser.post('/api/search-terms', { term: 'Jane Doe Leaked' });
    const accountId = await addUsername(user.id, 'onlyfans', 'jane_doe');
    const first = await user.browser.post<RefreshSuggestionsResult>(
      '/api/search-terms/suggestions/refresh',
    );
    expect(first.body.list.suggested.map((s) => s.term)).not.toContain('jane doe leaked');
    expect(first.body.list.active.map((s) => s.term)).toEqual(['Jane Doe Leaked']);

    await server.services.database.db
      .delete(protectedAccount)
      .where((await import('drizzle-orm')).eq(protectedAccount.id, accountId));
    await addUsername(user.id, 'instagram', 'bella.rose');
    const second = await user.browser.post<RefreshSuggestionsResult>(
      '/api/search-terms/suggestions/refresh',
    );
    const terms = second.body.list.suggested.map((s) => s.term);
    expect(terms).toContain('bella.rose instagram');
    expect(terms.some((t) => t.includes('jane'))).toBe(false);
  });

  it('are accepted within the plan’s limit, and refused beyond it with the plan that lifts it', async () => {
    const user = await subscriber('standard');
    await addUsername(user.id, 'onlyfans', 'jane_doe');
    const { list } = (
      await user.browser.post<RefreshSuggestionsResult>('/api/search-terms/suggestions/refresh')
    ).body;
    const [first, ...rest] = list.suggested;

    const accepted = await user.browser.post<SearchTerm>(`/api/search-terms/${first!.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ id: first!.id, status: 'active', origin: 'suggestion' });
    // Accepting twice changes nothing.
    expect((await user.browser.post(`/api/search-terms/${first!.id}/accept`)).status).toBe(200);

    // Standard allows 10: nine more fit, the rest stay suggested.
    const many = await user.browser.post<AcceptSuggestionsResult>('/api/search-terms/accept', {
      ids: rest.map((s) => s.id),
    });
    expect(many.status).toBe(200);
    expect(many.body.accepted.map((s) => s.id)).toEqual(rest.slice(0, 9).map((s) => s.id));
    expect(many.body.notAccepted).toEqual(rest.slice(9).map((s) => s.id));
    expect(many.body.limitMessage).toBe(
      'Your Standard plan includes 10 search terms, and you use 10 search terms. Plus includes 30 search terms.',
    );

    const beyond = await user.browser.post(`/api/search-terms/${rest[9]!.id}/accept`);
    expect(beyond.status).toBe(403);
    expect(beyond.body).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      limit: { name: 'searchTerms', allowed: 10, used: 10, upgradeTier: 'plus' },
    });
    const none = await user.browser.post('/api/search-terms/accept', { ids: [rest[9]!.id] });
    expect(none.status).toBe(403);
    const typed = await user.browser.post('/api/search-terms', { term: 'bella rose' });
    expect(typed.status).toBe(403);

    const after = (await user.browser.get<SearchTermList>('/api/search-terms')).body;
    expect(after.active).toHaveLength(10);
    expect(
      (await user.browser.get<{ usage: { searchTerms: number } }>('/api/usage')).body.usage
        .searchTerms,
    ).toBe(10);
  });

  it('never lets parallel accepts go past the limit', async () => {
    const user = await subscriber('standard');
    await addUsername(user.id, 'onlyfans', 'jane_doe');
    const { list } = (
      await user.browser.post<RefreshSuggestionsResult>('/api/search-terms/suggestions/refresh')
    ).body;
    const results = await Promise.all(
      list.suggested.map((s) => user.browser.post(`/api/search-terms/${s.id}/accept`)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(results.filter((r) => r.status === 403)).toHaveLength(list.suggested.length - 10);
    expect((await user.browser.get<SearchTermList>('/api/search-terms')).body.active).toHaveLength(
      10,
    );
  });

  it('once dismissed, or accepted then deleted or reworded, are not suggested again', async () => {
    const user = await subscriber('premium');
    await addUsername(user.id, 'onlyfans', 'jane_doe');
    const { list } = (
      await user.browser.post<RefreshSuggestionsResult>('/api/search-terms/suggestions/refresh')
    ).body;
    const [dismissed, deleted, reworded] = list.suggested;

    expect((await user.browser.post(`/api/search-terms/${dismissed!.id}/dismiss`)).status).toBe(
      204,
    );
    await user.browser.post(`/api/search-terms/${deleted!.id}/accept`);
    expect((await user.browser.request('DELETE', `/api/search-terms/${deleted!.id}`)).status).toBe(
      204,
    );
    await user.browser.post(`/api/search-terms/${reworded!.id}/accept`);
    const edit = await user.browser.request<SearchTerm>(
      'PATCH',
      `/api/search-terms/${reworded!.id}`,
      { term: 'Jane Doe OF' },
    );
    expect(edit.body).toMatchObject({ term: 'Jane Doe OF', origin: 'creator' });

    const refreshed = await user.browser.post<RefreshSuggestionsResult>(
      '/api/search-terms/suggestions/refresh',
    );
    expect(refreshed.body.added).toBe(0);
    const shown = [...refreshed.body.list.suggested, ...refreshed.body.list.active].map(
      (s) => s.term,
    );
    expect(shown).not.toContain(dismissed!.term);
    expect(shown).not.toContain(deleted!.term);
    expect(shown).not.toContain(reworded!.term);
    expect(refreshed.body.list.dismissedCount).toBe(3);

    // A dismissed suggestion is hidden: it cannot be dismissed or edited again, but it can be taken back.
    expect((await user.browser.post(`/api/search-terms/${dismissed!.id}/dismiss`)).status).toBe(
      404,
    );
    expect(
      (await user.browser.request('PATCH', `/api/search-terms/${dismissed!.id}`, { sources: [] }))
        .status,
    ).toBe(404);
    const undone = await user.browser.post<SearchTerm>(`/api/search-terms/${dismissed!.id}/accept`);
    expect(undone.body).toMatchObject({ term: dismissed!.term, status: 'active' });
    // Typing a dismissed text on purpose makes it the creator's.
    const typed = await user.browser.post<SearchTerm>('/api/search-terms', { term: deleted!.term });
    expect(typed.status).toBe(201);
    expect(typed.body).toMatchObject({ id: deleted!.id, status: 'active', origin: 'creator' });
  });

  it('are accepted or dismissed, never edited while suggested; an active term is deleted, not dismissed', async () => {
    const user = await subscriber();
    await addUsername(user.id, 'onlyfans', 'jane_doe');
    const { list } = (
      await user.browser.post<RefreshSuggestionsResult>('/api/search-terms/suggestions/refresh')
    ).body;
    const suggestion = list.suggested[0]!;
    const edit = await user.browser.request('PATCH', `/api/search-terms/${suggestion.id}`, {
      sources: ['brave-web'],
    });
    expect(edit.status).toBe(409);
    const typed = await user.browser.post<{ fields: Record<string, string> }>('/api/search-terms', {
      term: 'own term jane',
    });
    const dismissActive = await user.browser.post(
      `/api/search-terms/${(typed.body as unknown as SearchTerm).id}/dismiss`,
    );
    expect(dismissActive.status).toBe(409);
    // Typing a suggested text accepts it.
    const fromSuggestion = await user.browser.post<SearchTerm>('/api/search-terms', {
      term: suggestion.term.toUpperCase(),
    });
    expect(fromSuggestion.status).toBe(201);
    expect(fromSuggestion.body).toMatchObject({ id: suggestion.id, status: 'active' });
  });
});

describe('isolation', () => {
  it('answers 404 for another creator’s term on every route, and changes nothing', async () => {
    const owner = await subscriber();
    await addUsername(owner.id, 'onlyfans', 'jane_doe');
    const own = await owner.browser.post<SearchTerm>('/api/search-terms', { term: 'jane doe' });
    const { list } = (
      await owner.browser.post<RefreshSuggestionsResult>('/api/search-terms/suggestions/refresh')
    ).body;
    const suggestion = list.suggested[0]!;

    const other = await subscriber();
    const attempts = [
      other.browser.request('PATCH', `/api/search-terms/${own.body.id}`, { term: 'taken over' }),
      other.browser.request('DELETE', `/api/search-terms/${own.body.id}`),
      other.browser.post(`/api/search-terms/${suggestion.id}/accept`),
      other.browser.post(`/api/search-terms/${suggestion.id}/dismiss`),
      other.browser.post('/api/search-terms/accept', { ids: [suggestion.id] }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    }
    const theirs = (await other.browser.get<SearchTermList>('/api/search-terms')).body;
    expect(theirs).toEqual({ active: [], suggested: [], dismissedCount: 0 });
    // Their refresh sees only their own usernames (none).
    expect(
      (await other.browser.post<RefreshSuggestionsResult>('/api/search-terms/suggestions/refresh'))
        .body.added,
    ).toBe(0);
    // The same text is free for another creator.
    expect((await other.browser.post('/api/search-terms', { term: 'jane doe' })).status).toBe(201);

    const mine = (await owner.browser.get<SearchTermList>('/api/search-terms')).body;
    expect(mine.active).toEqual([own.body]);
    expect(mine.suggested.map((s) => s.id)).toContain(suggestion.id);
  });
});
