// Fingerprints: what is stored per reference (size, round trip), what a candidate's views are (borders
// trimmed, a photo found inside a page), and clear errors for what is not an image.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  decodeReferenceFingerprint,
  encodeReferenceFingerprint,
  fingerprintCandidate,
  fingerprintReference,
  ImageDecodeError,
  THUMBNAIL_SIZE,
  WORKING_SIZE,
} from './image-fingerprint.ts';
import { applyEdit, generatedPicture, seededRandom, type RawImage } from './synthetic-edits.ts';

const jpeg = (raw: RawImage) =>
  sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();

describe('reference fingerprints', () => {
  it('stay small and survive the round trip through their binary form', async () => {
    const fingerprint = await fingerprintReference(await jpeg(await generatedPicture(3, 800, 600)));
    const bytes = encodeReferenceFingerprint(fingerprint);
    // 16 header + 32 per hash + 37 per keypoint (at most 132) + the thumbnail.
    expect(fingerprint.keypoints.count).toBeGreaterThan(60);
    expect(fingerprint.keypoints.count).toBeLessThanOrEqual(132);
    expect(bytes.length).toBe(
      16 + 32 * fingerprint.hashes.length + 37 * fingerprint.keypoints.count + THUMBNAIL_SIZE ** 2,
    );
    expect(bytes.length).toBeLessThanOrEqual(6 * 1024);
    const decoded = decodeReferenceFingerprint(bytes);
    expect(decoded.hashes).toEqual(fingerprint.hashes);
    expect(decoded.quality).toBe(fingerprint.quality);
    expect([decoded.width, decoded.height]).toEqual([fingerprint.width, fingerprint.height]);
    expect(decoded.keypoints.descriptors).toEqual(fingerprint.keypoints.descriptors);
    expect(decoded.keypoints.level).toEqual(fingerprint.keypoints.level);
    for (let i = 0; i < decoded.keypoints.count; i++)
      expect(Math.abs(decoded.keypoints.x[i]! - fingerprint.keypoints.x[i]!)).toBeLessThanOrEqual(
        1 / 128,
      );
    expect(decoded.thumbnail).toEqual(fingerprint.thumbnail);
  });

  it('refuses bytes that are not a fingerprint', () => {
    expect(() => decodeReferenceFingerprint(new Uint8Array(10))).toThrow(
      /Not a reference fingerprint/,
    );
    expect(() =>
      decodeReferenceFingerprint(
        new Uint8Array([1, 0, 0, 0, 0, 0, 0, 0, 0, 32, 0, 0, 0, 0, 0, 0, 1]),
      ),
    ).toThrow(/Truncated/);
  });

  it('describes the content without its uniform border, in a frame of the working size', async () => {
    const picture = await generatedPicture(4, 400, 300);
    const plain = await fingerprintReference(await jpeg(picture));
    const bordered = await fingerprintReference(
      await applyEdit(picture, 'pad-black', seededRandom(1)),
    );
    expect(Math.max(plain.width, plain.height)).toBe(WORKING_SIZE);
    expect(plain.hashes).toHaveLength(1);
    // The hash of the trimmed content comes first, then the whole file's.
    expect(bordered.hashes).toHaveLength(2);
    expect(bordered.width / bordered.height).toBeCloseTo(400 / 300, 1);
  });
});

describe('candidate fingerprints', () => {
  it('hash the whole file, the file without its letterbox, and its mirror image', async () => {
    const picture = await generatedPicture(5, 400, 300);
    const candidate = await fingerprintCandidate(
      await applyEdit(picture, 'letterbox-white', seededRandom(2)),
    );
    expect(candidate.views.map((v) => v.kind)).toEqual(['full', 'trimmed']);
    const trimmed = candidate.views[1]!;
    // White bars top and bottom: the trimmed view is the picture's full width.
    expect(trimmed.rect.width).toBe(candidate.width);
    expect(trimmed.rect.height / trimmed.rect.width).toBeCloseTo(300 / 400, 1);
    expect(trimmed.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(trimmed.mirroredHash).not.toBe(trimmed.hash);
    expect(candidate.views[0]!.features!.keypoints.count).toBeGreaterThan(100);
  });

  it('find a photo shown inside a page and give it its own features', async () => {
    const picture = await generatedPicture(6, 400, 300);
    const page = await applyEdit(picture, 'screenshot', seededRandom(3));
    const candidate = await fingerprintCandidate(page);
    const embedded = candidate.views.find((v) => v.kind === 'embedded');
    expect(embedded).toBeDefined();
    expect(embedded!.rect.width / embedded!.rect.height).toBeCloseTo(400 / 300, 1);
    expect(embedded!.features?.keypoints.count ?? 0).toBeGreaterThan(50);
  });

  it('handle tiny and extreme pictures', async () => {
    const one = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const strip = await sharp({
      create: { width: 2000, height: 6, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    for (const file of [one, strip]) {
      const candidate = await fingerprintCandidate(file);
      expect(candidate.views[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
      const reference = await fingerprintReference(file);
      expect(reference.keypoints.count).toBe(0);
    }
  });

  it('throw a clear error for what is not a readable image', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'shark-fingerprint-'));
    const notAnImage = path.join(dir, 'notes.jpg');
    writeFileSync(notAnImage, 'this is text, not a JPEG');
    const missing = path.join(dir, 'missing.png');
    const truncated = (await jpeg(await generatedPicture(9))).subarray(0, 200);
    for (const input of [notAnImage, missing, Buffer.alloc(0), Buffer.from('GIF89a'), truncated]) {
      await expect(fingerprintCandidate(input)).rejects.toThrow(ImageDecodeError);
      await expect(fingerprintReference(input)).rejects.toThrow(/^Cannot read .* as an image: /);
    }
    await expect(fingerprintCandidate(missing)).rejects.toThrow(
      `Cannot read ${missing} as an image`,
    );
  });
});
