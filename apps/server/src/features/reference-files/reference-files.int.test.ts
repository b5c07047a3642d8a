// The fingerprint job end to end on the test database: an uploaded photo and a video become ready with
// their fingerprint and thumbnail; a file that is no media fails with a reason a creator can read;
// running the job again, or after a crash half-way, changes nothing; deleting a file removes the row,
// the fingerprint, the stored file and the thumbnail.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceFile, referenceFingerprint, referenceRemoval } from '@shark/db/schema.ts';
import { decodeReferenceFingerprint } from '@shark/engine/matching/image-fingerprint.ts';
import type { VideoFingerprint } from '@shark/engine/matching/video.ts';
import { startTestServer, type TestServer } from '#server/testing/test-server.ts';
import { waitFor } from '#server/testing/wait-for.ts';
import type { FileStorage } from '#server/features/storage/file-storage.ts';
import {
  createReferenceFileService,
  FAILURE_REASONS,
  thumbnailKeyOf,
} from './reference-file-service.ts';
import { createReferenceFileProcessingRepository } from './reference-file-processing-repository.ts';
import { FINGERPRINT_JOBS } from '@shark/engine/matching/fingerprint-jobs.ts';
import { PDQ_IMAGES_DIR } from '@shark/engine/testdata.ts';

const run = promisify(execFile);
const images = PDQ_IMAGES_DIR;
const scratch = mkdtempSync(join(tmpdir(), 'shark-reference-files-'));
let server: TestServer;
let owner: string;
let other: string;
let video: Buffer;

async function createUser(email: string): Promise<string> {
  const { user } = await server.services.auth.api.signUpEmail({
    body: { name: email, email, password: 'reference pass 1' },
  });
  return user.id;
}

/** What the upload flow leaves behind once all bytes are in: the stored file and a 'queued' row. */
async function uploaded(userId: string, name: string, bytes: Buffer): Promise<string> {
  const id = `rf_${randomBytes(8).toString('hex')}`;
  const storageKey = `reference-files/${userId}/${id}`;
  await server.services.storage.write(storageKey, bytes);
  await server.services.database.db.insert(referenceFile).values({
    id,
    userId,
    originalName: name,
    sizeBytes: bytes.length,
    receivedBytes: bytes.length,
    status: 'queued',
    storageKey,
  });
  return id;
}

async function rowOf(id: string) {
  const [row] = await server.services.database.db
    .select()
    .from(referenceFile)
    .where(eq(referenceFile.id, id));
  return row;
}

async function fingerprintOf(id: string) {
  const [row] = await server.services.database.db
    .select()
    .from(referenceFingerprint)
    .where(eq(referenceFingerprint.referenceId, id));
  return row;
}

async function settled(id: string) {
  return waitFor(
    async () => {
      const row = await rowOf(id);
      return (row?.status === 'ready' || row?.status === 'failed') && row;
    },
    { what: `file ${id} to be ready or failed`, timeoutMs: 60_000 },
  );
}

async function fingerprintJob(id: string) {
  await server.services.jobs.send('reference-file.fingerprint', { fileId: id });
  return settled(id);
}

async function stored(key: string): Promise<Buffer> {
  return buffer(await server.services.storage.read(key));
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await createUser('owner@example.com');
  other = await createUser('other@example.com');
  // 3 s of a moving test pattern, 320×240.
  const file = join(scratch, 'clip.mp4');
  await run('ffmpeg', [
    '-v',
    'error',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=25:duration=3',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  video = readFileSync(file);
});

afterAll(async () => {
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('reference-file.fingerprint', () => {
  it('makes a photo ready with its fingerprint, thumbnail, size and digest', async () => {
    const bytes = readFileSync(join(images, 'bridge-mods-aaa-orig.jpg'));
    const id = await uploaded(owner, 'bridge.jpg', bytes);
    const row = await fingerprintJob(id);
    const original = await sharp(bytes).metadata();
    expect(row).toMatchObject({
      status: 'ready',
      failureReason: null,
      mediaType: 'image',
      mimeType: 'image/jpeg',
      width: original.width,
      height: original.height,
      durationSeconds: null,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      thumbnailKey: thumbnailKeyOf(owner, id),
    });
    const fingerprint = await fingerprintOf(id);
    expect(fingerprint).toMatchObject({ userId: owner, kind: 'image' });
    expect(decodeReferenceFingerprint(fingerprint!.data).hashes[0]).toMatch(/^[0-9a-f]{64}$/);
    const thumbnail = await sharp(await stored(row.thumbnailKey!)).metadata();
    expect(thumbnail.format).toBe('jpeg');
    expect(Math.max(thumbnail.width, thumbnail.height)).toBe(320);
  });

  it('makes a video ready with frame hashes, duration and a thumbnail of one of its frames', async () => {
    const id = await uploaded(owner, 'clip.mp4', video);
    const row = await fingerprintJob(id);
    expect(row).toMatchObject({
      status: 'ready',
      mediaType: 'video',
      mimeType: 'video/mp4',
      width: 320,
      height: 240,
    });
    expect(row.durationSeconds).toBeCloseTo(3, 1);
    const fingerprint = await fingerprintOf(id);
    expect(fingerprint?.kind).toBe('video');
    const frames = (JSON.parse(Buffer.from(fingerprint!.data).toString('utf8')) as VideoFingerprint)
      .frames;
    expect(frames.length).toBeGreaterThanOrEqual(5);
    const thumbnail = await sharp(await stored(row.thumbnailKey!)).metadata();
    expect([thumbnail.format, thumbnail.width, thumbnail.height]).toEqual(['jpeg', 320, 240]);
  });

  it('fails a text file named .jpg with a reason for the creator, without retrying', async () => {
    const id = await uploaded(
      owner,
      'holiday.jpg',
      Buffer.from('Dear diary, today I uploaded a text file.\n'.repeat(20)),
    );
    const jobId = await server.services.jobs.send('reference-file.fingerprint', { fileId: id });
    const row = await settled(id);
    expect(row).toMatchObject({
      status: 'failed',
      failureReason: FAILURE_REASONS.notMedia,
      thumbnailKey: null,
    });
    expect(await fingerprintOf(id)).toBeUndefined();
    const job = await waitFor(async () => {
      const found = await server.services.jobs.getJob('reference-file.fingerprint', jobId!);
      return found?.state === 'completed' && found;
    });
    expect(job.retryCount).toBe(0);
  });

  it('fails a damaged photo with the reason', async () => {
    const bytes = readFileSync(join(images, 'labelme-subset-q0746.jpg'));
    const id = await uploaded(owner, 'cut.jpg', bytes.subarray(0, 600));
    expect(await fingerprintJob(id)).toMatchObject({
      status: 'failed',
      failureReason: FAILURE_REASONS.unreadablePicture,
    });
  });

  it('fails a file whose bytes are missing from storage', async () => {
    const id = await uploaded(
      owner,
      'lost.jpg',
      readFileSync(join(images, 'bridge-mods-aaa-orig.jpg')),
    );
    await server.services.storage.delete((await rowOf(id))!.storageKey);
    expect(await fingerprintJob(id)).toMatchObject({
      status: 'failed',
      failureReason: FAILURE_REASONS.missingFile,
    });
  });

  it('says so when ffmpeg is missing', async () => {
    const id = await uploaded(owner, 'clip-without-ffmpeg.mp4', video);
    const path = process.env.PATH;
    process.env.PATH = scratch;
    try {
      await server.services.referenceFiles.fingerprint(id, { isLastAttempt: false });
    } finally {
      process.env.PATH = path;
    }
    expect(await rowOf(id)).toMatchObject({
      status: 'failed',
      failureReason: FAILURE_REASONS.noFfmpeg,
    });
  });

  it('is harmless to run again, and finishes a run that died half-way', async () => {
    const bytes = readFileSync(join(images, 'labelme-subset-q1050.jpg'));
    const id = await uploaded(owner, 'street.jpg', bytes);
    const ready = await fingerprintJob(id);
    const before = await fingerprintOf(id);

    // Again, directly and through the queue: nothing changes.
    expect(await server.services.referenceFiles.fingerprint(id, { isLastAttempt: false })).toEqual({
      outcome: 'skipped',
    });
    const again = await server.services.jobs.send('reference-file.fingerprint', { fileId: id });
    await waitFor(
      async () =>
        (await server.services.jobs.getJob('reference-file.fingerprint', again!))?.state ===
        'completed',
    );
    expect(await rowOf(id)).toEqual(ready);
    expect(await fingerprintOf(id)).toEqual(before);

    // A run that died after taking the file (status 'processing', no fingerprint yet) is simply run again.
    const crashed = await uploaded(owner, 'street-again.jpg', bytes);
    await server.services.database.db
      .update(referenceFile)
      .set({ status: 'processing' })
      .where(eq(referenceFile.id, crashed));
    expect(await fingerprintJob(crashed)).toMatchObject({ status: 'ready', sha256: ready.sha256 });
    expect((await fingerprintOf(crashed))?.data).toEqual(before?.data);

    // A job for a file deleted meanwhile does nothing.
    expect(
      await server.services.referenceFiles.fingerprint('rf_gone', { isLastAttempt: false }),
    ).toEqual({ outcome: 'skipped' });
  });

  it('leaves a transient failure to the queue to retry, and records it on the last attempt', async () => {
    const id = await uploaded(
      owner,
      'flaky-storage.jpg',
      readFileSync(join(images, 'bridge-mods-aaa-orig.jpg')),
    );
    const real = server.services.storage;
    // Real storage whose reads fail the way a network store does when the connection drops.
    const unreachable: FileStorage = {
      ...real,
      withLocalFile: () =>
        Promise.reject(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })),
    };
    const service = createReferenceFileService({
      files: createReferenceFileProcessingRepository(server.services.database.db),
      storage: unreachable,
      logger: server.services.logger,
      fingerprints: FINGERPRINT_JOBS,
    });
    await expect(service.fingerprint(id, { isLastAttempt: false })).rejects.toThrow('ECONNRESET');
    expect(await rowOf(id)).toMatchObject({ status: 'processing', failureReason: null });
    await expect(service.fingerprint(id, { isLastAttempt: true })).rejects.toThrow('ECONNRESET');
    expect(await rowOf(id)).toMatchObject({
      status: 'failed',
      failureReason: FAILURE_REASONS.gaveUp,
    });
  });
});

describe('deleteReferenceFile', () => {
  it('removes the row, the fingerprint, the stored file and the thumbnail', async () => {
    const id = await uploaded(
      owner,
      'to-delete.jpg',
      readFileSync(join(images, 'labelme-subset-q0291.jpg')),
    );
    const row = await fingerprintJob(id);
    expect(row.status).toBe('ready');
    const { storage } = server.services;
    expect([await storage.exists(row.storageKey), await storage.exists(row.thumbnailKey!)]).toEqual(
      [true, true],
    );

    await server.services.referenceFiles.deleteReferenceFile(owner, id);

    expect(await rowOf(id)).toBeUndefined();
    expect(await fingerprintOf(id)).toBeUndefined();
    expect([await storage.exists(row.storageKey), await storage.exists(row.thumbnailKey!)]).toEqual(
      [false, false],
    );
    // Every process's reference index learns of the removal.
    const removals = await server.services.database.db
      .select()
      .from(referenceRemoval)
      .where(eq(referenceRemoval.referenceId, id));
    expect(removals).toHaveLength(1);
    await expect(
      server.services.referenceFiles.deleteReferenceFile(owner, id),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("treats another user's file as not found and leaves it whole", async () => {
    const id = await uploaded(
      owner,
      'mine.jpg',
      readFileSync(join(images, 'labelme-subset-q0122.jpg')),
    );
    const row = await fingerprintJob(id);
    await expect(
      server.services.referenceFiles.deleteReferenceFile(other, id),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await rowOf(id)).toEqual(row);
    expect(await fingerprintOf(id)).toBeDefined();
    expect(await server.services.storage.exists(row.storageKey)).toBe(true);
    expect(await server.services.storage.exists(row.thumbnailKey!)).toBe(true);
  });

  it('deletes a file that failed, or whose upload never finished', async () => {
    const failed = await uploaded(owner, 'notes.png', Buffer.from('not a picture'));
    await fingerprintJob(failed);
    await server.services.referenceFiles.deleteReferenceFile(owner, failed);
    expect(await rowOf(failed)).toBeUndefined();

    const partial = await uploaded(owner, 'partial.mp4', video.subarray(0, 1000));
    await server.services.database.db
      .update(referenceFile)
      .set({ status: 'uploading' })
      .where(eq(referenceFile.id, partial));
    const key = (await rowOf(partial))!.storageKey;
    await server.services.referenceFiles.deleteReferenceFile(owner, partial);
    expect(await rowOf(partial)).toBeUndefined();
    expect(await server.services.storage.exists(key)).toBe(false);
  });
});
