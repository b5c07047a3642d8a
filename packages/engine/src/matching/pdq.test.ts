// PDQ against Meta's reference hashes (packages/engine/testdata/pdq), and the dihedral hashes against hashing
// the rotated and mirrored files.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { decodeLuma, UnsupportedImageError } from './decode.ts';
import fc from 'fast-check';
import {
  downsample64,
  hammingDistance,
  jaroszWindowSize,
  lumaFromPixels,
  pdqFromLuma,
  pdqWithDihedral,
  type DihedralHashes,
} from './pdq.ts';
import { PDQ_TESTDATA_DIR } from '../testdata.ts';

const testdata = PDQ_TESTDATA_DIR;
const expected = readFileSync(`${testdata}expected.csv`, 'utf8')
  .trim()
  .split('\n')
  .map((line) => {
    const [hash, quality, path] = line.split(',');
    return { hash: hash!, quality: Number(quality), path: path! };
  });

const hashFile = async (path: string) =>
  pdqFromLuma(await decodeLuma(`${testdata}${path}`, { applyExifOrientation: false }));

describe('PDQ against the reference vectors', () => {
  it('has the vectors to check against', () => {
    expect(expected.length).toBeGreaterThanOrEqual(30);
  });

  it.each(expected)('$path hashes as Meta’s hasher does', async ({ hash, quality, path }) => {
    const result = await hashFile(path);
    expect(result.quality).toBe(quality);
    if (quality >= 80) expect(hammingDistance(result.hash, hash)).toBeLessThanOrEqual(10);
    // A faithful port with the same decoder is bit-exact; this port is, on every vector.
    expect(result.hash).toBe(hash);
  });
});

describe('dihedral hashes', () => {
  const files: Record<keyof DihedralHashes, string> = {
    original: 'images/dih-bridge-1-original.jpg',
    rotate90: 'images/dih-bridge-2-rotate-90.jpg',
    rotate180: 'images/dih-bridge-3-rotate-180.jpg',
    rotate270: 'images/dih-bridge-4-rotate-270.jpg',
    flipX: 'images/dih-bridge-5-flipx.jpg',
    flipY: 'images/dih-bridge-6-flipy.jpg',
    flipPlus1: 'images/dih-bridge-7-flip-plus-1.jpg',
    flipMinus1: 'images/dih-bridge-8-flip-minus-1.jpg',
  };

  it('derives each transform’s hash from one DCT, close to hashing the transformed file', async () => {
    const { dihedral } = pdqWithDihedral(
      await decodeLuma(`${testdata}${files.original}`, { applyExifOrientation: false }),
    );
    const directHashes: Record<string, string> = {};
    for (const [name, file] of Object.entries(files))
      directHashes[name] = (await hashFile(file)).hash;
    for (const name of Object.keys(files)) {
      const direct = { hash: directHashes[name]! };
      const derived = dihedral[name as keyof DihedralHashes];
      // Each transformed file went through its own JPEG encoding, so some bits differ; PDQ's
      // match threshold is 31.
      expect(hammingDistance(derived, direct.hash), name).toBeLessThanOrEqual(20);
      // And it is far closer to its own transform than to any other.
      for (const other of Object.keys(files)) {
        if (other === name) continue;
        expect(
          hammingDistance(derived, directHashes[other]!),
          `${name} vs ${other}`,
        ).toBeGreaterThan(90);
      }
    }
  });

  it('matches hashing a rotation made exactly, pixel for pixel', async () => {
    const { data, info } = await sharp(`${testdata}${files.original}`)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const rotated = await sharp(data, { raw: info })
      .rotate(90)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const mirrored = await sharp(data, { raw: info })
      .flop()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { dihedral } = pdqWithDihedral(
      lumaFromPixels(data, info.width, info.height, info.channels),
    );
    const rotatedHash = pdqFromLuma(
      lumaFromPixels(rotated.data, rotated.info.width, rotated.info.height, rotated.info.channels),
    ).hash;
    const mirroredHash = pdqFromLuma(
      lumaFromPixels(
        mirrored.data,
        mirrored.info.width,
        mirrored.info.height,
        mirrored.info.channels,
      ),
    ).hash;
    const closest = (hash: string) =>
      Object.entries({ ...dihedral })
        .map(([name, h]) => ({ name, distance: hammingDistance(h, hash) }))
        .sort((a, b) => a.distance - b.distance)[0]!;
    expect(closest(rotatedHash).distance).toBeLessThanOrEqual(8);
    expect(closest(mirroredHash).distance).toBeLessThanOrEqual(8);
    expect(closest(rotatedHash).name).toMatch(/^rotate(90|270)$/);
    expect(closest(mirroredHash).name).toMatch(/^flip[XY]$/);
  });
});

describe('decoding', () => {
  it('applies EXIF orientation unless told not to', async () => {
    const upright = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#808080' },
    })
      .jpeg()
      .toBuffer();
    const tagged = await sharp(upright).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const viewed = await decodeLuma(tagged);
    const raw = await decodeLuma(tagged, { applyExifOrientation: false });
    expect([viewed.width, viewed.height]).toEqual([20, 40]);
    expect([raw.width, raw.height]).toEqual([40, 20]);
  });

  it('refuses what is not an image with a clear error', async () => {
    await expect(decodeLuma(Buffer.from('definitely not an image'))).rejects.toBeInstanceOf(
      UnsupportedImageError,
    );
  });
});

describe('hammingDistance', () => {
  it('counts differing bits', () => {
    const zero = '0'.repeat(64);
    expect(hammingDistance(zero, zero)).toBe(0);
    expect(hammingDistance(zero, 'f'.repeat(64))).toBe(256);
    expect(hammingDistance(zero, `${'0'.repeat(63)}7`)).toBe(3);
  });
});

describe('the fast Jarosz downsampler', () => {
  // A plain transcription of the reference's filter: each row, then each column, on its own, in
  // single precision with a true division; twice; then the decimation.
  function referenceDownsample(luma: Float32Array, width: number, height: number): Float32Array {
    const box = (
      read: (i: number) => number,
      write: (i: number, v: number) => void,
      length: number,
      window: number,
    ) => {
      const half = Math.floor((window + 2) / 2);
      let sum = 0;
      let size = 0;
      let li = 0;
      let ri = 0;
      let oi = 0;
      for (let i = 0; i < half - 1; i++, size++) sum = Math.fround(sum + read(ri++));
      for (let i = 0; i < window - half + 1; i++)
        write(oi++, Math.fround((sum = Math.fround(sum + read(ri++))) / ++size));
      for (let i = 0; i < length - window; i++) {
        sum = Math.fround(Math.fround(sum + read(ri++)) - read(li++));
        write(oi++, Math.fround(sum / size));
      }
      for (let i = 0; i < half - 1; i++)
        write(oi++, Math.fround((sum = Math.fround(sum - read(li++))) / --size));
    };
    const windowX = jaroszWindowSize(width, 64);
    const windowY = jaroszWindowSize(height, 64);
    let a = Float32Array.from(luma);
    for (let pass = 0; pass < 2; pass++) {
      const b = new Float32Array(a.length);
      for (let y = 0; y < height; y++)
        box(
          (i) => a[y * width + i]!,
          (i, v) => (b[y * width + i] = v),
          width,
          windowX,
        );
      const c = new Float32Array(a.length);
      for (let x = 0; x < width; x++)
        box(
          (i) => b[i * width + x]!,
          (i, v) => (c[i * width + x] = v),
          height,
          windowY,
        );
      a = c;
    }
    const out = new Float32Array(64 * 64);
    for (let i = 0; i < 64; i++) {
      for (let j = 0; j < 64; j++)
        out[i * 64 + j] =
          a[Math.floor(((i + 0.5) * height) / 64) * width + Math.floor(((j + 0.5) * width) / 64)]!;
    }
    return out;
  }

  it('gives bit-for-bit the reference filter on random pictures of awkward sizes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer(),
        (width, height, seed) => {
          let state = seed >>> 0 || 1;
          const luma = new Float32Array(width * height);
          for (let i = 0; i < luma.length; i++) {
            state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
            luma[i] = Math.fround((state / 2 ** 32) * 255); // fractional values, as real luminance has
          }
          const fast = downsample64({ width, height, luma });
          const plain = referenceDownsample(luma, width, height);
          expect(Array.from(fast)).toEqual(Array.from(plain));
        },
      ),
      { numRuns: 60 },
    );
  });
});
