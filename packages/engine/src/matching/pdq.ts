// PDQ, Meta's 256-bit perceptual image hash, ported from the published algorithm: luminance,
// Jarosz tent-filter downsampling to 64×64, a 16×16 DCT, median threshold, and the quality metric.
// Float arithmetic is kept in single precision (Math.fround), as the reference does, so that the
// bits agree with Meta's hasher.

const f = Math.fround;

export const PDQ_HASH_BITS = 256;
const LUMA_R = f(0.299);
const LUMA_G = f(0.587);
const LUMA_B = f(0.114);
const DOWNSAMPLE_DIM = 64;
const DCT_DIM = 16;
const JAROSZ_PASSES = 2;

/** 16×64 DCT-II matrix without the DC row: D[i][j] = sqrt(2/64)·cos(π/128·(i+1)·(2j+1)). */
const DCT_MATRIX = (() => {
  const matrix = new Float32Array(DCT_DIM * DOWNSAMPLE_DIM);
  const scale = Math.sqrt(2 / DOWNSAMPLE_DIM);
  for (let i = 0; i < DCT_DIM; i++) {
    for (let j = 0; j < DOWNSAMPLE_DIM; j++) {
      matrix[i * DOWNSAMPLE_DIM + j] = f(scale * Math.cos((Math.PI / 2 / DOWNSAMPLE_DIM) * (i + 1) * (2 * j + 1)));
    }
  }
  return matrix;
})();

/** Row-major luminance (0–255) of an image. */
export interface LumaImage {
  width: number;
  height: number;
  luma: Float32Array;
}

export interface PdqResult {
  /** 64 hex digits, in the reference's order (word 15 first). */
  hash: string;
  /** 0–100; below 50 the hash says little about the picture. */
  quality: number;
}

export interface PdqDihedral extends PdqResult {
  /** Hashes of the picture rotated and mirrored, derived from the same DCT. */
  dihedral: DihedralHashes;
}

export interface DihedralHashes {
  original: string;
  rotate90: string;
  rotate180: string;
  rotate270: string;
  flipX: string;
  flipY: string;
  flipPlus1: string;
  flipMinus1: string;
}

/** Luminance from interleaved 8-bit pixels (RGB, RGBA, or one grey channel). */
export function lumaFromPixels(pixels: Uint8Array, width: number, height: number, channels: number): LumaImage {
  const luma = new Float32Array(width * height);
  if (channels < 3) {
    for (let i = 0; i < luma.length; i++) luma[i] = pixels[i * channels]!;
  } else {
    for (let i = 0, p = 0; i < luma.length; i++, p += channels) {
      luma[i] = f(f(f(LUMA_R * pixels[p]!) + f(LUMA_G * pixels[p + 1]!)) + f(LUMA_B * pixels[p + 2]!));
    }
  }
  return { width, height, luma };
}

export function jaroszWindowSize(oldDimension: number, newDimension: number): number {
  return Math.floor((oldDimension + 2 * newDimension - 1) / (2 * newDimension));
}

/** The four phases of PDQ's box filter: window growing at the start, full, shrinking at the end. */
function boxPhases(length: number, window: number) {
  const half = Math.floor((window + 2) / 2);
  return { warmUp: half - 1, growing: window - half + 1, full: length - window, shrinking: half - 1 };
}

/** Box filter along each row (contiguous memory). */
function boxRows(input: Float32Array, output: Float32Array, width: number, height: number, window: number): void {
  const phases = boxPhases(width, window);
  for (let row = 0; row < height; row++) {
    const base = row * width;
    let li = base;
    let ri = base;
    let oi = base;
    let sum = 0;
    let size = 0;
    for (let i = 0; i < phases.warmUp; i++, size++) sum = f(sum + input[ri++]!);
    for (let i = 0; i < phases.growing; i++) {
      sum = f(sum + input[ri++]!);
      output[oi++] = sum / ++size;
    }
    for (let i = 0; i < phases.full; i++) {
      sum = f(f(sum + input[ri++]!) - input[li++]!);
      output[oi++] = sum / size;
    }
    for (let i = 0; i < phases.shrinking; i++) {
      sum = f(sum - input[li++]!);
      output[oi++] = sum / --size;
    }
  }
}

/**
 * Box filter along each column, swept row by row with one running sum per column: the same float
 * operations in the same order as filtering each column alone, but reading memory in order.
 */
function boxColumns(input: Float32Array, output: Float32Array, width: number, height: number, window: number): void {
  const phases = boxPhases(height, window);
  const sums = new Float32Array(width); // every store rounds to single precision, as the reference's floats do
  let li = 0;
  let ri = 0;
  let oi = 0;
  let size = 0;
  for (let i = 0; i < phases.warmUp; i++, ri += width, size++) {
    for (let c = 0; c < width; c++) sums[c] = sums[c]! + input[ri + c]!;
  }
  for (let i = 0; i < phases.growing; i++, ri += width, oi += width) {
    size++;
    for (let c = 0; c < width; c++) output[oi + c] = (sums[c] = sums[c]! + input[ri + c]!) / size;
  }
  for (let i = 0; i < phases.full; i++, ri += width, li += width, oi += width) {
    for (let c = 0; c < width; c++) output[oi + c] = (sums[c] = f(sums[c]! + input[ri + c]!) - input[li + c]!) / size;
  }
  for (let i = 0; i < phases.shrinking; i++, li += width, oi += width) {
    size--;
    for (let c = 0; c < width; c++) output[oi + c] = (sums[c] = sums[c]! - input[li + c]!) / size;
  }
}

/** Jarosz filter (repeated box filters ≈ tent) then decimation to 64×64. */
export function downsample64(image: LumaImage): Float32Array {
  const { width, height } = image;
  const a = Float32Array.from(image.luma);
  const b = new Float32Array(a.length);
  const windowAlongRows = jaroszWindowSize(width, DOWNSAMPLE_DIM);
  const windowAlongCols = jaroszWindowSize(height, DOWNSAMPLE_DIM);
  for (let pass = 0; pass < JAROSZ_PASSES; pass++) {
    boxRows(a, b, width, height, windowAlongRows);
    boxColumns(b, a, width, height, windowAlongCols);
  }
  const out = new Float32Array(DOWNSAMPLE_DIM * DOWNSAMPLE_DIM);
  for (let i = 0; i < DOWNSAMPLE_DIM; i++) {
    const row = Math.floor(((i + 0.5) * height) / DOWNSAMPLE_DIM);
    for (let j = 0; j < DOWNSAMPLE_DIM; j++) {
      const col = Math.floor(((j + 0.5) * width) / DOWNSAMPLE_DIM);
      out[i * DOWNSAMPLE_DIM + j] = a[row * width + col]!;
    }
  }
  return out;
}

/** PDQ's quality: how much gradient the 64×64 picture has, 0–100. */
export function qualityOf(buffer64: Float32Array): number {
  let gradientSum = 0;
  for (let i = 0; i < DOWNSAMPLE_DIM - 1; i++) {
    for (let j = 0; j < DOWNSAMPLE_DIM; j++) {
      const d = Math.trunc(f(f(f(buffer64[i * 64 + j]! - buffer64[(i + 1) * 64 + j]!) * 100) / 255));
      gradientSum += Math.abs(d);
    }
  }
  for (let i = 0; i < DOWNSAMPLE_DIM; i++) {
    for (let j = 0; j < DOWNSAMPLE_DIM - 1; j++) {
      const d = Math.trunc(f(f(f(buffer64[i * 64 + j]! - buffer64[i * 64 + j + 1]!) * 100) / 255));
      gradientSum += Math.abs(d);
    }
  }
  return Math.min(100, Math.trunc(gradientSum / 90));
}

/** B = D·A·Dᵀ: the 16×16 low-frequency DCT coefficients of the 64×64 picture. */
export function dct16(buffer64: Float32Array): Float32Array {
  const temp = new Float32Array(DCT_DIM * DOWNSAMPLE_DIM);
  for (let i = 0; i < DCT_DIM; i++) {
    for (let j = 0; j < DOWNSAMPLE_DIM; j++) {
      let sum = 0;
      for (let k = 0; k < DOWNSAMPLE_DIM; k++) sum = f(sum + f(DCT_MATRIX[i * 64 + k]! * buffer64[k * 64 + j]!));
      temp[i * 64 + j] = sum;
    }
  }
  const out = new Float32Array(DCT_DIM * DCT_DIM);
  for (let i = 0; i < DCT_DIM; i++) {
    for (let j = 0; j < DCT_DIM; j++) {
      let sum = 0;
      for (let k = 0; k < DOWNSAMPLE_DIM; k++) sum = f(sum + f(temp[i * 64 + k]! * DCT_MATRIX[j * 64 + k]!));
      out[i * 16 + j] = sum;
    }
  }
  return out;
}

/** Torben's median, as the reference computes it (the lower middle value for an even count). */
function median(values: Float32Array): number {
  let min = values[0]!;
  let max = values[0]!;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const half = (values.length + 1) >> 1;
  for (;;) {
    const guess = f((min + max) / 2);
    let less = 0;
    let greater = 0;
    let equal = 0;
    let maxLessThanGuess = min;
    let minGreaterThanGuess = max;
    for (const v of values) {
      if (v < guess) {
        less++;
        if (v > maxLessThanGuess) maxLessThanGuess = v;
      } else if (v > guess) {
        greater++;
        if (v < minGreaterThanGuess) minGreaterThanGuess = v;
      } else {
        equal++;
      }
    }
    if (less <= half && greater <= half) {
      if (less >= half) return maxLessThanGuess;
      if (less + equal >= half) return guess;
      return minGreaterThanGuess;
    }
    if (less > greater) max = maxLessThanGuess;
    else min = minGreaterThanGuess;
  }
}

/** Bit k = i·16 + j is set when coefficient (i, j) is above the median; words print 15 → 0. */
export function hashFromDct(coefficients: Float32Array): string {
  const threshold = median(coefficients);
  const words = new Uint16Array(16);
  for (let k = 0; k < 256; k++) {
    if (coefficients[k]! > threshold) words[k >> 4]! |= 1 << (k & 15);
  }
  let hex = '';
  for (let w = 15; w >= 0; w--) hex += words[w]!.toString(16).padStart(4, '0');
  return hex;
}

type Transform = (i: number, j: number, value: number) => [number, number, number];

/** How each dihedral transform of the picture moves and signs the DCT coefficients (basis starts at k = 1). */
const DIHEDRAL: Record<Exclude<keyof DihedralHashes, 'original'>, Transform> = {
  rotate90: (i, j, v) => [j, i, j & 1 ? v : -v],
  rotate180: (i, j, v) => [i, j, (i + j) & 1 ? -v : v],
  rotate270: (i, j, v) => [j, i, i & 1 ? v : -v],
  flipX: (i, j, v) => [i, j, i & 1 ? v : -v],
  flipY: (i, j, v) => [i, j, j & 1 ? v : -v],
  flipPlus1: (i, j, v) => [j, i, v],
  flipMinus1: (i, j, v) => [j, i, (i + j) & 1 ? -v : v],
};

function transformDct(coefficients: Float32Array, transform: Transform): Float32Array {
  const out = new Float32Array(256);
  for (let i = 0; i < 16; i++) {
    for (let j = 0; j < 16; j++) {
      const [ti, tj, v] = transform(i, j, coefficients[i * 16 + j]!);
      out[ti * 16 + tj] = v;
    }
  }
  return out;
}

export function pdqFromLuma(image: LumaImage): PdqResult {
  const buffer64 = downsample64(image);
  return { hash: hashFromDct(dct16(buffer64)), quality: qualityOf(buffer64) };
}

export function pdqWithDihedral(image: LumaImage): PdqDihedral {
  const buffer64 = downsample64(image);
  const coefficients = dct16(buffer64);
  const original = hashFromDct(coefficients);
  const dihedral = { original } as DihedralHashes;
  for (const [name, transform] of Object.entries(DIHEDRAL)) {
    dihedral[name as keyof typeof DIHEDRAL] = hashFromDct(transformDct(coefficients, transform));
  }
  return { hash: original, quality: qualityOf(buffer64), dihedral };
}

const POPCOUNT = (() => {
  const table = new Uint8Array(256);
  for (let i = 1; i < 256; i++) table[i] = (i & 1) + table[i >> 1]!;
  return table;
})();

/** Number of differing bits between two hex hashes. */
export function hammingDistance(a: string, b: string): number {
  let distance = 0;
  for (let i = 0; i < 64; i += 2) {
    distance += POPCOUNT[Number.parseInt(a.slice(i, i + 2), 16) ^ Number.parseInt(b.slice(i, i + 2), 16)]!;
  }
  return distance;
}
