// Decodes an image file into luminance with sharp, the way PDQ hashes it.
import sharp, { type OutputInfo } from '../media/sharp.ts';
import { lumaFromPixels, sampledLuma, type LumaImage } from './pdq.ts';

/** Meta's hasher shrinks any picture larger than this on a side to exactly 512×512 first. */
const REFERENCE_MAX_DIMENSION = 512;

export interface DecodeOptions {
  /** Apply the EXIF orientation (what a viewer shows). Meta's reference tool does not. */
  applyExifOrientation?: boolean;
}

export class UnsupportedImageError extends Error {}

export async function decodeLuma(
  input: string | Buffer,
  options: DecodeOptions = {},
): Promise<LumaImage> {
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
export function lumaLikeReference(
  pixels: Uint8Array,
  width: number,
  height: number,
  channels: number,
): LumaImage {
  const shrink = width > REFERENCE_MAX_DIMENSION || height > REFERENCE_MAX_DIMENSION;
  return shrink
    ? sampledLuma(pixels, width, height, channels, REFERENCE_MAX_DIMENSION, REFERENCE_MAX_DIMENSION)
    : lumaFromPixels(pixels, width, height, channels);
}
