// What the robust image matcher computes from a picture: for a creator's reference photo, the compact
// fingerprint stored in the index and the database; for a file found on the web, the views and local
// features the matcher probes the index with.
//
// A picture is decoded with sharp (EXIF orientation applied, transparency flattened on white) into a
// "working image" whose long side is WORKING_SIZE: small pictures are enlarged, so that the scale of
// features depends on the framing, not on the file's resolution. A reference with a border, and a
// photo found inside a page, are decoded a second time, cut to the content, at the same size.
//
// These hashes are the matcher's own (computed on the working image); the PDQ hash that is exchanged
// with other parties is Meta's exact algorithm on the file (decode.ts, `shark hash`).
import sharp from '../media/sharp.ts';
import {
  trimUniformBorders,
  findEmbeddedPhotos,
  type Rect,
  type RgbImage,
} from './content-regions.ts';
import {
  buildPyramid,
  extractFeaturesFromPyramid,
  halve,
  DESCRIPTOR_WORDS,
  type GreyImage,
  type KeypointSet,
} from './local-features.ts';
import { pdqWithDihedral } from './pdq.ts';

export const WORKING_SIZE = 512;
export const THUMBNAIL_SIZE = 32;
const PDQ_INPUT_SIZE = 256;
const FORMAT_VERSION = 1;

/** Keypoints kept per pyramid level (scales 1, 0.71, 0.5, 0.35, 0.25). */
const REFERENCE_FEATURES = { perLevel: [40, 32, 26, 20, 14] } as const;
const CANDIDATE_FEATURES = { perLevel: [120, 90, 70, 50, 30] } as const;
/** An embedded photo smaller than this share of the page gets its own, sharper view. */
const EMBEDDED_VIEW_MAX_AREA = 0.6;

export class ImageDecodeError extends Error {
  override readonly name = 'ImageDecodeError';
}

/**
 * Stored per reference photo. Size (bytes, as encoded by `encodeReferenceFingerprint`):
 * 16 header + 32 per PDQ hash (1–2) + 37 per keypoint (≤ 132) + THUMBNAIL_SIZE² (1,024)
 * ≈ 5.9 KB at most, ~4–6 KB typically.
 */
export interface ReferenceFingerprint {
  /** Size of the working image of the content (borders trimmed): the frame of the keypoints. */
  width: number;
  height: number;
  /** PDQ of the content; then of the whole picture when borders were trimmed. */
  hashes: string[];
  /** PDQ quality of the content (0–100). */
  quality: number;
  keypoints: KeypointSet;
  /** THUMBNAIL_SIZE² grey levels of the content (stretched), for the photometric check. */
  thumbnail: Uint8Array;
}

export interface ViewFeatures {
  keypoints: KeypointSet;
  /** The view's grey working image, and its summed-area table once the matcher needed it. */
  grey: GreyImage;
  integral?: Float64Array;
}

export interface CandidateView {
  kind: 'full' | 'trimmed' | 'embedded';
  /** Where the view is in the working image of the whole file. */
  rect: Rect;
  hash: string;
  /** PDQ of the view mirrored left–right (from the same DCT). */
  mirroredHash: string;
  quality: number;
  /**
   * Local features, on the views that carry them (the whole file, and photos inside a page). Computed
   * on first access: a near-identical copy is decided by PDQ alone, without them.
   */
  readonly features?: ViewFeatures;
}

/**
 * Computed for a file found on the web, used once and dropped: it holds the grey working images
 * (~1 MB per view with features) for the photometric check.
 */
export interface CandidateFingerprint {
  width: number;
  height: number;
  views: CandidateView[];
}

interface Decoded {
  rgb: RgbImage;
  /** Size of the decoded picture before scaling to the working size. */
  originalWidth: number;
  originalHeight: number;
}

async function decodeWorking(input: string | Buffer, region?: Rect): Promise<Decoded> {
  try {
    const pipeline = sharp(input, { failOn: 'error', limitInputPixels: 268_402_689 }).rotate();
    const meta = await sharp(input, { failOn: 'error', limitInputPixels: 268_402_689 }).metadata();
    // sharp decodes the first page (frame) only.
    const pageHeight = meta.pageHeight ?? meta.height;
    const swap = (meta.orientation ?? 1) >= 5;
    const originalWidth = swap ? pageHeight : meta.width;
    const originalHeight = swap ? meta.width : pageHeight;
    if (region) pipeline.extract(region);
    const { data, info } = await pipeline
      .flatten({ background: '#ffffff' })
      .resize({ width: WORKING_SIZE, height: WORKING_SIZE, fit: 'inside', kernel: 'linear' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      rgb: {
        width: info.width,
        height: info.height,
        data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      },
      originalWidth,
      originalHeight,
    };
  } catch (error) {
    const input_ = typeof input === 'string' ? input : `a ${input.length}-byte buffer`;
    throw new ImageDecodeError(`Cannot read ${input_} as an image: ${(error as Error).message}`);
  }
}

function greyOf(rgb: RgbImage, rect?: Rect): GreyImage {
  const r = rect ?? { left: 0, top: 0, width: rgb.width, height: rgb.height };
  const data = new Float32Array(r.width * r.height);
  for (let y = 0; y < r.height; y++) {
    let p = ((r.top + y) * rgb.width + r.left) * 3;
    for (let x = 0, i = y * r.width; x < r.width; x++, i++, p += 3) {
      data[i] = 0.299 * rgb.data[p]! + 0.587 * rgb.data[p + 1]! + 0.114 * rgb.data[p + 2]!;
    }
  }
  return { width: r.width, height: r.height, data };
}

/** PDQ of a view, from a copy at most PDQ_INPUT_SIZE on its long side (PDQ keeps only 64×64 anyway). */
function pdqOf(grey: GreyImage): { hash: string; mirroredHash: string; quality: number } {
  let image = grey;
  while (
    Math.max(image.width, image.height) > PDQ_INPUT_SIZE &&
    Math.min(image.width, image.height) >= 128
  )
    image = halve(image);
  const result = pdqWithDihedral({ width: image.width, height: image.height, luma: image.data });
  return { hash: result.hash, mirroredHash: result.dihedral.flipX, quality: result.quality };
}

/** Mean grey level over THUMBNAIL_SIZE² cells. */
function thumbnailOf(grey: GreyImage): Uint8Array {
  const out = new Uint8Array(THUMBNAIL_SIZE * THUMBNAIL_SIZE);
  const integral = integralImage(grey);
  for (let j = 0; j < THUMBNAIL_SIZE; j++) {
    for (let i = 0; i < THUMBNAIL_SIZE; i++) {
      const x0 = (i * grey.width) / THUMBNAIL_SIZE;
      const x1 = ((i + 1) * grey.width) / THUMBNAIL_SIZE;
      const y0 = (j * grey.height) / THUMBNAIL_SIZE;
      const y1 = ((j + 1) * grey.height) / THUMBNAIL_SIZE;
      out[j * THUMBNAIL_SIZE + i] = Math.round(
        boxMean(integral, grey.width, grey.height, x0, y0, x1, y1),
      );
    }
  }
  return out;
}

/** (width+1)×(height+1) summed-area table. */
export function integralImage(grey: GreyImage): Float64Array {
  const w = grey.width + 1;
  const table = new Float64Array(w * (grey.height + 1));
  for (let y = 0; y < grey.height; y++) {
    let row = 0;
    for (let x = 0; x < grey.width; x++) {
      row += grey.data[y * grey.width + x]!;
      table[(y + 1) * w + x + 1] = table[y * w + x + 1]! + row;
    }
  }
  return table;
}

/** Mean over the box [x0, x1) × [y0, y1) (clipped, rounded to whole pixels). */
export function boxMean(
  integral: Float64Array,
  width: number,
  height: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): number {
  const a = Math.max(0, Math.min(width - 1, Math.floor(x0)));
  const b = Math.max(0, Math.min(height - 1, Math.floor(y0)));
  const c = Math.max(a + 1, Math.min(width, Math.ceil(x1)));
  const d = Math.max(b + 1, Math.min(height, Math.ceil(y1)));
  const w = width + 1;
  const sum =
    integral[d * w + c]! - integral[b * w + c]! - integral[d * w + a]! + integral[b * w + a]!;
  return sum / ((c - a) * (d - b));
}

const isWhole = (rect: Rect, width: number, height: number) =>
  rect.left === 0 && rect.top === 0 && rect.width === width && rect.height === height;

/** Scales a rectangle of the working image to the decoded picture's pixels. */
function toOriginal(rect: Rect, decoded: Decoded): Rect {
  const sx = decoded.originalWidth / decoded.rgb.width;
  const sy = decoded.originalHeight / decoded.rgb.height;
  const left = Math.max(0, Math.floor(rect.left * sx));
  const top = Math.max(0, Math.floor(rect.top * sy));
  return {
    left,
    top,
    width: Math.max(1, Math.min(decoded.originalWidth - left, Math.round(rect.width * sx))),
    height: Math.max(1, Math.min(decoded.originalHeight - top, Math.round(rect.height * sy))),
  };
}

export async function fingerprintReference(input: string | Buffer): Promise<ReferenceFingerprint> {
  let decoded = await decodeWorking(input);
  const whole = pdqOf(greyOf(decoded.rgb));
  const content = trimUniformBorders(decoded.rgb);
  const trimmed = !isWhole(content, decoded.rgb.width, decoded.rgb.height);
  // The content, decoded again at full working size when borders were cut.
  if (trimmed) decoded = await decodeWorking(input, toOriginal(content, decoded));
  const grey = greyOf(decoded.rgb);
  const pyramid = buildPyramid(grey, REFERENCE_FEATURES.perLevel.length);
  const pdq = trimmed ? pdqOf(grey) : whole;
  return {
    width: grey.width,
    height: grey.height,
    hashes: trimmed && pdq.hash !== whole.hash ? [pdq.hash, whole.hash] : [pdq.hash],
    quality: pdq.quality,
    keypoints: extractFeaturesFromPyramid(pyramid, REFERENCE_FEATURES),
    thumbnail: thumbnailOf(grey),
  };
}

/** A view whose `features` are extracted from `grey` when first read. */
function withFeatures(view: Omit<CandidateView, 'features'>, grey: GreyImage): CandidateView {
  let features: ViewFeatures | undefined;
  return Object.defineProperty(view, 'features', {
    enumerable: true,
    get: (): ViewFeatures => {
      features ??= {
        keypoints: extractFeaturesFromPyramid(
          buildPyramid(grey, CANDIDATE_FEATURES.perLevel.length),
          CANDIDATE_FEATURES,
        ),
        grey,
      };
      return features;
    },
  });
}

export async function fingerprintCandidate(input: string | Buffer): Promise<CandidateFingerprint> {
  const decoded = await decodeWorking(input);
  const { rgb } = decoded;
  const grey = greyOf(rgb);
  const whole: Rect = { left: 0, top: 0, width: rgb.width, height: rgb.height };
  const views: CandidateView[] = [
    withFeatures({ kind: 'full', rect: whole, ...pdqOf(grey) }, grey),
  ];
  const content = trimUniformBorders(rgb);
  if (!isWhole(content, rgb.width, rgb.height))
    views.push({ kind: 'trimmed', rect: content, ...pdqOf(greyOf(rgb, content)) });
  for (const rect of findEmbeddedPhotos(rgb)) {
    if (rect.width * rect.height > EMBEDDED_VIEW_MAX_AREA * rgb.width * rgb.height) {
      views.push({ kind: 'embedded', rect, ...pdqOf(greyOf(rgb, rect)) });
      continue;
    }
    // A photo inside a page: decoded again from the file at full working size, with its own features.
    const region = await decodeWorking(input, toOriginal(rect, decoded));
    const regionGrey = greyOf(region.rgb);
    views.push(withFeatures({ kind: 'embedded', rect, ...pdqOf(regionGrey) }, regionGrey));
  }
  return { width: rgb.width, height: rgb.height, views };
}

/** Compact binary form of a reference fingerprint, for the database. */
export function encodeReferenceFingerprint(fp: ReferenceFingerprint): Buffer {
  const kp = fp.keypoints;
  const size =
    16 + 32 * fp.hashes.length + kp.count * (DESCRIPTOR_WORDS * 4 + 5) + fp.thumbnail.length;
  const out = Buffer.alloc(size);
  let o = 0;
  out.writeUInt8(FORMAT_VERSION, o++);
  out.writeUInt8(fp.hashes.length, o++);
  out.writeUInt16LE(fp.width, o);
  out.writeUInt16LE(fp.height, o + 2);
  out.writeUInt16LE(kp.count, o + 4);
  out.writeUInt8(fp.quality, o + 6);
  out.writeUInt8(THUMBNAIL_SIZE, o + 7);
  o = 16;
  for (const hash of fp.hashes) o += out.write(hash, o, 'hex');
  for (let i = 0; i < kp.count; i++) {
    out.writeUInt16LE(Math.round(kp.x[i]! * 64), o);
    out.writeUInt16LE(Math.round(kp.y[i]! * 64), o + 2);
    out.writeUInt8(kp.level[i]!, o + 4);
    o += 5;
    for (let w = 0; w < DESCRIPTOR_WORDS; w++, o += 4)
      out.writeUInt32LE(kp.descriptors[i * DESCRIPTOR_WORDS + w]!, o);
  }
  out.set(fp.thumbnail, o);
  return out;
}

export function decodeReferenceFingerprint(bytes: Uint8Array): ReferenceFingerprint {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 16 || buf.readUInt8(0) !== FORMAT_VERSION)
    throw new Error('Not a reference fingerprint of a known version');
  const hashCount = buf.readUInt8(1);
  const count = buf.readUInt16LE(6);
  const thumb = buf.readUInt8(9);
  const keypoints: KeypointSet = {
    count,
    x: new Float32Array(count),
    y: new Float32Array(count),
    level: new Uint8Array(count),
    descriptors: new Uint32Array(count * DESCRIPTOR_WORDS),
  };
  let o = 16;
  const hashes: string[] = [];
  for (let h = 0; h < hashCount; h++, o += 32) hashes.push(buf.toString('hex', o, o + 32));
  for (let i = 0; i < count; i++) {
    keypoints.x[i] = buf.readUInt16LE(o) / 64;
    keypoints.y[i] = buf.readUInt16LE(o + 2) / 64;
    keypoints.level[i] = buf.readUInt8(o + 4);
    o += 5;
    for (let w = 0; w < DESCRIPTOR_WORDS; w++, o += 4)
      keypoints.descriptors[i * DESCRIPTOR_WORDS + w] = buf.readUInt32LE(o);
  }
  if (buf.length !== o + thumb * thumb) throw new Error('Truncated reference fingerprint');
  return {
    width: buf.readUInt16LE(2),
    height: buf.readUInt16LE(4),
    hashes,
    quality: buf.readUInt8(8),
    keypoints,
    thumbnail: Uint8Array.from(buf.subarray(o, o + thumb * thumb)),
  };
}
