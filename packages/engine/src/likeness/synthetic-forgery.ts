// A digital forgery as re-uploaders make them, for the evaluation and the simulated web: one person's
// face put onto another person's photo. The source face is aligned onto the target face by their
// landmarks, its colours matched to the target's skin, and blended in through a feathered mask of the
// target's face outline, so the body, hair and background stay the target's.
import sharp from '../media/sharp.ts';
import { fitSimilarity, type Point, type RgbImage, type Similarity } from './face-align.ts';
import { detectFaces } from './face-search.ts';

/** The face outline in the 68-point layout: the jaw (0–16), then the brows back (26 to 17). */
const OUTLINE = [
  ...Array.from({ length: 17 }, (_, i) => i),
  ...Array.from({ length: 10 }, (_, i) => 26 - i),
];
const NOSE_TIP = 30;

/** The outline with the brows raised onto the forehead, so the seam is not across the brows. */
function outlineOf(marks: Point[]): Point[] {
  const nose = marks[NOSE_TIP]!;
  return OUTLINE.map((i, n) => {
    const p = marks[i]!;
    if (n < 17) return p;
    // Brow points move away from the nose tip by a third of their distance to it.
    return { x: p.x + (p.x - nose.x) * 0.15, y: p.y + (p.y - nose.y) * 0.35 };
  });
}

async function decode(input: string | Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(input)
    .rotate()
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

async function largestFaceLandmarks(image: RgbImage): Promise<Point[]> {
  const faces = await detectFaces(image, { minScore: 0.3 });
  const largest = faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)[0];
  if (!largest) throw new Error('No face found to make a forgery with');
  return largest.landmarks;
}

/** The outline's mask, feathered, one byte a pixel (255 inside). */
async function featheredMask(
  outline: Point[],
  width: number,
  height: number,
  feather: number,
): Promise<Uint8Array> {
  const points = outline.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="black"/><polygon points="${points}" fill="white"/></svg>`;
  const { data } = await sharp(Buffer.from(svg))
    .blur(Math.max(0.3, feather))
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data;
}

function channelStats(image: RgbImage, mask: Uint8Array): { mean: number[]; std: number[] } {
  const sum = [0, 0, 0];
  const squares = [0, 0, 0];
  let weight = 0;
  for (let i = 0; i < mask.length; i++) {
    if (mask[i]! < 250) continue;
    weight++;
    for (let c = 0; c < 3; c++) {
      const v = image.data[i * image.channels + c]!;
      sum[c]! += v;
      squares[c]! += v * v;
    }
  }
  const n = Math.max(1, weight);
  const mean = sum.map((s) => s / n);
  const std = squares.map((s, c) => Math.sqrt(Math.max(1, s / n - mean[c]! ** 2)));
  return { mean, std };
}

function bilinear(image: RgbImage, x: number, y: number, c: number): number {
  const x0 = Math.max(0, Math.min(image.width - 1, Math.floor(x)));
  const y0 = Math.max(0, Math.min(image.height - 1, Math.floor(y)));
  const x1 = Math.min(image.width - 1, x0 + 1);
  const y1 = Math.min(image.height - 1, y0 + 1);
  const wx = Math.min(1, Math.max(0, x - x0));
  const wy = Math.min(1, Math.max(0, y - y0));
  const at = (px: number, py: number) => image.data[(py * image.width + px) * image.channels + c]!;
  const top = at(x0, y0) + (at(x1, y0) - at(x0, y0)) * wx;
  const bottom = at(x0, y1) + (at(x1, y1) - at(x0, y1)) * wx;
  return top + (bottom - top) * wy;
}

/**
 * `source`'s face on `target`'s photo, as a JPEG the size of the target. Throws when either picture
 * has no face the detector finds.
 */
export async function makeFaceSwap(
  source: string | Buffer,
  target: string | Buffer,
  options: { quality?: number } = {},
): Promise<Buffer> {
  const [from, to] = await Promise.all([decode(source), decode(target)]);
  const fromMarks = await largestFaceLandmarks(from);
  const toMarks = await largestFaceLandmarks(to);
  // Target pixel → source pixel: the similarity fitted from the target's landmarks onto the source's.
  const toSource: Similarity = fitSimilarity(toMarks, fromMarks);
  const faceHeight = Math.max(...toMarks.map((p) => p.y)) - Math.min(...toMarks.map((p) => p.y));
  const mask = await featheredMask(outlineOf(toMarks), to.width, to.height, faceHeight * 0.06);
  // The source face's colours, moved to the target face's mean and spread.
  const targetStats = channelStats(to, mask);
  const sourceMask = await featheredMask(outlineOf(fromMarks), from.width, from.height, 0.3);
  const sourceStats = channelStats(from, sourceMask);

  const out = Buffer.from(to.data);
  for (let y = 0; y < to.height; y++) {
    for (let x = 0; x < to.width; x++) {
      const alpha = mask[y * to.width + x]! / 255;
      if (alpha === 0) continue;
      const sx = toSource.a * x - toSource.b * y + toSource.tx;
      const sy = toSource.b * x + toSource.a * y + toSource.ty;
      for (let c = 0; c < 3; c++) {
        const raw = bilinear(from, sx, sy, c);
        const matched =
          ((raw - sourceStats.mean[c]!) / sourceStats.std[c]!) * targetStats.std[c]! +
          targetStats.mean[c]!;
        const i = (y * to.width + x) * to.channels + c;
        out[i] = Math.round(Math.max(0, Math.min(255, out[i]! * (1 - alpha) + matched * alpha)));
      }
    }
  }
  return sharp(out, { raw: { width: to.width, height: to.height, channels: 3 } })
    .jpeg({ quality: options.quality ?? 90 })
    .toBuffer();
}
