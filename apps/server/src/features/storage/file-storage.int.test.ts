// The FileStorage contract, held by both implementations: local disk, and S3 (against a local S3 stand-in).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn, type S3StandIn } from '#server/testing/s3-stand-in.ts';
import {
  assertValidKey,
  createFileStorage,
  StoredFileNotFoundError,
  type FileStorage,
} from './file-storage.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A stream of `size` random bytes in odd-sized chunks, and their digest. */
function randomStream(size: number): { stream: Readable; digest: () => string } {
  const hash = createHash('sha256');
  let left = size;
  const stream = new Readable({
    read() {
      if (left === 0) return void this.push(null);
      const chunk = randomBytes(Math.min(left, 777_777));
      left -= chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

let folder: string;
let s3: S3StandIn;
const storages: Record<'local' | 's3', FileStorage> = {} as Record<'local' | 's3', FileStorage>;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'shark-storage-test-'));
  s3 = await startS3StandIn();
  storages.local = createFileStorage({ driver: 'local', directory: join(folder, 'files') });
  storages.s3 = createFileStorage({
    driver: 's3',
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
});
afterAll(async () => {
  await s3?.close();
  await rm(folder, { recursive: true, force: true });
});

describe.each(['local', 's3'] as const)('%s file storage', (driver) => {
  it('writes a buffer, reads it back, tells it exists and deletes it', async () => {
    const storage = storages[driver];
    const bytes = randomBytes(10_000);
    await storage.write('reference-thumbnails/u1/f1.jpg', bytes);
    expect(await storage.exists('reference-thumbnails/u1/f1.jpg')).toBe(true);
    expect(
      (await bytesOf(await storage.read('reference-thumbnails/u1/f1.jpg'))).equals(bytes),
    ).toBe(true);

    const replacement = randomBytes(500);
    await storage.write('reference-thumbnails/u1/f1.jpg', replacement);
    expect(
      (await bytesOf(await storage.read('reference-thumbnails/u1/f1.jpg'))).equals(replacement),
    ).toBe(true);

    await storage.delete('reference-thumbnails/u1/f1.jpg');
    expect(await storage.exists('reference-thumbnails/u1/f1.jpg')).toBe(false);
    // Deleting what is not there is fine.
    await storage.delete('reference-thumbnails/u1/f1.jpg');
  });

  it('writes a large stream without holding it whole (in parts on S3), byte for byte', async () => {
    const storage = storages[driver];
    const { stream, digest } = randomStream(21 * 1024 * 1024 + 3);
    await storage.write('reference-files/u1/big', stream);
    expect(sha256(await bytesOf(await storage.read('reference-files/u1/big')))).toBe(digest());
    if (driver === 's3') {
      expect(
        s3.requests.filter(
          (r) =>
            r.startsWith('PUT /shark-test/reference-files/u1/big?') && r.includes('partNumber='),
        ),
      ).toHaveLength(3);
      expect(s3.openUploads()).toEqual([]);
    }
  });

  it('lends a local path to the file for as long as the callback runs', async () => {
    const storage = storages[driver];
    const bytes = randomBytes(4096);
    await storage.write('reference-files/u2/f', bytes);
    let lent = '';
    const size = await storage.withLocalFile('reference-files/u2/f', async (path) => {
      lent = path;
      return (await readFile(path)).length;
    });
    expect(size).toBe(4096);
    if (driver === 's3') {
      // A downloaded copy, removed afterwards.
      await expect(readFile(lent)).rejects.toMatchObject({ code: 'ENOENT' });
    }
  });

  it('says StoredFileNotFoundError for a file that is not there', async () => {
    const storage = storages[driver];
    await expect(storage.read('reference-files/nobody/missing')).rejects.toBeInstanceOf(
      StoredFileNotFoundError,
    );
    await expect(
      storage.withLocalFile('reference-files/nobody/missing', () => Promise.resolve(1)),
    ).rejects.toBeInstanceOf(StoredFileNotFoundError);
    expect(await storage.exists('reference-files/nobody/missing')).toBe(false);
  });

  it('refuses keys that could leave the storage root', async () => {
    const storage = storages[driver];
    for (const key of [
      '../escape',
      'a/../../b',
      '/absolute',
      'a//b',
      'a/./b',
      '',
      'spaces are not keys',
      'a\\b',
    ]) {
      await expect(storage.write(key, Buffer.from('x')), key).rejects.toThrow(
        /Invalid storage key/,
      );
    }
  });
});

describe('local file storage', () => {
  it('leaves no temporary file behind when a stream fails part-way', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('source broke'));
      },
    });
    await expect(storages.local.write('reference-files/u3/broken', failing)).rejects.toThrow(
      'source broke',
    );
    expect(await storages.local.exists('reference-files/u3/broken')).toBe(false);
    expect(await readdir(join(folder, 'files', 'reference-files', 'u3'))).toEqual([]);
  });
});

describe('assertValidKey', () => {
  it('accepts the keys the app uses', () => {
    expect(() =>
      assertValidKey('reference-files/AbC123_x/6f1c2d3e-0000-4000-8000-000000000000'),
    ).not.toThrow();
    expect(() => assertValidKey('reference-thumbnails/u/f.jpg')).not.toThrow();
    expect(() => assertValidKey('reference-files/u/f.info')).not.toThrow();
  });
});
