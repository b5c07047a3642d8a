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
  const sampled = shrinkLikeReference(data, info.width, info.height, info.channels);
  return lumaFromPixels(sampled.pixels, sampled.width, sampled.height, info.channels);
}

/**
 * Nearest-neighbour resize to 512×512 when a side exceeds 512, as pdq-photo-hasher does (aspect not
 * kept). Done on the pixels before luminance, so only the 512×512 kept pixels are converted.
 */
export function shrinkLikeReference(
  pixels: Uint8Array,
  width: number,
  height: number,
  channels: number,
): { pixels: Uint8Array; width: number; height: number } {
  if (width <= REFERENCE_MAX_DIMENSION && height <= REFERENCE_MAX_DIMENSION) return { pixels, width, height };
  const size = REFERENCE_MAX_DIMENSION;
  const out = new Uint8Array(size * size * channels);
  for (let y = 0; y < size; y++) {
    const sourceRow = Math.floor((y * height) / size) * width;
    for (let x = 0; x < size; x++) {
      const from = (sourceRow + Math.floor((x * width) / size)) * channels;
      out.set(pixels.subarray(from, from + channels), (y * size + x) * channels);
    }
  }
  return { pixels: out, width: size, height: size };
}
