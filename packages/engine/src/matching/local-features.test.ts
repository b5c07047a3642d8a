// The building blocks of the robust matcher: mirror-symmetric descriptors, the descriptor index against
// brute force, RANSAC on planted transforms, and border / embedded-photo detection.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findEmbeddedPhotos, trimUniformBorders, type RgbImage } from './content-regions.ts';
import { FeatureIndex } from './feature-index.ts';
import {
  applySimilarity,
  verifySimilarity,
  type Correspondence,
} from './geometric-verification.ts';
import {
  DESCRIPTOR_WORDS,
  descriptorDistance,
  extractFeatures,
  mirrorDescriptor,
  type GreyImage,
} from './local-features.ts';
import { generatedPicture, seededRandom } from './synthetic-edits.ts';

async function greyPicture(seed: number): Promise<GreyImage> {
  const raw = await generatedPicture(seed, 320, 240);
  const data = new Float32Array(raw.width * raw.height);
  for (let i = 0; i < data.length; i++)
    data[i] =
      0.299 * raw.data[i * 3]! + 0.587 * raw.data[i * 3 + 1]! + 0.114 * raw.data[i * 3 + 2]!;
  return { width: raw.width, height: raw.height, data };
}

function mirrored(image: GreyImage): GreyImage {
  const data = new Float32Array(image.data.length);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++)
      data[y * image.width + x] = image.data[y * image.width + image.width - 1 - x]!;
  }
  return { ...image, data };
}

describe('local features', () => {
  it('describe a mirrored picture with the halves of each descriptor swapped', async () => {
    const image = await greyPicture(11);
    const options = { perLevel: [80] };
    const direct = extractFeatures(image, options);
    const flipped = extractFeatures(mirrored(image), options);
    expect(direct.count).toBeGreaterThan(20);
    // Level 0 of both is the same pixels mirrored: each keypoint has its mirror twin, and the twin's
    // descriptor is the swapped descriptor exactly.
    const swapped = new Uint32Array(DESCRIPTOR_WORDS);
    let twins = 0;
    for (let i = 0; i < direct.count; i++) {
      const j = [...flipped.x.keys()].find(
        (k) => flipped.x[k] === image.width - 1 - direct.x[i]! && flipped.y[k] === direct.y[i],
      );
      if (j === undefined) continue;
      twins++;
      mirrorDescriptor(direct.descriptors, i, swapped, 0);
      expect(descriptorDistance(swapped, 0, flipped.descriptors, j)).toBe(0);
    }
    expect(twins).toBeGreaterThan(direct.count * 0.8);
  });

  it('find no keypoints on a flat or smooth picture', () => {
    const width = 200;
    const height = 150;
    const data = new Float32Array(width * height);
    for (let i = 0; i < data.length; i++) data[i] = (i % width) * 0.5;
    expect(extractFeatures({ width, height, data }, { perLevel: [100, 100, 100] }).count).toBe(0);
  });
});

describe('FeatureIndex', () => {
  const random = seededRandom(99);
  const randomDescriptors = (n: number) =>
    Uint32Array.from({ length: n * DESCRIPTOR_WORDS }, () => Math.floor(random() * 2 ** 32));

  it('finds every stored descriptor within 15 bits (one of 16 words must then agree), as brute force does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 0, maxLength: 15 }),
        fc.integer({ min: 0, max: 399 }),
        (flips, target) => {
          const index = new FeatureIndex();
          const stored = randomDescriptors(400);
          index.add(1, stored.subarray(0, 200 * DESCRIPTOR_WORDS), 200);
          index.add(2, stored.subarray(200 * DESCRIPTOR_WORDS), 200);
          const query = stored.slice(target * DESCRIPTOR_WORDS, (target + 1) * DESCRIPTOR_WORDS);
          for (const bit of flips) query[bit >> 5]! ^= 1 << (bit & 31);
          const hits = index.search(query, 1, 15);
          const found = new Set<number>();
          for (let k = 0; k < hits.count; k++)
            found.add((hits.owner[k]! - 1) * 200 + hits.keypoint[k]!);
          const expected = new Set<number>();
          for (let e = 0; e < 400; e++)
            if (descriptorDistance(query, 0, stored, e) <= 15) expected.add(e);
          expect(found).toEqual(expected);
          expect(found.has(target)).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('forgets removed owners, before and after a rebuild', () => {
    const index = new FeatureIndex();
    const a = randomDescriptors(300);
    const b = randomDescriptors(300);
    index.add(1, a, 300);
    index.add(2, b, 300);
    index.remove(1);
    const hits = index.search(a, 300, 0);
    expect(hits.count).toBe(0);
    index.rebuild();
    expect(index.size).toBe(300);
    expect(index.search(b, 300, 0).count).toBe(300);
  });
});

describe('geometric verification', () => {
  it('recovers a planted similarity among outliers, and finds none in noise alone', () => {
    const random = seededRandom(5);
    const truth = { a: 0.7 * Math.cos(0.06), b: 0.7 * Math.sin(0.06), tx: 40, ty: -12 };
    const matches: Correspondence[] = [];
    for (let k = 0; k < 120; k++) {
      const refX = random() * 500;
      const refY = random() * 380;
      const isInlier = k % 4 === 0;
      const [u, v] = applySimilarity(truth, refX, refY);
      matches.push({
        refX,
        refY,
        refLevel: 1,
        refIndex: k,
        candX: isInlier ? u + (random() - 0.5) : random() * 400,
        candY: isInlier ? v + (random() - 0.5) : random() * 300,
        candLevel: 0,
        candIndex: k,
        distance: Math.floor(random() * 50),
      });
    }
    const result = verifySimilarity(matches)!;
    expect(result.inliers).toBeGreaterThanOrEqual(30);
    expect(result.scale).toBeCloseTo(0.7, 1);
    expect(result.rotationDegrees).toBeCloseTo((0.06 * 180) / Math.PI, 0);
    const noise = matches.filter((_, k) => k % 4 !== 0);
    expect(verifySimilarity(noise)?.inliers ?? 0).toBeLessThan(6);
  });
});

function canvas(width: number, height: number, colour: [number, number, number]): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set(colour, i * 3);
  return { width, height, data };
}

function paint(
  image: RgbImage,
  left: number,
  top: number,
  width: number,
  height: number,
  colourAt: (x: number, y: number) => [number, number, number],
): void {
  for (let y = top; y < top + height; y++)
    for (let x = left; x < left + width; x++)
      image.data.set(colourAt(x, y), (y * image.width + x) * 3);
}

const photoLike = (x: number, y: number): [number, number, number] => [
  (x * 7 + y * 3) % 256,
  (x * y) % 200,
  (y * 5) % 256,
];

describe('content regions', () => {
  it('trims uniform borders of any colour, and keeps a picture without borders whole', () => {
    const image = canvas(200, 100, [10, 200, 30]);
    paint(image, 20, 8, 150, 80, photoLike);
    expect(trimUniformBorders(image)).toEqual({ left: 20, top: 8, width: 150, height: 80 });
    const whole = canvas(120, 90, [0, 0, 0]);
    paint(whole, 0, 0, 120, 90, photoLike);
    expect(trimUniformBorders(whole)).toEqual({ left: 0, top: 0, width: 120, height: 90 });
  });

  it('trims black bars carrying a static overlay when told which pixels never change', () => {
    // A video's brightest frame: the picture inside black bars, a white caption on the top bar.
    const frame = canvas(200, 120, [0, 0, 0]);
    paint(frame, 30, 20, 140, 80, photoLike);
    paint(frame, 6, 6, 90, 8, () => [255, 255, 255]);
    // A still image gives no such hint: the trim stops at the caption.
    expect(trimUniformBorders(frame).top).toBe(6);
    const staticPixels = new Uint8Array(200 * 120).fill(1);
    for (let y = 20; y < 100; y++) staticPixels.fill(0, y * 200 + 30, y * 200 + 170);
    expect(trimUniformBorders(frame, { staticPixels })).toEqual({
      left: 30,
      top: 20,
      width: 140,
      height: 80,
    });
    // Picture that changes is never a bar, even where it is as dark as one.
    const dark = canvas(200, 120, [0, 0, 0]);
    paint(dark, 30, 20, 140, 80, photoLike);
    paint(dark, 30, 20, 140, 30, () => [0, 0, 0]);
    expect(trimUniformBorders(dark, { staticPixels }).top).toBe(20);
  });

  it('finds the photo in a page, not the header bar or the text', () => {
    const page = canvas(400, 300, [250, 250, 250]);
    paint(page, 0, 0, 400, 30, () => [40, 60, 200]); // header
    paint(page, 30, 50, 200, 150, photoLike); // photo
    for (let line = 0; line < 10; line++) {
      for (let word = 0; word < 4; word++)
        paint(page, 250 + word * 36, 55 + line * 14, 28, 8, () => [40, 40, 40]);
    }
    expect(findEmbeddedPhotos(page)).toEqual([{ left: 30, top: 50, width: 200, height: 150 }]);
    const photo = canvas(200, 150, [0, 0, 0]);
    paint(photo, 0, 0, 200, 150, photoLike);
    expect(findEmbeddedPhotos(photo)).toEqual([]);
  });
});
