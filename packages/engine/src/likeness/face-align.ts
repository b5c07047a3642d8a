// Face alignment for the embedding network: the 68 facial landmarks found on a face are fitted, by a
// similarity transform (scale, rotation, shift), onto the mean face the network was trained with,
// and the face is resampled into a square chip in that pose. The recognition network was trained on
// chips cut this way, so a face cut the same way embeds the same whatever its tilt and size.

/** The side of the chip the recognition network reads, in pixels. */
export const CHIP_SIZE = 150;
/** The margin around the mean face inside the chip, as a fraction of the face's extent. */
const CHIP_PADDING = 0.25;

/**
 * The mean face: landmarks 18 to 68 of the 68-point layout (brows, nose, eyes, mouth; the jaw line is
 * left out, being the least stable), in a unit box.
 */
const MEAN_FACE_X = [
  0.000213256, 0.0752622, 0.18113, 0.29077, 0.393397, 0.586856, 0.689483, 0.799124, 0.904991,
  0.98004, 0.490127, 0.490127, 0.490127, 0.490127, 0.36688, 0.426036, 0.490127, 0.554217, 0.613373,
  0.121737, 0.187122, 0.265825, 0.334606, 0.260918, 0.182743, 0.645647, 0.714428, 0.793132,
  0.858516, 0.79751, 0.719335, 0.254149, 0.340985, 0.428858, 0.490127, 0.551395, 0.639268, 0.726104,
  0.642159, 0.556721, 0.490127, 0.423532, 0.338094, 0.290379, 0.428096, 0.490127, 0.552157,
  0.689874, 0.553364, 0.490127, 0.42689,
];
const MEAN_FACE_Y = [
  0.106454, 0.038915, 0.0187482, 0.0344891, 0.0773906, 0.0773906, 0.0344891, 0.0187482, 0.038915,
  0.106454, 0.203352, 0.307009, 0.409805, 0.515625, 0.587326, 0.609345, 0.628106, 0.609345,
  0.587326, 0.216423, 0.178758, 0.179852, 0.231733, 0.245099, 0.244077, 0.231733, 0.179852,
  0.178758, 0.216423, 0.244077, 0.245099, 0.780233, 0.745405, 0.727388, 0.742578, 0.727388,
  0.745405, 0.780233, 0.864805, 0.902192, 0.909281, 0.902192, 0.864805, 0.784792, 0.778746,
  0.785343, 0.778746, 0.784792, 0.824182, 0.831803, 0.824182,
];
/** The first landmark of the 68-point layout that the mean face holds. */
const FIRST_TEMPLATE_LANDMARK = 17;

export interface Point {
  x: number;
  y: number;
}

/** x' = a·x − b·y + tx, y' = b·x + a·y + ty: scale √(a²+b²), rotation atan2(b, a). */
export interface Similarity {
  a: number;
  b: number;
  tx: number;
  ty: number;
}

/** The mean face's landmarks in chip pixels. */
export function chipTemplate(size = CHIP_SIZE, padding = CHIP_PADDING): Point[] {
  const scale = size / (1 + 2 * padding);
  return MEAN_FACE_X.map((x, i) => ({
    x: (x + padding) * scale,
    y: (MEAN_FACE_Y[i]! + padding) * scale,
  }));
}

/** The similarity transform that best maps `from` onto `to` (least squares; same length, ≥ 2). */
export function fitSimilarity(from: readonly Point[], to: readonly Point[]): Similarity {
  if (from.length !== to.length || from.length < 2) {
    throw new Error('fitSimilarity needs two lists of the same length, at least two points each');
  }
  const n = from.length;
  let fx = 0;
  let fy = 0;
  let tx = 0;
  let ty = 0;
  for (let i = 0; i < n; i++) {
    fx += from[i]!.x;
    fy += from[i]!.y;
    tx += to[i]!.x;
    ty += to[i]!.y;
  }
  fx /= n;
  fy /= n;
  tx /= n;
  ty /= n;
  let dot = 0;
  let cross = 0;
  let norm = 0;
  for (let i = 0; i < n; i++) {
    const ax = from[i]!.x - fx;
    const ay = from[i]!.y - fy;
    const bx = to[i]!.x - tx;
    const by = to[i]!.y - ty;
    dot += ax * bx + ay * by;
    cross += ax * by - ay * bx;
    norm += ax * ax + ay * ay;
  }
  if (norm === 0) throw new Error('fitSimilarity: the source points all coincide');
  const a = dot / norm;
  const b = cross / norm;
  return { a, b, tx: tx - (a * fx - b * fy), ty: ty - (b * fx + a * fy) };
}

export function applySimilarity(t: Similarity, p: Point): Point {
  return { x: t.a * p.x - t.b * p.y + t.tx, y: t.b * p.x + t.a * p.y + t.ty };
}

/** From chip pixels to image pixels, for a face whose 68 landmarks (image pixels) were found. */
export function chipToImage(landmarks68: readonly Point[], size = CHIP_SIZE): Similarity {
  if (landmarks68.length !== 68) throw new Error('chipToImage needs the 68 facial landmarks');
  return fitSimilarity(chipTemplate(size), landmarks68.slice(FIRST_TEMPLATE_LANDMARK));
}

export interface RgbImage {
  /** Interleaved pixels, `channels` bytes each, row by row. */
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

/**
 * Resamples the face into a `size`×`size` RGB chip (bilinear; black outside the picture), each chip
 * pixel's centre taken through `toImage`.
 */
export function cutChip(image: RgbImage, toImage: Similarity, size = CHIP_SIZE): Uint8Array {
  const { data, width, height, channels } = image;
  const out = new Uint8Array(size * size * 3);
  let o = 0;
  for (let v = 0; v < size; v++) {
    for (let u = 0; u < size; u++) {
      // Pixel centres on both sides: chip (u+½, v+½) ↦ image (x, y), then back to corner indices.
      const cu = u + 0.5;
      const cv = v + 0.5;
      const x = toImage.a * cu - toImage.b * cv + toImage.tx - 0.5;
      const y = toImage.b * cu + toImage.a * cv + toImage.ty - 0.5;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const wx = x - x0;
      const wy = y - y0;
      for (let c = 0; c < 3; c++) {
        const p00 = sample(data, width, height, channels, x0, y0, c);
        const p10 = sample(data, width, height, channels, x0 + 1, y0, c);
        const p01 = sample(data, width, height, channels, x0, y0 + 1, c);
        const p11 = sample(data, width, height, channels, x0 + 1, y0 + 1, c);
        const top = p00 + (p10 - p00) * wx;
        const bottom = p01 + (p11 - p01) * wx;
        out[o++] = Math.round(top + (bottom - top) * wy);
      }
    }
  }
  return out;
}

function sample(
  data: Uint8Array,
  width: number,
  height: number,
  channels: number,
  x: number,
  y: number,
  c: number,
): number {
  if (x < 0 || y < 0 || x >= width || y >= height) return 0;
  return data[(y * width + x) * channels + Math.min(c, channels - 1)]!;
}
