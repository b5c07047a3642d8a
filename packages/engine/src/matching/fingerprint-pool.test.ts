// The pool gives exactly what the functions give on the calling thread, keeps error classes, survives
// a dead thread, stops the face networks' thread when face jobs stop, and mapOrdered keeps order with
// a bounded number in flight.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { FingerprintPool, mapOrdered } from './fingerprint-pool.ts';
import { FINGERPRINT_JOBS } from './fingerprint-jobs.ts';
import { ImageDecodeError } from './image-fingerprint.ts';
import { ImageMatcher } from './image-matcher.ts';
import { UnsupportedVideoError } from './video.ts';
import { PDQ_IMAGES_DIR } from '../testdata.ts';
import { FACE_SAMPLE_PHOTOS } from '../likeness/face-testdata.ts';

const photos = PDQ_IMAGES_DIR;
const dir = mkdtempSync(join(tmpdir(), 'shark-pool-'));
const pool = new FingerprintPool({ threads: 2 });

afterAll(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('FingerprintPool', () => {
  it('computes the same reference and candidate fingerprints as the calling thread', async () => {
    const file = join(photos, 'bridge-mods-aaa-orig.jpg');
    const [inPool, inline] = await Promise.all([
      pool.referenceImage(file),
      FINGERPRINT_JOBS.referenceImage(file),
    ]);
    expect(inPool).toEqual(inline);
    const bytes = new Uint8Array(readFileSync(join(photos, 'labelme-subset-q0746.jpg')));
    const [candidateInPool, candidateInline] = await Promise.all([
      pool.candidateImage(bytes),
      FINGERPRINT_JOBS.candidateImage(bytes),
    ]);
    expect(candidateInPool).toEqual(candidateInline);
    expect(candidateInPool.views[0]!.features?.keypoints.count).toBeGreaterThan(0);
  });

  it('gives candidates that match as lazily computed ones do', async () => {
    const matcher = new ImageMatcher();
    matcher.add('bridge', await pool.referenceImage(join(photos, 'bridge-mods-aaa-orig.jpg')));
    matcher.add('other', await pool.referenceImage(join(photos, 'labelme-subset-q0003.jpg')));
    const crop = await pool.candidateImage(join(photos, 'bridge-mods-shrink-a-little.jpg'));
    expect(matcher.match(crop).referenceId).toBe('bridge');
    const unrelated = await pool.candidateImage(join(photos, 'labelme-subset-q2821.jpg'));
    expect(matcher.match(unrelated).referenceId).toBeNull();
  });

  it('keeps the class and message of errors', async () => {
    const notAnImage = new TextEncoder().encode('plain text, not a picture');
    await expect(pool.candidateImage(notAnImage)).rejects.toBeInstanceOf(ImageDecodeError);
    await expect(pool.referenceImage(join(dir, 'missing.jpg'))).rejects.toThrow(
      /Cannot read .*missing\.jpg/,
    );
    const text = join(dir, 'text.mp4');
    await promisify(execFile)('sh', ['-c', `echo not a video > ${text}`]);
    await expect(pool.referenceVideo(text)).rejects.toBeInstanceOf(UnsupportedVideoError);
  });

  it("stops the face networks' thread once face jobs stop, and loads them again when one comes", async () => {
    const faces = new FingerprintPool({ threads: 2, faceIdleMs: 50 });
    try {
      const photo = new Uint8Array(readFileSync(FACE_SAMPLE_PHOTOS[1]!));
      const [first] = await faces.pictureFaces(photo);
      expect(first!.faces.length).toBeGreaterThan(0);
      expect(faces.hasFaceThread).toBe(true);
      while (faces.hasFaceThread) await new Promise((resolve) => setTimeout(resolve, 20));
      // Fingerprinting goes on, on the threads left or a new one.
      const file = join(photos, 'labelme-subset-q0122.jpg');
      expect(await faces.referenceImage(file)).toEqual(await pool.referenceImage(file));
      const [again] = await faces.pictureFaces(photo);
      expect(again!.faces).toEqual(first!.faces);
      expect(faces.hasFaceThread).toBe(true);
    } finally {
      await faces.close();
    }
    // The networks load twice, each a few seconds, more on a busy machine.
  }, 120_000);

  it('runs jobs on the calling thread with threads: 0', async () => {
    const inline = new FingerprintPool({ threads: 0 });
    const file = join(photos, 'labelme-subset-q0122.jpg');
    expect(await inline.referenceImage(file)).toEqual(await pool.referenceImage(file));
    await inline.close();
    await expect(inline.referenceImage(file)).rejects.toThrow(/closed/);
  });
});

describe('mapOrdered', () => {
  it('yields in input order with at most `window` in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const resolvers: (() => void)[] = [];
    const results: number[] = [];
    const run = (async () => {
      for await (const value of mapOrdered([0, 1, 2, 3, 4, 5, 6], 3, async (n) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise<void>((resolve) => resolvers.push(resolve));
        inFlight--;
        return n * 10;
      }))
        results.push(value);
    })();
    // Finish jobs in reverse order of starting, whenever some are waiting.
    while (results.length < 7) {
      await new Promise((resolve) => setImmediate(resolve));
      resolvers.pop()?.();
    }
    await run;
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(most).toBe(3);
  });
});
