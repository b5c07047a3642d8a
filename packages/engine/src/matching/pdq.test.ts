// PDQ against Meta's reference hashes (shared/testdata/pdq), and the dihedral hashes against hashing
// the rotated and mirrored files.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { decodeLuma, UnsupportedImageError } from './decode.ts';
import { hammingDistance, lumaFromPixels, pdqFromLuma, pdqWithDihedral, type DihedralHashes } from './pdq.ts';

const testdata = fileURLToPath(new URL('../../../../../shared/testdata/pdq/', import.meta.url));
const expected = readFileSync(`${testdata}expected.csv`, 'utf8')
  .trim()
  .split('\n')
  .map((line) => {
    const [hash, quality, path] = line.split(',');
    return { hash: hash!, quality: Number(quality), path: path! };
  });

const hashFile = async (path: string) => pdqFromLuma(await decodeLuma(`${testdata}${path}`, { applyExifOrientation: false }));

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
    const { dihedral } = pdqWithDihedral(await decodeLuma(`${testdata}${files.original}`, { applyExifOrientation: false }));
    const directHashes: Record<string, string> = {};
    for (const [name, file] of Object.entries(files)) directHashes[name] = (await hashFile(file)).hash;
    for (const name of Object.keys(files)) {
      const direct = { hash: directHashes[name]! };
      const derived = dihedral[name as keyof DihedralHashes];
      // Each transformed file went through its own JPEG encoding, so some bits differ; PDQ's
      // match threshold is 31.
      expect(hammingDistance(derived, direct.hash), name).toBeLessThanOrEqual(20);
      // And it is far closer to its own transform than to any other.
      for (const other of Object.keys(files)) {
        if (other === name) continue;
        expect(hammingDistance(derived, directHashes[other]!), `${name} vs ${other}`).toBeGreaterThan(90);
      }
    }
  });

  it('matches hashing a rotation made exactly, pixel for pixel', async () => {
    const { data, info } = await sharp(`${testdata}${files.original}`).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const rotated = await sharp(data, { raw: info }).rotate(90).raw().toBuffer({ resolveWithObject: true });
    const mirrored = await sharp(data, { raw: info }).flop().raw().toBuffer({ resolveWithObject: true });
    const { dihedral } = pdqWithDihedral(lumaFromPixels(data, info.width, info.height, info.channels));
    const rotatedHash = pdqFromLuma(lumaFromPixels(rotated.data, rotated.info.width, rotated.info.height, rotated.info.channels)).hash;
    const mirroredHash = pdqFromLuma(lumaFromPixels(mirrored.data, mirrored.info.width, mirrored.info.height, mirrored.info.channels)).hash;
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
    const upright = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#808080' } }).jpeg().toBuffer();
    const tagged = await sharp(upright).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const viewed = await decodeLuma(tagged);
    const raw = await decodeLuma(tagged, { applyExifOrientation: false });
    expect([viewed.width, viewed.height]).toEqual([20, 40]);
    expect([raw.width, raw.height]).toEqual([40, 20]);
  });

  it('refuses what is not an image with a clear error', async () => {
    await expect(decodeLuma(Buffer.from('definitely not an image'))).rejects.toBeInstanceOf(UnsupportedImageError);
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
