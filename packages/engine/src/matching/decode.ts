// Decodes an image file into luminance with sharp, the way PDQ hashes it.
import sharp, { type OutputInfo } from 'sharp';
import { lumaFromPixels, rgbLuma, type LumaImage } from './pdq.ts';

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
  return lumaLikeReference(data, info.width, info.height, info.channels);
}

/**
 * Luminance of the picture as pdq-photo-hasher sees it: when a side exceeds 512, a nearest-neighbour
 * resize to exactly 512×512 (aspect not kept). Only the kept pixels are read and converted.
 */
export function lumaLikeReference(pixels: Uint8Array, width: number, height: number, channels: number): LumaImage {
  if (width <= REFERENCE_MAX_DIMENSION && height <= REFERENCE_MAX_DIMENSION) {
    return lumaFromPixels(pixels, width, height, channels);
  }
  const size = REFERENCE_MAX_DIMENSION;
  const columnOffsets = new Int32Array(size);
  for (let x = 0; x < size; x++) columnOffsets[x] = Math.floor((x * width) / size) * channels;
  const luma = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    const rowStart = Math.floor((y * height) / size) * width * channels;
    const out = y * size;
    if (channels < 3) {
      for (let x = 0; x < size; x++) luma[out + x] = pixels[rowStart + columnOffsets[x]!]!;
    } else {
      for (let x = 0; x < size; x++) {
        const p = rowStart + columnOffsets[x]!;
        luma[out + x] = rgbLuma(pixels[p]!, pixels[p + 1]!, pixels[p + 2]!);
      }
    }
  }
  return { width: size, height: size, luma };
}
