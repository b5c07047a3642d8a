// Decodes an image file into luminance with sharp, the way PDQ hashes it.
import sharp, { type OutputInfo } from 'sharp';
import { lumaFromPixels, type LumaImage } from './pdq.ts';

/** Meta's hasher shrinks any picture larger than this on a side to exactly 512×512 first. */
const REFERENCE_MAX_DIMENSION = 512;

export interface DecodeOptions {
  /** Apply the EXIF orientation (what a viewer shows). Meta's reference tool does not. */
  applyExifOrientation?: boolean;
}

export class UnsupportedImageError extends Error {}

export async function decodeLuma(input: string | Buffer, options: DecodeOptions = {}): Promise<LumaImage> {
  let pipeline = sharp(input, { failOn: 'error', limitInputPixels: 268_402_689 });
  if (options.applyExifOrientation !== false) pipeline = pipeline.rotate();
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new UnsupportedImageError(`Not a readable image: ${(error as Error).message}`);
  }
  const { data, info } = decoded;
  return shrinkLikeReference(lumaFromPixels(data, info.width, info.height, info.channels));
}

/** Nearest-neighbour resize to 512×512 when a side exceeds 512, as pdq-photo-hasher does (aspect not kept). */
export function shrinkLikeReference(image: LumaImage): LumaImage {
  const { width, height, luma } = image;
  if (width <= REFERENCE_MAX_DIMENSION && height <= REFERENCE_MAX_DIMENSION) return image;
  const size = REFERENCE_MAX_DIMENSION;
  const out = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    const sourceRow = Math.floor((y * height) / size) * width;
    for (let x = 0; x < size; x++) out[y * size + x] = luma[sourceRow + Math.floor((x * width) / size)]!;
  }
  return { width: size, height: size, luma: out };
}
