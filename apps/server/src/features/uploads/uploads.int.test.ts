// Resumable uploads (tus) of reference files on local storage: resume after a dropped connection, type by content,
// size and plan limits, ownership, the list, cancelling and expiry.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReferenceFileList } from '@shark/contracts/reference-files.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { TestClient } from '#server/testing/http-client.ts';
import { TusTestClient } from '#server/testing/tus-client.ts';
import { signedInUser } from '#server/testing/users.ts';
import { createLocalFileStorage } from '#server/features/storage/local-file-storage.ts';

const MiB = 1024 * 1024;

/** Bytes that start like a JPEG (the content check reads only the start), then random filler. */
function jpegLike(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]).copy(bytes);
  return bytes;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let server: TestServer;
beforeAll(async () => {
  // Workers off: the fingerprint job stays queued, so the tests see the state the upload leaves.
  server = await startTestServer({}, { workers: false });
});
afterAll(async () => {
  await server?.close();
});

async function subscribedUser(plan: 'standard' | 'plus' | 'premium' = 'standard') {
  const user = await signedInUser(server);
  await server.services.accounts.grant(user.email, { status: 'subscribed', plan });
  return { ...user, tus: new TusTestClient(server.url, user.browser) };
}

const fileIdOf = (location: string) => location.split('/').at(-1)!;

async function listOf(browser: TestClient) {
  const res = await browser.get<ReferenceFileList>('/api/reference-files');
  expect(res.status).toBe(200);
  return res.body;
}

describe('tus uploads: access', () => {
  it('answers 401 to every upload request without a session', async () => {
    const anonymous = new TusTestClient(server.url, null);
    const created = await anonymous.create(1000);
    expect(created.status).toBe(401);
    expect(created.body).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await anonymous.head('/api/uploads/00000000-0000-4000-8000-000000000000')).status).toBe(
      401,
    );
    expect((await new TestClient(server.url).get('/api/reference-files')).status).toBe(401);
  });

  it('answers 403 to a signed-in user without a subscription', async () => {
    const { browser } = await signedInUser(server);
    const created = await new TusTestClient(server.url, browser).create(1000);
    expect(created.status).toBe(403);
    expect(created.body).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(/subscription/),
    });
    expect((await browser.get('/api/reference-files')).status).toBe(403);
  });
});

describe('tus uploads: a file in several requests', () => {
  it('resumes after a dropped connection and ends with the same bytes in storage, queued for fingerprinting', async () => {
    const { browser, tus } = await subscribedUser();
    const file = jpegLike(3 * MiB + 12345);

    const created = await tus.create(file.length, 'beach day.jpg');
    expect(created.status).toBe(201);
    const location = created.location!;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    const fileId = fileIdOf(location);

    const starting = (await listOf(browser)).files.find((f) => f.id === fileId);
    expect(starting).toMatchObject({
      fileName: 'beach day.jpg',
      sizeBytes: file.length,
      receivedBytes: 0,
      status: 'uploading',
      mediaType: null,
    });

    // First chunk: 1 MiB.
    const first = await tus.patch(location, 0, file.subarray(0, MiB));
    expect(first.status).toBe(204);
    expect(first.offset).toBe(MiB);
    const afterFirst = (await listOf(browser)).files.find((f) => f.id === fileId);
    expect(afterFirst).toMatchObject({
      receivedBytes: MiB,
      mediaType: 'image',
      mimeType: 'image/jpeg',
      status: 'uploading',
    });

    // Second chunk: the connection drops after part of it has reached the server.
    const { storage } = server.config;
    if (storage.driver !== 'local') throw new Error('this suite runs on local storage');
    const key = `reference-files/${await userIdOf(browser)}/${fileId}`;
    const onDisk = createLocalFileStorage(storage.directory).pathOf(key);
    await tus.droppedPatch(location, MiB, file.subarray(MiB, 2 * MiB), 600 * 1024, async () => {
      await vi.waitFor(() => expect(statSync(onDisk).size).toBeGreaterThan(MiB), {
        timeout: 10_000,
        interval: 20,
      });
    });

    // HEAD tells where to resume: past the first chunk, with what the dropped request delivered.
    const resumeAt = await vi.waitFor(
      async () => {
        const head = await tus.head(location);
        expect(head.status).toBe(200);
        expect(head.headers.get('upload-length')).toBe(String(file.length));
        expect(head.offset).toBeGreaterThan(MiB);
        return head.offset!;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(resumeAt).toBeLessThanOrEqual(MiB + 600 * 1024);

    // A PATCH at a stale offset is refused without changing anything.
    const stale = await tus.patch(location, MiB, file.subarray(MiB, 2 * MiB));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'CONFLICT' });

    // The rest, in two more requests.
    const middle = await tus.patch(location, resumeAt, file.subarray(resumeAt, 2 * MiB + 500_000));
    expect(middle.offset).toBe(2 * MiB + 500_000);
    const last = await tus.patch(location, middle.offset!, file.subarray(middle.offset!));
    expect(last.status).toBe(204);
    expect(last.offset).toBe(file.length);

    const done = (await listOf(browser)).files.find((f) => f.id === fileId)!;
    expect(done).toMatchObject({
      status: 'queued',
      receivedBytes: file.length,
      sizeBytes: file.length,
      thumbnailUrl: null,
      failureReason: null,
    });

    const stored = await server.services.storage.read(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stored as AsyncIterable<Buffer>) chunks.push(chunk);
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(file));
    // tus's own state is gone once the file is complete.
    expect(existsSync(`${onDisk}.json`)).toBe(false);

    // A client that lost the last answer asks again and learns the upload is complete.
    const again = await tus.head(location);
    expect(again.status).toBe(200);
    expect(again.offset).toBe(file.length);
    expect((await tus.patch(location, file.length, Buffer.alloc(0))).status).toBe(409);
  });

  it('counts the upload in the plan usage from its start', async () => {
    const { browser, tus } = await subscribedUser();
    const created = await tus.create(5000, 'a.jpg');
    expect(created.status).toBe(201);
    const usage = await browser.get<{ usage: { referenceStorageBytes: number } }>('/api/usage');
    expect(usage.body.usage.referenceStorageBytes).toBe(5000);
  });
});

async function userIdOf(browser: TestClient): Promise<string> {
  const session = await browser.get<{ user: { id: string } }>('/api/auth/get-session');
  return session.body.user.id;
}

describe('tus uploads: refusals', () => {
  it('refuses a file whose content is not an image or video with 415, and removes it', async () => {
    const { browser, tus } = await subscribedUser();
    const notes = Buffer.from('These are my notes, not a picture.\n'.repeat(40));
    const created = await tus.create(notes.length, 'holiday.jpg');
    expect(created.status).toBe(201);
    const location = created.location!;

    const refused = await tus.patch(location, 0, notes);
    expect(refused.status).toBe(415);
    expect(refused.headers.get('content-type')).toMatch(/application\/json/);
    expect(refused.body).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringMatching(/^"holiday\.jpg" is not an image or a video/),
    });

    expect((await listOf(browser)).files).toEqual([]);
    expect((await tus.head(location)).status).toBe(404);
    const key = `reference-files/${await userIdOf(browser)}/${fileIdOf(location)}`;
    expect(await server.services.storage.exists(key)).toBe(false);
    expect(await server.services.storage.exists(`${key}.json`)).toBe(false);
  });

  it('refuses a file larger than MAX_UPLOAD_BYTES with 413 and says the limit', async () => {
    const { browser, tus } = await subscribedUser('premium');
    const created = await tus.create(5 * 1024 ** 3, 'long video.mp4');
    expect(created.status).toBe(413);
    expect(created.body).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'This file is larger than the 4 GB a single upload may be.',
    });
    expect((await listOf(browser)).files).toEqual([]);
  });

  it('refuses an upload beyond the plan storage with 403 PLAN_LIMIT_REACHED naming the plan that lifts it', async () => {
    const { browser, tus } = await subscribedUser('standard');
    expect((await tus.create(3 * 1024 ** 3, 'first.mp4')).status).toBe(201);
    const second = await tus.create(3 * 1024 ** 3, 'second.mp4');
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      message: expect.stringMatching(
        /Your Standard plan includes 5 GB of reference storage.*Plus includes 20 GB/,
      ),
      limit: {
        name: 'referenceStorageBytes',
        allowed: 5 * 1024 ** 3,
        used: 3 * 1024 ** 3,
        tier: 'standard',
        upgradeTier: 'plus',
      },
    });
    expect((await listOf(browser)).files.map((f) => f.fileName)).toEqual(['first.mp4']);
  });

  it('refuses an upload without a size or a file name with 400', async () => {
    const { tus } = await subscribedUser();
    const noName = await tus.create(1000, null);
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { filename: 'Name the file.' },
    });
    const empty = await tus.create(0, 'empty.jpg');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message: 'This file is empty.' });
  });
});

describe('tus uploads: ownership', () => {
  it("answers 404 to every request on another user's upload and file", async () => {
    const owner = await subscribedUser();
    const file = jpegLike(4000);
    const created = await owner.tus.create(file.length, 'mine.jpg');
    const location = created.location!;
    expect((await owner.tus.patch(location, 0, file.subarray(0, 1000))).status).toBe(204);

    const other = await subscribedUser();
    expect((await other.tus.head(location)).status).toBe(404);
    const patch = await other.tus.patch(location, 1000, file.subarray(1000));
    expect(patch.status).toBe(404);
    expect(patch.body).toMatchObject({ code: 'NOT_FOUND' });
    expect((await other.tus.terminate(location)).status).toBe(404);
    expect(
      (await other.browser.request('DELETE', `/api/reference-files/${fileIdOf(location)}`)).status,
    ).toBe(404);
    expect(
      (await other.browser.get(`/api/reference-files/${fileIdOf(location)}/thumbnail`)).status,
    ).toBe(404);
    expect((await listOf(other.browser)).files).toEqual([]);

    // Untouched for its owner.
    expect((await owner.tus.head(location)).offset).toBe(1000);
    expect((await owner.tus.patch(location, 1000, file.subarray(1000))).offset).toBe(file.length);
  });

  it('answers 404 to malformed ids', async () => {
    const { browser, tus } = await subscribedUser();
    expect((await tus.head('/api/uploads/not-an-id')).status).toBe(404);
    expect((await browser.request('DELETE', '/api/reference-files/not-an-id')).status).toBe(404);
    expect((await browser.get('/api/reference-files/..%2F..%2Fetc/thumbnail')).status).toBe(404);
  });
});

describe('stopping and expiring uploads', () => {
  it('removes an unfinished upload with its bytes on tus termination and on DELETE /api/reference-files/{id}', async () => {
    const { browser, tus } = await subscribedUser();
    const userId = await userIdOf(browser);
    const file = jpegLike(10_000);

    const first = (await tus.create(file.length, 'one.jpg')).location!;
    await tus.patch(first, 0, file.subarray(0, 5000));
    expect((await tus.terminate(first)).status).toBe(204);
    expect(
      await server.services.storage.exists(`reference-files/${userId}/${fileIdOf(first)}`),
    ).toBe(false);

    const second = (await tus.create(file.length, 'two.jpg')).location!;
    await tus.patch(second, 0, file.subarray(0, 5000));
    expect(
      (await browser.request('DELETE', `/api/reference-files/${fileIdOf(second)}`)).status,
    ).toBe(204);
    expect(
      await server.services.storage.exists(`reference-files/${userId}/${fileIdOf(second)}`),
    ).toBe(false);
    expect(
      await server.services.storage.exists(`reference-files/${userId}/${fileIdOf(second)}.json`),
    ).toBe(false);
    expect((await tus.head(second)).status).toBe(404);
    expect((await listOf(browser)).files).toEqual([]);
  });

  it('sweeps uploads left idle past UPLOAD_EXPIRY_HOURS, and only those', async () => {
    const { browser, tus } = await subscribedUser();
    const userId = await userIdOf(browser);
    const file = jpegLike(10_000);
    const idle = (await tus.create(file.length, 'idle.jpg')).location!;
    await tus.patch(idle, 0, file.subarray(0, 4000));
    const complete = (await tus.create(file.length, 'complete.jpg')).location!;
    await tus.patch(complete, 0, file);

    expect(
      await server.services.uploads.sweepExpired(new Date(Date.now() + 23 * 3600 * 1000)),
    ).toBe(0);
    expect(
      await server.services.uploads.sweepExpired(new Date(Date.now() + 25 * 3600 * 1000)),
    ).toBeGreaterThanOrEqual(1);

    expect((await listOf(browser)).files.map((f) => f.fileName)).toEqual(['complete.jpg']);
    expect(
      await server.services.storage.exists(`reference-files/${userId}/${fileIdOf(idle)}`),
    ).toBe(false);
    expect(
      await server.services.storage.exists(`reference-files/${userId}/${fileIdOf(complete)}`),
    ).toBe(true);
    expect((await tus.head(idle)).status).toBe(404);
  });
});

describe('GET /api/reference-files/{id}/thumbnail', () => {
  it('serves the thumbnail image to its owner, typed by its bytes', async () => {
    const { browser, tus } = await subscribedUser();
    const userId = await userIdOf(browser);
    const file = jpegLike(2000);
    const location = (await tus.create(file.length, 'thumb.jpg')).location!;
    await tus.patch(location, 0, file);
    const fileId = fileIdOf(location);
    expect((await browser.get(`/api/reference-files/${fileId}/thumbnail`)).status).toBe(404);

    // The fingerprint job's part, done by hand here (workers are off in this suite).
    const thumbnail = jpegLike(700);
    await server.services.storage.write(`reference-thumbnails/${userId}/${fileId}.jpg`, thumbnail);
    await server.services.database.execute(
      `update reference_file set status = 'ready', thumbnail_key = $1 where id = $2`,
      [`reference-thumbnails/${userId}/${fileId}.jpg`, fileId],
    );
    const listed = (await listOf(browser)).files[0]!;
    expect(listed.thumbnailUrl).toBe(`/api/reference-files/${fileId}/thumbnail`);

    // Loaded by an <img>, which sends the cookie but no provider header.
    const response = await fetch(new URL(listed.thumbnailUrl!, server.url), {
      headers: { cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await response.arrayBuffer()).equals(thumbnail)).toBe(true);
    expect((await fetch(new URL(listed.thumbnailUrl!, server.url))).status).toBe(401);

    // Deleting a finished file removes it with its thumbnail.
    expect((await browser.request('DELETE', `/api/reference-files/${fileId}`)).status).toBe(204);
    expect((await listOf(browser)).files).toEqual([]);
    expect(await server.services.storage.exists(`reference-files/${userId}/${fileId}`)).toBe(false);
    expect(
      await server.services.storage.exists(`reference-thumbnails/${userId}/${fileId}.jpg`),
    ).toBe(false);
    expect((await browser.get(`/api/reference-files/${fileId}/thumbnail`)).status).toBe(404);
  });
});
