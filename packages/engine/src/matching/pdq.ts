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

/** 16×64 DCT-II matrix without the DC row: D[i][j] = sqrt(2/64)·cos(π/128·(i+1)·(2j+1)). */
const DCT_MATRIX = (() => {
  const matrix = new Float32Array(DCT_DIM * DOWNSAMPLE_DIM);
  const scale = Math.sqrt(2 / DOWNSAMPLE_DIM);
  for (let i = 0; i < DCT_DIM; i++) {
    for (let j = 0; j < DOWNSAMPLE_DIM; j++) {
      matrix[i * DOWNSAMPLE_DIM + j] = f(
        scale * Math.cos((Math.PI / 2 / DOWNSAMPLE_DIM) * (i + 1) * (2 * j + 1)),
      );
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

/** Each channel's weighted value for 0–255, as the reference's single-precision products give it. */
const weighted = (weight: number) => Float64Array.from({ length: 256 }, (_, v) => f(weight * v));
const WEIGHTED_R = weighted(LUMA_R);
const WEIGHTED_G = weighted(LUMA_G);
const WEIGHTED_B = weighted(LUMA_B);

/** Luminance from interleaved 8-bit pixels (RGB, RGBA, or one grey channel). */
export function lumaFromPixels(
  pixels: Uint8Array,
  width: number,
  height: number,
  channels: number,
): LumaImage {
  return sampledLuma(pixels, width, height, channels, width, height);
}

/**
 * Luminance of an outWidth × outHeight nearest-neighbour sample of the pixels: output (x, y) reads
 * pixel (⌊x·width/outWidth⌋, ⌊y·height/outHeight⌋), which is every pixel when the sizes agree. Only
 * the sampled pixels are read and converted.
 */
export function sampledLuma(
  pixels: Uint8Array,
  width: number,
  height: number,
  channels: number,
  outWidth: number,
  outHeight: number,
): LumaImage {
  const columnOffsets = new Int32Array(outWidth);
  for (let x = 0; x < outWidth; x++)
    columnOffsets[x] = Math.floor((x * width) / outWidth) * channels;
  const luma = new Float32Array(outWidth * outHeight);
  // A plain Uint8Array view keeps the element reads monomorphic whether a Buffer or not came in.
  const bytes = new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.length);
  if (channels < 3) {
    for (let y = 0, o = 0; y < outHeight; y++) {
      const rowStart = Math.floor((y * height) / outHeight) * width * channels;
      for (let x = 0; x < outWidth; x++, o++) luma[o] = bytes[rowStart + columnOffsets[x]!]!;
    }
    return { width: outWidth, height: outHeight, luma };
  }
  const r = WEIGHTED_R;
  const g = WEIGHTED_G;
  const b = WEIGHTED_B;
  for (let y = 0, o = 0; y < outHeight; y++) {
    const rowStart = Math.floor((y * height) / outHeight) * width * channels;
    for (let x = 0; x < outWidth; x++, o++) {
      const p = rowStart + columnOffsets[x]!;
      luma[o] = f(f(r[bytes[p]!]! + g[bytes[p + 1]!]!) + b[bytes[p + 2]!]!);
    }
  }
  return { width: outWidth, height: outHeight, luma };
}

export function jaroszWindowSize(oldDimension: number, newDimension: number): number {
  return Math.floor((oldDimension + 2 * newDimension - 1) / (2 * newDimension));
}

/**
 * The four phases of PDQ's box filter along a line: window growing at the start, full, shrinking
 * at the end.
 *
 * In the full phase the quotient sum / size is computed as sum · (1 / size) in double precision and
 * rounded to single precision on store. That is bit-for-bit the single-precision quotient: for a
 * float x and an integer d, x / d can never be a float rounding midpoint (for odd d its binary
 * expansion would need more bits than x has; an even d only shifts the exponent), and its distance
 * from one is at least 2⁻²⁵/d relative, far above the 2⁻⁵² error of the double product.
 */
function boxPhases(length: number, window: number) {
  const half = Math.floor((window + 2) / 2);
  return {
    warmUp: half - 1,
    growing: window - half + 1,
    full: length - window,
    shrinking: half - 1,
  };
}

type Phases = ReturnType<typeof boxPhases>;

/** Where a line starts, and how far apart its pixels (`along`) and neighbouring lines (`across`) lie. */
interface Lines {
  count: number;
  start: (line: number) => number;
  along: number;
  across: number;
}

const rowsOf = (width: number, height: number): Lines => ({
  count: height,
  start: (row) => row * width,
  along: 1,
  across: width,
});
const columnsOf = (width: number): Lines => ({
  count: width,
  start: (column) => column,
  along: width,
  across: 1,
});

/**
 * PDQ's box filter along every line (rows or columns). A line's running sum is a chain of dependent
 * float operations, so eight (then four) lines are filtered side by side to keep the processor busy;
 * each line still sees exactly the reference's operations in the reference's order.
 */
function boxLines(input: Float32Array, output: Float32Array, lines: Lines, phases: Phases): void {
  let line = 0;
  for (; line + 8 <= lines.count; line += 8)
    boxEightLines(input, output, lines.start(line), lines.along, lines.across, phases);
  for (; line + 4 <= lines.count; line += 4)
    boxFourLines(input, output, lines.start(line), lines.along, lines.across, phases);
  for (; line < lines.count; line++)
    boxOneLine(input, output, lines.start(line), lines.along, phases);
}

function boxOneLine(
  input: Float32Array,
  output: Float32Array,
  base: number,
  along: number,
  phases: Phases,
): void {
  let li = base;
  let ri = base;
  let oi = base;
  let sum = 0;
  let size = 0;
  for (let i = 0; i < phases.warmUp; i++, ri += along, size++) sum = f(sum + input[ri]!);
  for (let i = 0; i < phases.growing; i++, ri += along, oi += along) {
    sum = f(sum + input[ri]!);
    output[oi] = sum / ++size;
  }
  const inverse = 1 / size;
  for (let i = 0; i < phases.full; i++, ri += along, li += along, oi += along) {
    sum = f(f(sum + input[ri]!) - input[li]!);
    output[oi] = sum * inverse;
  }
  for (let i = 0; i < phases.shrinking; i++, li += along, oi += along) {
    sum = f(sum - input[li]!);
    output[oi] = sum / --size;
  }
}

/** boxOneLine on eight neighbouring lines at once (the same operations, interleaved). */
function boxEightLines(
  input: Float32Array,
  output: Float32Array,
  base: number,
  along: number,
  across: number,
  phases: Phases,
): void {
  const a1 = across;
  const a2 = 2 * across;
  const a3 = 3 * across;
  const a4 = 4 * across;
  const a5 = 5 * across;
  const a6 = 6 * across;
  const a7 = 7 * across;
  let li = base;
  let ri = base;
  let oi = base;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  let s5 = 0;
  let s6 = 0;
  let s7 = 0;
  let size = 0;
  for (let i = 0; i < phases.warmUp; i++, ri += along, size++) {
    s0 = f(s0 + input[ri]!);
    s1 = f(s1 + input[ri + a1]!);
    s2 = f(s2 + input[ri + a2]!);
    s3 = f(s3 + input[ri + a3]!);
    s4 = f(s4 + input[ri + a4]!);
    s5 = f(s5 + input[ri + a5]!);
    s6 = f(s6 + input[ri + a6]!);
    s7 = f(s7 + input[ri + a7]!);
  }
  for (let i = 0; i < phases.growing; i++, ri += along, oi += along) {
    size++;
    s0 = f(s0 + input[ri]!);
    s1 = f(s1 + input[ri + a1]!);
    s2 = f(s2 + input[ri + a2]!);
    s3 = f(s3 + input[ri + a3]!);
    s4 = f(s4 + input[ri + a4]!);
    s5 = f(s5 + input[ri + a5]!);
    s6 = f(s6 + input[ri + a6]!);
    s7 = f(s7 + input[ri + a7]!);
    output[oi] = s0 / size;
    output[oi + a1] = s1 / size;
    output[oi + a2] = s2 / size;
    output[oi + a3] = s3 / size;
    output[oi + a4] = s4 / size;
    output[oi + a5] = s5 / size;
    output[oi + a6] = s6 / size;
    output[oi + a7] = s7 / size;
  }
  const inverse = 1 / size;
  for (let i = 0; i < phases.full; i++, ri += along, li += along, oi += along) {
    s0 = f(f(s0 + input[ri]!) - input[li]!);
    s1 = f(f(s1 + input[ri + a1]!) - input[li + a1]!);
    s2 = f(f(s2 + input[ri + a2]!) - input[li + a2]!);
    s3 = f(f(s3 + input[ri + a3]!) - input[li + a3]!);
    s4 = f(f(s4 + input[ri + a4]!) - input[li + a4]!);
    s5 = f(f(s5 + input[ri + a5]!) - input[li + a5]!);
    s6 = f(f(s6 + input[ri + a6]!) - input[li + a6]!);
    s7 = f(f(s7 + input[ri + a7]!) - input[li + a7]!);
    output[oi] = s0 * inverse;
    output[oi + a1] = s1 * inverse;
    output[oi + a2] = s2 * inverse;
    output[oi + a3] = s3 * inverse;
    output[oi + a4] = s4 * inverse;
    output[oi + a5] = s5 * inverse;
    output[oi + a6] = s6 * inverse;
    output[oi + a7] = s7 * inverse;
  }
  for (let i = 0; i < phases.shrinking; i++, li += along, oi += along) {
    size--;
    s0 = f(s0 - input[li]!);
    s1 = f(s1 - input[li + a1]!);
    s2 = f(s2 - input[li + a2]!);
    s3 = f(s3 - input[li + a3]!);
    s4 = f(s4 - input[li + a4]!);
    s5 = f(s5 - input[li + a5]!);
    s6 = f(s6 - input[li + a6]!);
    s7 = f(s7 - input[li + a7]!);
    output[oi] = s0 / size;
    output[oi + a1] = s1 / size;
    output[oi + a2] = s2 / size;
    output[oi + a3] = s3 / size;
    output[oi + a4] = s4 / size;
    output[oi + a5] = s5 / size;
    output[oi + a6] = s6 / size;
    output[oi + a7] = s7 / size;
  }
}

/** boxOneLine on four neighbouring lines at once (the same operations, interleaved). */
function boxFourLines(
  input: Float32Array,
  output: Float32Array,
  base: number,
  along: number,
  across: number,
  phases: Phases,
): void {
  const a1 = across;
  const a2 = 2 * across;
  const a3 = 3 * across;
  let li = base;
  let ri = base;
  let oi = base;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let size = 0;
  for (let i = 0; i < phases.warmUp; i++, ri += along, size++) {
    s0 = f(s0 + input[ri]!);
    s1 = f(s1 + input[ri + a1]!);
    s2 = f(s2 + input[ri + a2]!);
    s3 = f(s3 + input[ri + a3]!);
  }
  for (let i = 0; i < phases.growing; i++, ri += along, oi += along) {
    size++;
    s0 = f(s0 + input[ri]!);
    s1 = f(s1 + input[ri + a1]!);
    s2 = f(s2 + input[ri + a2]!);
    s3 = f(s3 + input[ri + a3]!);
    output[oi] = s0 / size;
    output[oi + a1] = s1 / size;
    output[oi + a2] = s2 / size;
    output[oi + a3] = s3 / size;
  }
  const inverse = 1 / size;
  for (let i = 0; i < phases.full; i++, ri += along, li += along, oi += along) {
    s0 = f(f(s0 + input[ri]!) - input[li]!);
    s1 = f(f(s1 + input[ri + a1]!) - input[li + a1]!);
    s2 = f(f(s2 + input[ri + a2]!) - input[li + a2]!);
    s3 = f(f(s3 + input[ri + a3]!) - input[li + a3]!);
    output[oi] = s0 * inverse;
    output[oi + a1] = s1 * inverse;
    output[oi + a2] = s2 * inverse;
    output[oi + a3] = s3 * inverse;
  }
  for (let i = 0; i < phases.shrinking; i++, li += along, oi += along) {
    size--;
    s0 = f(s0 - input[li]!);
    s1 = f(s1 - input[li + a1]!);
    s2 = f(s2 - input[li + a2]!);
    s3 = f(s3 - input[li + a3]!);
    output[oi] = s0 / size;
    output[oi + a1] = s1 / size;
    output[oi + a2] = s2 / size;
    output[oi + a3] = s3 / size;
  }
}

// Two working buffers reused across calls (every element is written before it is read), so that
// hashing a stream of pictures does not allocate and zero two picture-sized arrays each time.
let scratch: [Float32Array, Float32Array] = [new Float32Array(0), new Float32Array(0)];
const SCRATCH_KEEP_LIMIT = 512 * 512;

function scratchBuffers(length: number): [Float32Array, Float32Array] {
  if (length > SCRATCH_KEEP_LIMIT) return [new Float32Array(length), new Float32Array(length)];
  if (scratch[0].length < length)
    scratch = [new Float32Array(SCRATCH_KEEP_LIMIT), new Float32Array(SCRATCH_KEEP_LIMIT)];
  return scratch;
}

/** Where the decimation to 64 samples reads along a side of `length` pixels. */
function samplePositions(length: number): Int32Array {
  const positions = new Int32Array(DOWNSAMPLE_DIM);
  for (let i = 0; i < DOWNSAMPLE_DIM; i++)
    positions[i] = Math.floor(((i + 0.5) * length) / DOWNSAMPLE_DIM);
  return positions;
}

/**
 * Jarosz filter (repeated box filters ≈ tent) then decimation to 64×64. The last column pass runs
 * only over the 64 columns the decimation reads, gathered side by side: each column's sums are
 * independent of the others, so the kept values are bit-for-bit those of the full pass.
 */
export function downsample64(image: LumaImage): Float32Array {
  const { width, height, luma } = image;
  const [a, b] = scratchBuffers(luma.length);
  const rows = samplePositions(height);
  const columns = samplePositions(width);
  const rowPhases = boxPhases(width, jaroszWindowSize(width, DOWNSAMPLE_DIM));
  const columnPhases = boxPhases(height, jaroszWindowSize(height, DOWNSAMPLE_DIM));
  boxLines(luma, b, rowsOf(width, height), rowPhases);
  boxLines(b, a, columnsOf(width), columnPhases);
  boxLines(a, b, rowsOf(width, height), rowPhases);
  const kept = new Float32Array(DOWNSAMPLE_DIM * height);
  for (let row = 0, k = 0; row < height; row++) {
    for (let j = 0; j < DOWNSAMPLE_DIM; j++, k++) kept[k] = b[row * width + columns[j]!]!;
  }
  const filtered = new Float32Array(kept.length);
  boxLines(kept, filtered, columnsOf(DOWNSAMPLE_DIM), columnPhases);
  const out = new Float32Array(DOWNSAMPLE_DIM * DOWNSAMPLE_DIM);
  for (let i = 0; i < DOWNSAMPLE_DIM; i++)
    out.set(
      filtered.subarray(rows[i]! * DOWNSAMPLE_DIM, (rows[i]! + 1) * DOWNSAMPLE_DIM),
      i * DOWNSAMPLE_DIM,
    );
  return out;
}

/** PDQ's quality: how much gradient the 64×64 picture has, 0–100. */
export function qualityOf(buffer64: Float32Array): number {
  let gradientSum = 0;
  for (let i = 0; i < DOWNSAMPLE_DIM - 1; i++) {
    for (let j = 0; j < DOWNSAMPLE_DIM; j++) {
      const d = Math.trunc(
        f(f(f(buffer64[i * 64 + j]! - buffer64[(i + 1) * 64 + j]!) * 100) / 255),
      );
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

/**
 * B = D·A·Dᵀ: the 16×16 low-frequency DCT coefficients of the 64×64 picture. Every cell sums its
 * products in the reference's order (k ascending) in single precision; looping over k outside lets
 * the cells' sums proceed independently.
 */
export function dct16(buffer64: Float32Array): Float32Array {
  const temp = new Float32Array(DCT_DIM * DOWNSAMPLE_DIM);
  for (let i = 0; i < DCT_DIM; i++) {
    const row = i * DOWNSAMPLE_DIM;
    for (let k = 0; k < DOWNSAMPLE_DIM; k++) {
      const d = DCT_MATRIX[row + k]!;
      const from = k * DOWNSAMPLE_DIM;
      for (let j = 0; j < DOWNSAMPLE_DIM; j++)
        temp[row + j] = f(temp[row + j]! + f(d * buffer64[from + j]!));
    }
  }
  const out = new Float32Array(DCT_DIM * DCT_DIM);
  for (let i = 0; i < DCT_DIM; i++) {
    for (let k = 0; k < DOWNSAMPLE_DIM; k++) {
      const t = temp[i * DOWNSAMPLE_DIM + k]!;
      for (let j = 0; j < DCT_DIM; j++)
        out[i * DCT_DIM + j] = f(
          out[i * DCT_DIM + j]! + f(t * DCT_MATRIX[j * DOWNSAMPLE_DIM + k]!),
        );
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
    distance +=
      POPCOUNT[Number.parseInt(a.slice(i, i + 2), 16) ^ Number.parseInt(b.slice(i, i + 2), 16)]!;
  }
  return distance;
}
