// The square of a picture the landmark network reads for a face, cut in plain JavaScript from the
// decoded bytes: TensorFlow.js's WebAssembly slice of a picture-sized tensor costs about as much as
// the landmark network itself, and the square is a copy of rows.

/** A face's box in pixels of the picture (may reach past its edges). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The part of a picture the landmark network reads for a face: its box, cut at the picture's edges
 * (`left`, `top`, `width`, `height`, in whole pixels), in the middle of a black square of `side`
 * (`before` pixels above and to the left of it).
 */
export interface SquareCrop {
  left: number;
  top: number;
  width: number;
  height: number;
  side: number;
  before: readonly [number, number];
}

/** The square around `box` in a `pictureWidth`×`pictureHeight` picture, or null if none of it is inside. */
export function squareAround(
  pictureWidth: number,
  pictureHeight: number,
  box: Box,
): SquareCrop | null {
  const clippedX = Math.max(0, box.x);
  const clippedY = Math.max(0, box.y);
  const left = Math.floor(clippedX);
  const top = Math.floor(clippedY);
  const width = Math.floor(Math.min(box.x + box.width - clippedX, pictureWidth - clippedX));
  const height = Math.floor(Math.min(box.y + box.height - clippedY, pictureHeight - clippedY));
  if (width <= 0 || height <= 0) return null;
  const side = Math.max(width, height);
  const before = [Math.floor((side - height) / 2), Math.floor((side - width) / 2)] as const;
  return { left, top, width, height, side, before };
}

/** The crop's `side`×`side` RGB square (0–255 values, black around the cut), from a row-major RGB picture. */
export function cutSquare(
  pixels: Uint8Array,
  pictureWidth: number,
  crop: SquareCrop,
): Float32Array {
  const { left, top, width, height, side, before } = crop;
  const out = new Float32Array(side * side * 3);
  for (let row = 0; row < height; row++) {
    const from = ((top + row) * pictureWidth + left) * 3;
    const to = ((before[0] + row) * side + before[1]) * 3;
    for (let i = 0; i < width * 3; i++) out[to + i] = pixels[from + i]!;
  }
  return out;
}
