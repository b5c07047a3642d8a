// Your Content over HTTP: collections, items, validation, linked reference files, paging, and that
// nobody but the creator (signed in, entitled) reaches any of it.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceFile } from '@shark/db/schema.ts';
import { SALE_URL_MESSAGE, latestDateOnEarth } from '@shark/contracts/content.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { signedInUser } from '#server/testing/users.ts';

type Collection = { id: string; title: string; description: string | null; itemCount: number };
type File = {
  id: string;
  name: string;
  mediaType: string | null;
  status: string;
  thumbnailUrl: string | null;
};
type Item = {
  id: string;
  collectionId: string | null;
  title: string;
  type: string;
  publishedOn: string | null;
  saleUrls: string[];
  description: string | null;
  fileCount: number;
  previewFiles: File[];
};
type ItemDetail = Item & { files: File[] };
type ItemList = { items: Item[]; nextCursor: string | null; total: number };
type ApiError = { code: string; message: string; fields?: Record<string, string> };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A signed-in creator with the set-up entitlement (subscribed), and their user id. */
async function creator() {
  const user = await signedInUser(server);
  await server.services.accounts.grant(user.email, { status: 'subscribed', plan: 'standard' });
  const { id } = await server.services.accounts.showByEmail(user.email);
  return { ...user, id };
}

/** A reference_file row as the uploads feature would leave it. */
async function insertFile(
  userId: string,
  values: {
    name?: string;
    status?: 'uploading' | 'queued' | 'processing' | 'ready' | 'failed';
    mediaType?: 'image' | 'video';
  } = {},
) {
  const id = randomUUID();
  await server.services.database.db.insert(referenceFile).values({
    id,
    userId,
    originalName: values.name ?? `${id.slice(0, 8)}.jpg`,
    sizeBytes: 1000,
    receivedBytes: 1000,
    mediaType: values.mediaType ?? 'image',
    mimeType: values.mediaType === 'video' ? 'video/mp4' : 'image/jpeg',
    status: values.status ?? 'ready',
    storageKey: `test/${id}`,
  });
  return id;
}

const patch = <T>(client: TestClient, path: string, body: unknown) =>
  client.request<T>('PATCH', path, body);
const del = <T>(client: TestClient, path: string) => client.request<T>('DELETE', path);

describe('access', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/content/collections'],
    ['POST', '/api/content/collections', { title: 'x' }],
    ['PATCH', '/api/content/collections/some-id', { title: 'x' }],
    ['DELETE', '/api/content/collections/some-id?items=keep'],
    ['GET', '/api/content/items'],
    ['POST', '/api/content/items', { title: 'x', type: 'photo' }],
    ['GET', '/api/content/items/some-id'],
    ['PATCH', '/api/content/items/some-id', { title: 'x' }],
    ['DELETE', '/api/content/items/some-id'],
    ['POST', '/api/content/items/some-id/files', { fileIds: ['f'] }],
    ['DELETE', '/api/content/items/some-id/files/f'],
    ['GET', '/api/content/files'],
  ];

  it('answers 401 to signed-out requests, before reading their input', async () => {
    const anonymous = new TestClient(server.url);
    for (const [method, path, body] of routes) {
      const res = await anonymous.request(
        method,
        path,
        body ?? (method === 'POST' ? 'not json' : undefined),
      );
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('answers 403 to creators without a subscription or Free Removals, and lets Free Removals users in', async () => {
    const free = await signedInUser(server);
    for (const [method, path, body] of routes) {
      const res = await free.browser.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toMatchObject({
        code: 'FORBIDDEN',
        message: expect.stringContaining('subscription') as string,
      });
    }
    const former = await signedInUser(server);
    await server.services.accounts.grant(former.email, { status: 'former' });
    expect((await former.browser.get('/api/content/items')).status).toBe(403);

    const promo = await signedInUser(server);
    await server.services.accounts.grant(promo.email, { features: ['promoProtect'] });
    expect((await promo.browser.get('/api/content/collections')).status).toBe(200);
  });
});

describe('collections', () => {
  it('are created, listed with item counts, renamed and kept unique by name', async () => {
    const { browser } = await creator();
    const empty = await browser.get('/api/content/collections');
    expect(empty.body).toEqual({ collections: [], uncollectedCount: 0, totalItemCount: 0 });

    const created = await browser.post<Collection>('/api/content/collections', {
      title: '  Summer 2024  ',
      description: 'Beach shoot',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Summer 2024',
      description: 'Beach shoot',
      itemCount: 0,
    });
    await browser.post('/api/content/collections', { title: 'autumn' });

    const duplicate = await browser.post<ApiError>('/api/content/collections', {
      title: 'SUMMER 2024',
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({
      code: 'CONFLICT',
      message: 'You already have a collection named "SUMMER 2024".',
      fields: { title: 'You already have a collection with this name.' },
    });

    await browser.post('/api/content/items', {
      title: 'In summer',
      type: 'photo',
      collectionId: created.body.id,
    });
    await browser.post('/api/content/items', { title: 'Loose', type: 'video' });
    const listed = await browser.get<{
      collections: Collection[];
      uncollectedCount: number;
      totalItemCount: number;
    }>('/api/content/collections');
    expect(listed.body.collections.map((c) => [c.title, c.itemCount])).toEqual([
      ['autumn', 0],
      ['Summer 2024', 1],
    ]);
    expect(listed.body).toMatchObject({ uncollectedCount: 1, totalItemCount: 2 });

    const renamed = await patch<Collection>(
      browser,
      `/api/content/collections/${created.body.id}`,
      { title: 'Summer 24', description: '' },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      id: created.body.id,
      title: 'Summer 24',
      description: null,
      itemCount: 1,
    });
    // Its own name in another case is not a clash.
    expect(
      (await patch(browser, `/api/content/collections/${created.body.id}`, { title: 'summer 24' }))
        .status,
    ).toBe(200);
    expect(
      (
        await patch<ApiError>(browser, `/api/content/collections/${created.body.id}`, {
          title: 'Autumn',
        })
      ).status,
    ).toBe(409);
  });

  it('refuse a missing or too long name with a message for the field', async () => {
    const { browser } = await creator();
    const missing = await browser.post<ApiError>('/api/content/collections', { title: '   ' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Enter a name for the collection.',
      fields: { title: 'Enter a name for the collection.' },
    });
    const long = await browser.post<ApiError>('/api/content/collections', {
      title: 'x'.repeat(121),
    });
    expect(long.body.fields).toEqual({ title: 'Keep the name under 120 characters.' });
    const nothing = await browser.post<ApiError>('/api/content/collections', {});
    expect(nothing.body.fields).toEqual({ title: 'Enter a name for the collection.' });
    const malformed = await browser.post<ApiError>('/api/content/collections', '{"title":');
    expect(malformed.status).toBe(400);
    const emptyPatch = await patch<ApiError>(browser, '/api/content/collections/x', {});
    expect(emptyPatch.status).toBe(400);
  });

  it('are deleted with their items kept (now uncollected) or deleted, as the request says', async () => {
    const { browser } = await creator();
    const keep = (await browser.post<Collection>('/api/content/collections', { title: 'Keep' }))
      .body;
    const drop = (await browser.post<Collection>('/api/content/collections', { title: 'Drop' }))
      .body;
    const kept = (
      await browser.post<ItemDetail>('/api/content/items', {
        title: 'Kept item',
        type: 'photo',
        collectionId: keep.id,
      })
    ).body;
    await browser.post('/api/content/items', {
      title: 'Dropped 1',
      type: 'photo',
      collectionId: drop.id,
    });
    await browser.post('/api/content/items', {
      title: 'Dropped 2',
      type: 'set',
      collectionId: drop.id,
    });

    const unsaid = await del<ApiError>(browser, `/api/content/collections/${keep.id}`);
    expect(unsaid.status).toBe(400);
    expect(unsaid.body.fields).toHaveProperty('items');
    expect((await del(browser, `/api/content/collections/${keep.id}?items=maybe`)).status).toBe(
      400,
    );

    const keptResult = await del(browser, `/api/content/collections/${keep.id}?items=keep`);
    expect(keptResult.status).toBe(200);
    expect(keptResult.body).toEqual({ deletedItemCount: 0, uncollectedItemCount: 1 });
    expect(
      (await browser.get<ItemDetail>(`/api/content/items/${kept.id}`)).body.collectionId,
    ).toBeNull();

    const dropResult = await del(browser, `/api/content/collections/${drop.id}?items=delete`);
    expect(dropResult.body).toEqual({ deletedItemCount: 2, uncollectedItemCount: 0 });
    const left = await browser.get<ItemList>('/api/content/items');
    expect(left.body.items.map((i) => i.title)).toEqual(['Kept item']);
    expect((await browser.get('/api/content/collections')).body).toEqual({
      collections: [],
      uncollectedCount: 1,
      totalItemCount: 1,
    });
    expect((await del(browser, `/api/content/collections/${drop.id}?items=keep`)).status).toBe(404);
  });
});

describe('items', () => {
  it('are created, read, changed and deleted', async () => {
    const { browser } = await creator();
    const collection = (
      await browser.post<Collection>('/api/content/collections', { title: 'Sets' })
    ).body;
    const created = await browser.post<ItemDetail>('/api/content/items', {
      title: ' Red dress ',
      type: 'set',
      publishedOn: '2024-02-29',
      saleUrls: [
        'https://onlyfans.com/me/post/1',
        ' https://ONLYFANS.com/me/post/1',
        'http://shop.example.com/red',
      ],
      description: 'Twelve photos',
      collectionId: collection.id,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Red dress',
      type: 'set',
      publishedOn: '2024-02-29',
      // The same page typed twice is stored once.
      saleUrls: ['https://onlyfans.com/me/post/1', 'http://shop.example.com/red'],
      description: 'Twelve photos',
      collectionId: collection.id,
      fileCount: 0,
      files: [],
      previewFiles: [],
    });

    const read = await browser.get<ItemDetail>(`/api/content/items/${created.body.id}`);
    expect(read.body).toEqual(created.body);

    const changed = await patch<ItemDetail>(browser, `/api/content/items/${created.body.id}`, {
      title: 'Red dress (full set)',
      saleUrls: [],
      publishedOn: null,
      collectionId: null,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      title: 'Red dress (full set)',
      type: 'set',
      saleUrls: [],
      publishedOn: null,
      collectionId: null,
      description: 'Twelve photos',
    });

    expect((await del(browser, `/api/content/items/${created.body.id}`)).status).toBe(204);
    expect((await browser.get(`/api/content/items/${created.body.id}`)).status).toBe(404);
    expect((await del(browser, `/api/content/items/${created.body.id}`)).status).toBe(404);
  });

  it('refuse bad input with a message for each field', async () => {
    const { browser } = await creator();
    const fieldsOf = async (body: unknown) => {
      const res = await browser.post<ApiError>('/api/content/items', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      return res.body.fields;
    };
    expect(await fieldsOf({ type: 'photo' })).toEqual({ title: 'Enter a title.' });
    expect(await fieldsOf({ title: 'x'.repeat(201), type: 'photo' })).toEqual({
      title: 'Keep the title under 200 characters.',
    });
    expect(await fieldsOf({ title: 'A', type: 'gif' })).toEqual({
      type: 'Choose photo, video or set.',
    });
    expect(await fieldsOf({ title: 'A', type: 'photo', publishedOn: '1/2/2024' })).toEqual({
      publishedOn: 'Enter the date as YYYY-MM-DD.',
    });
    expect(await fieldsOf({ title: 'A', type: 'photo', publishedOn: '2023-02-29' })).toEqual({
      publishedOn: 'This date does not exist.',
    });
    const tomorrow = new Date(Date.parse(`${latestDateOnEarth()}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(await fieldsOf({ title: 'A', type: 'photo', publishedOn: tomorrow })).toEqual({
      publishedOn: 'The date published cannot be in the future.',
    });
    expect(
      await fieldsOf({
        title: 'A',
        type: 'photo',
        saleUrls: [
          'https://ok.example.com',
          'ftp://files.example.com/a',
          'javascript:alert(1)',
          'onlyfans.com/me',
        ],
      }),
    ).toEqual({
      'saleUrls.1': SALE_URL_MESSAGE,
      'saleUrls.2': SALE_URL_MESSAGE,
      'saleUrls.3': SALE_URL_MESSAGE,
    });
    expect(
      await fieldsOf({
        title: 'A',
        type: 'photo',
        saleUrls: ['https://user:pw@example.com/', 'http://localhost/x'],
      }),
    ).toEqual({
      'saleUrls.0': SALE_URL_MESSAGE,
      'saleUrls.1': SALE_URL_MESSAGE,
    });
    const many = Array.from({ length: 21 }, (_, i) => `https://shop.example.com/${i}`);
    expect(await fieldsOf({ title: 'A', type: 'photo', saleUrls: many })).toEqual({
      saleUrls: 'Add at most 20 places where the work is sold.',
    });
    expect(await fieldsOf({ title: 'A', type: 'photo', description: 'x'.repeat(5001) })).toEqual({
      description: 'Keep the description under 5000 characters.',
    });

    // Today (anywhere on Earth) is allowed; so are 20 links.
    const ok = await browser.post<ItemDetail>('/api/content/items', {
      title: 'A',
      type: 'video',
      publishedOn: latestDateOnEarth(),
      saleUrls: many.slice(0, 20),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.saleUrls).toHaveLength(20);
    const badPatch = await patch<ApiError>(browser, `/api/content/items/${ok.body.id}`, {
      saleUrls: ['nope'],
    });
    expect(badPatch.body.fields).toEqual({ 'saleUrls.0': SALE_URL_MESSAGE });
    expect((await patch<ApiError>(browser, `/api/content/items/${ok.body.id}`, {})).body.code).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('are listed newest first, filtered by collection, type and text, and paged by cursor', async () => {
    const { browser } = await creator();
    const beach = (await browser.post<Collection>('/api/content/collections', { title: 'Beach' }))
      .body;
    const make = async (
      title: string,
      type: string,
      collectionId: string | null,
      description?: string,
    ) =>
      (
        await browser.post<ItemDetail>('/api/content/items', {
          title,
          type,
          collectionId,
          description,
        })
      ).body;
    await make('Sunset photo', 'photo', beach.id);
    await make('Sunset video', 'video', beach.id, 'Shot at 100% zoom');
    await make('Studio set', 'set', null);
    await make('Studio clip', 'video', null);
    await make('Pool photo', 'photo', beach.id);

    const titles = async (query: string) => {
      const res = await browser.get<ItemList>(`/api/content/items${query}`);
      expect(res.status, query).toBe(200);
      return { titles: res.body.items.map((i) => i.title), total: res.body.total };
    };
    expect(await titles('')).toEqual({
      titles: ['Pool photo', 'Studio clip', 'Studio set', 'Sunset video', 'Sunset photo'],
      total: 5,
    });
    expect(await titles(`?collection=${beach.id}`)).toEqual({
      titles: ['Pool photo', 'Sunset video', 'Sunset photo'],
      total: 3,
    });
    expect(await titles('?collection=none')).toEqual({
      titles: ['Studio clip', 'Studio set'],
      total: 2,
    });
    expect(await titles('?type=video')).toEqual({
      titles: ['Studio clip', 'Sunset video'],
      total: 2,
    });
    expect(await titles(`?type=photo&collection=${beach.id}&q=POOL`)).toEqual({
      titles: ['Pool photo'],
      total: 1,
    });
    expect(await titles('?q=sunset')).toEqual({
      titles: ['Sunset video', 'Sunset photo'],
      total: 2,
    });
    // Searches the description too, and % is a character, not a wildcard.
    expect(await titles('?q=100%25')).toEqual({ titles: ['Sunset video'], total: 1 });
    expect(await titles('?q=%25')).toEqual({ titles: ['Sunset video'], total: 1 });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page: ItemList = (await browser.get<ItemList>(`/api/content/items${query}`)).body;
      expect(page.items.length).toBeLessThanOrEqual(2);
      expect(page.total).toBe(5);
      seen.push(...page.items.map((i) => i.title));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([
      'Pool photo',
      'Studio clip',
      'Studio set',
      'Sunset video',
      'Sunset photo',
    ]);

    const badCursor = await browser.get<ApiError>('/api/content/items?cursor=garbage');
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.fields).toEqual({ cursor: 'This page link is not valid.' });
    expect((await browser.get<ApiError>('/api/content/items?type=gif')).body.fields).toEqual({
      type: 'Choose photo, video or set.',
    });
    expect((await browser.get('/api/content/items?limit=1000')).status).toBe(400);
    expect((await browser.get('/api/content/items?collection=no-such-collection')).status).toBe(
      404,
    );
  });
});

describe('linked reference files', () => {
  it("links and unlinks the creator's own files, with thumbnails once a file is ready", async () => {
    const owner = await creator();
    const other = await creator();
    const photo = await insertFile(owner.id, { name: 'red-1.jpg' });
    const clip = await insertFile(owner.id, {
      name: 'red.mp4',
      mediaType: 'video',
      status: 'processing',
    });
    const theirs = await insertFile(other.id, { name: 'theirs.jpg' });
    const item = (
      await owner.browser.post<ItemDetail>('/api/content/items', {
        title: 'Red dress',
        type: 'set',
      })
    ).body;

    const linked = await owner.browser.post<ItemDetail>(`/api/content/items/${item.id}/files`, {
      fileIds: [photo, clip, photo],
    });
    expect(linked.status).toBe(200);
    expect(linked.body.fileCount).toBe(2);
    expect(linked.body.files).toEqual([
      {
        id: photo,
        name: 'red-1.jpg',
        mediaType: 'image',
        status: 'ready',
        thumbnailUrl: `/api/reference-files/${photo}/thumbnail`,
      },
      { id: clip, name: 'red.mp4', mediaType: 'video', status: 'processing', thumbnailUrl: null },
    ]);
    // Linking again changes nothing.
    expect(
      (
        await owner.browser.post<ItemDetail>(`/api/content/items/${item.id}/files`, {
          fileIds: [photo],
        })
      ).body.fileCount,
    ).toBe(2);

    // Another creator's file is answered as if it did not exist, and nothing of the request is linked.
    const extra = await insertFile(owner.id, { name: 'extra.jpg' });
    const foreign = await owner.browser.post<ApiError>(`/api/content/items/${item.id}/files`, {
      fileIds: [extra, theirs],
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({
      code: 'NOT_FOUND',
      message: 'One or more of these files do not exist.',
    });
    expect(
      (await owner.browser.post(`/api/content/items/${item.id}/files`, { fileIds: [theirs] }))
        .status,
    ).toBe(404);
    expect(
      (await owner.browser.get<ItemDetail>(`/api/content/items/${item.id}`)).body.files.map(
        (f) => f.id,
      ),
    ).toEqual([photo, clip]);

    const list = await owner.browser.get<ItemList>('/api/content/items');
    expect(list.body.items[0]).toMatchObject({
      id: item.id,
      fileCount: 2,
      previewFiles: [{ id: photo }, { id: clip }],
    });

    const unlinked = await del<ItemDetail>(
      owner.browser,
      `/api/content/items/${item.id}/files/${clip}`,
    );
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.files.map((f) => f.id)).toEqual([photo]);
    expect(
      (await del<ApiError>(owner.browser, `/api/content/items/${item.id}/files/${clip}`)).body,
    ).toEqual({
      code: 'NOT_FOUND',
      message: 'This file is not linked to this item.',
    });
    expect((await del(owner.browser, `/api/content/items/${item.id}/files/${theirs}`)).status).toBe(
      404,
    );

    const noIds = await owner.browser.post<ApiError>(`/api/content/items/${item.id}/files`, {
      fileIds: [],
    });
    expect(noIds.body.fields).toEqual({ fileIds: 'Choose at least one file.' });

    // A deleted reference file leaves the item, which stays.
    await server.services.database.db.delete(referenceFile).where(eq(referenceFile.id, photo));
    expect(
      (await owner.browser.get<ItemDetail>(`/api/content/items/${item.id}`)).body,
    ).toMatchObject({ fileCount: 0, files: [] });
  });

  it("lists only the creator's own files for the picker, newest first, searchable and paged", async () => {
    const owner = await creator();
    const other = await creator();
    const first = await insertFile(owner.id, { name: 'beach_01.jpg' });
    const second = await insertFile(owner.id, { name: 'beach-02.jpg', status: 'failed' });
    const third = await insertFile(owner.id, {
      name: 'studio.mp4',
      mediaType: 'video',
      status: 'queued',
    });
    await insertFile(other.id, { name: 'beach_99.jpg' });

    const all = await owner.browser.get<{ files: File[]; nextCursor: string | null }>(
      '/api/content/files',
    );
    expect(all.status).toBe(200);
    expect(new Set(all.body.files.map((f) => f.id))).toEqual(new Set([first, second, third]));
    expect(all.body.files.find((f) => f.id === second)).toEqual({
      id: second,
      name: 'beach-02.jpg',
      mediaType: 'image',
      status: 'failed',
      thumbnailUrl: null,
    });

    // _ is a character, not a wildcard.
    const search = await owner.browser.get<{ files: File[] }>('/api/content/files?q=beach_');
    expect(search.body.files.map((f) => f.id)).toEqual([first]);

    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { files: File[]; nextCursor: string | null } = (
        await owner.browser.get<{ files: File[]; nextCursor: string | null }>(
          `/api/content/files?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        )
      ).body;
      ids.push(...page.files.map((f) => f.id));
      cursor = page.nextCursor;
    } while (cursor && ids.length < 10);
    expect(ids).toEqual(all.body.files.map((f) => f.id));
  });
});

describe("another creator's ids", () => {
  it('answer 404 everywhere, and change nothing', async () => {
    const owner = await creator();
    const intruder = await creator();
    const collection = (
      await owner.browser.post<Collection>('/api/content/collections', { title: 'Mine' })
    ).body;
    const item = (
      await owner.browser.post<ItemDetail>('/api/content/items', {
        title: 'Mine',
        type: 'photo',
        collectionId: collection.id,
      })
    ).body;
    const file = await insertFile(owner.id);
    await owner.browser.post(`/api/content/items/${item.id}/files`, { fileIds: [file] });
    const intruderItem = (
      await intruder.browser.post<ItemDetail>('/api/content/items', {
        title: 'Theirs',
        type: 'photo',
      })
    ).body;

    const attempts: [string, string, unknown?][] = [
      ['PATCH', `/api/content/collections/${collection.id}`, { title: 'Taken' }],
      ['DELETE', `/api/content/collections/${collection.id}?items=delete`],
      ['GET', `/api/content/items?collection=${collection.id}`],
      [
        'POST',
        '/api/content/items',
        { title: 'Sneaky', type: 'photo', collectionId: collection.id },
      ],
      ['PATCH', `/api/content/items/${intruderItem.id}`, { collectionId: collection.id }],
      ['GET', `/api/content/items/${item.id}`],
      ['PATCH', `/api/content/items/${item.id}`, { title: 'Taken' }],
      ['DELETE', `/api/content/items/${item.id}`],
      ['POST', `/api/content/items/${item.id}/files`, { fileIds: [file] }],
      ['POST', `/api/content/items/${intruderItem.id}/files`, { fileIds: [file] }],
      ['DELETE', `/api/content/items/${item.id}/files/${file}`],
      ['DELETE', `/api/content/items/${intruderItem.id}/files/${file}`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await intruder.browser.request<ApiError>(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    const unknown = await owner.browser.get<ApiError>(`/api/content/items/${randomUUID()}`);
    expect(unknown.body).toEqual({ code: 'NOT_FOUND', message: 'This item does not exist.' });

    expect((await intruder.browser.get('/api/content/collections')).body).toEqual({
      collections: [],
      uncollectedCount: 1,
      totalItemCount: 1,
    });
    expect(
      (await intruder.browser.get<ItemList>('/api/content/items')).body.items.map((i) => i.title),
    ).toEqual(['Theirs']);
    expect(
      (await intruder.browser.get<{ files: File[] }>('/api/content/files')).body.files,
    ).toEqual([]);
    const untouched = await owner.browser.get<ItemDetail>(`/api/content/items/${item.id}`);
    expect(untouched.body).toMatchObject({
      title: 'Mine',
      collectionId: collection.id,
      fileCount: 1,
    });
    expect(
      (await owner.browser.get<{ collections: Collection[] }>('/api/content/collections')).body
        .collections,
    ).toMatchObject([{ title: 'Mine', itemCount: 1 }]);
  });
});

describe('the OpenAPI document', () => {
  it('describes the content endpoints', async () => {
    const doc = await new TestClient(server.url, null).get<{ paths: Record<string, unknown> }>(
      '/api/openapi.json',
    );
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/content/collections',
        '/content/collections/{id}',
        '/content/items',
        '/content/items/{id}',
        '/content/items/{id}/files',
        '/content/items/{id}/files/{fileId}',
        '/content/files',
      ]),
    );
  });
});
