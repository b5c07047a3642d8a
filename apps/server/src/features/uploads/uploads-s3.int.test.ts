// Resumable uploads with files in S3-compatible storage (a local S3 stand-in): parts, a dropped connection,
// refusal and expiry leave no multipart upload or tus state behind.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReferenceFileList } from '@shark/contracts/reference-files.ts';
import { startS3StandIn, type S3StandIn } from '#server/testing/s3-stand-in.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import type { TestClient } from '#server/testing/http-client.ts';
import { TusTestClient } from '#server/testing/tus-client.ts';
import { signedInUser } from '#server/testing/users.ts';

const MiB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** An MP4 header (ftyp box) followed by random filler. */
function mp4Like(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from([
    0,
    0,
    0,
    0x18,
    ...Buffer.from('ftypisom'),
    0,
    0,
    2,
    0,
    ...Buffer.from('isomiso2'),
  ]).copy(bytes);
  return bytes;
}

let s3: S3StandIn;
let server: TestServer;
beforeAll(async () => {
  s3 = await startS3StandIn();
  server = await startTestServer(
    {
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    { workers: false },
  );
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
});

async function subscribedUser() {
  const user = await signedInUser(server);
  await server.services.accounts.grant(user.email, { status: 'subscribed', plan: 'standard' });
  const session = await user.browser.get<{ user: { id: string } }>('/api/auth/get-session');
  return {
    ...user,
    userId: session.body.user.id,
    tus: new TusTestClient(server.url, user.browser),
  };
}

async function listOf(browser: TestClient) {
  return (await browser.get<ReferenceFileList>('/api/reference-files')).body.files;
}

async function stored(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await server.services.storage.read(key)) as AsyncIterable<Buffer>)
    chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('tus uploads to S3-compatible storage', () => {
  it('assembles a file from requests smaller and larger than a part, resumed after a dropped connection', async () => {
    const { browser, userId, tus } = await subscribedUser();
    const file = mp4Like(19 * MiB + 4321);
    const created = await tus.create(file.length, 'clip.mp4');
    expect(created.status).toBe(201);
    const location = created.location!;
    const fileId = location.split('/').at(-1)!;
    const key = `reference-files/${userId}/${fileId}`;
    expect(s3.openUploads()).toEqual([expect.objectContaining({ key })]);

    // 3 MiB: below S3's 5 MiB part minimum, kept aside as an incomplete part.
    expect((await tus.patch(location, 0, file.subarray(0, 3 * MiB))).offset).toBe(3 * MiB);
    expect(s3.keys()).toContain(`${key}.part`);
    expect((await listOf(browser))[0]).toMatchObject({
      mediaType: 'video',
      mimeType: 'video/mp4',
      receivedBytes: 3 * MiB,
    });

    // 9 MiB more, but the connection drops after 6 MiB have been sent.
    const partsBefore = s3.requests.filter((r) => r.includes('partNumber=')).length;
    await tus.droppedPatch(
      location,
      3 * MiB,
      file.subarray(3 * MiB, 12 * MiB),
      6 * MiB,
      async () => {
        // The server turns what it receives into parts as it goes: wait for the first one.
        await vi.waitFor(
          () =>
            expect(s3.requests.filter((r) => r.includes('partNumber=')).length).toBeGreaterThan(
              partsBefore,
            ),
          {
            timeout: 20_000,
            interval: 20,
          },
        );
      },
    );

    const resumeAt = await vi.waitFor(
      async () => {
        const head = await tus.head(location);
        expect(head.status).toBe(200);
        expect(head.offset).toBeGreaterThanOrEqual(3 * MiB);
        return head.offset!;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(resumeAt).toBeLessThanOrEqual(9 * MiB);

    let offset = resumeAt;
    while (offset < file.length) {
      const next = Math.min(file.length, offset + 4 * MiB);
      const patched = await tus.patch(location, offset, file.subarray(offset, next));
      expect(patched.status).toBe(204);
      expect(patched.offset).toBe(next);
      offset = next;
    }

    expect((await listOf(browser))[0]).toMatchObject({
      id: fileId,
      status: 'queued',
      receivedBytes: file.length,
    });
    expect(sha256(await stored(key))).toBe(sha256(file));
    // Only the file is left: no multipart upload, no tus info or incomplete part.
    expect(s3.openUploads()).toEqual([]);
    expect(s3.keys()).toEqual([key]);
    expect((await tus.head(location)).offset).toBe(file.length);
  });

  it('refuses a non-media file with 415 and aborts its multipart upload', async () => {
    const { browser, userId, tus } = await subscribedUser();
    const csv = Buffer.from('date,amount\n2024-01-01,10\n'.repeat(400));
    const location = (await tus.create(csv.length, 'export.mp4')).location!;
    const refused = await tus.patch(location, 0, csv);
    expect(refused.status).toBe(415);
    expect(refused.body).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: expect.stringMatching(/"export\.mp4" is not an image or a video/),
    });
    expect(await listOf(browser)).toEqual([]);
    expect(s3.openUploads().filter((u) => u.key.startsWith(`reference-files/${userId}/`))).toEqual(
      [],
    );
    expect(s3.keys().filter((k) => k.startsWith(`reference-files/${userId}/`))).toEqual([]);
  });

  it('sweeps an upload left idle: multipart upload aborted, tus state and row removed', async () => {
    const { browser, userId, tus } = await subscribedUser();
    const file = mp4Like(8 * MiB);
    const location = (await tus.create(file.length, 'idle.mp4')).location!;
    expect((await tus.patch(location, 0, file.subarray(0, 2 * MiB))).offset).toBe(2 * MiB);

    expect(
      await server.services.uploads.sweepExpired(new Date(Date.now() + 25 * 3600 * 1000)),
    ).toBe(1);
    expect(await listOf(browser)).toEqual([]);
    expect(s3.openUploads().filter((u) => u.key.startsWith(`reference-files/${userId}/`))).toEqual(
      [],
    );
    expect(s3.keys().filter((k) => k.startsWith(`reference-files/${userId}/`))).toEqual([]);
    expect((await tus.head(location)).status).toBe(404);
  });
});
