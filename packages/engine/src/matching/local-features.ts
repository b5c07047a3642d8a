// Local features for copy detection: corners found at several scales (Shi–Tomasi on an image pyramid)
// and described by a 256-bit binary descriptor (BRIEF-like intensity comparisons on a smoothed patch).
//
// Why these choices:
// - Leaked copies are cropped, padded, screenshotted and rotated a little. Global hashes (PDQ) move by
//   ~30 bits for a 3% crop; local features survive all of these, and the geometry of matched features
//   proves a copy far better than any distance threshold.
// - Descriptors are upright (no orientation): the edits rotate by at most a few degrees, which binary
//   descriptors tolerate, and skipping orientation keeps them more distinctive.
// - The sampling pattern is mirror-symmetric: bit i+128 compares the mirror images of the points that
//   bit i compares, so the descriptor of a mirrored copy is the descriptor with its two halves swapped.
//   A mirrored candidate is matched without computing anything again.

export const DESCRIPTOR_WORDS = 8; // 8 × 32 bits
const PATCH_RADIUS = 15;
/** Keypoints keep this far from a level's border so that every sample of the patch is inside. */
const MARGIN = PATCH_RADIUS + 3;
/** Pyramid levels: level l is the image scaled by 2^(-l/2). */
export const MAX_LEVELS = 5;

/** Grey image, 0–255, row-major. */
export interface GreyImage {
  width: number;
  height: number;
  data: Float32Array;
}

export interface KeypointSet {
  count: number;
  /** Position in level-0 pixels of the image the features were computed on. */
  x: Float32Array;
  y: Float32Array;
  /** Pyramid level (scale 2^(-level/2)). */
  level: Uint8Array;
  /** `count × DESCRIPTOR_WORDS` words. */
  descriptors: Uint32Array;
}

export interface FeatureOptions {
  /** Most keypoints kept per level, finest level first. */
  perLevel: readonly number[];
  /** Cell size (level pixels) of the grid that spreads keypoints over the picture. */
  cell?: number;
  /** Keypoints kept per cell before the level's best are chosen. */
  perCell?: number;
}

/** Small deterministic PRNG (mulberry32): the pattern must be identical in every process. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 128 point pairs (dx1, dy1, dx2, dy2), then their 128 mirror images. */
const PATTERN = (() => {
  const random = mulberry32(0x5a4b);
  const gaussian = () => {
    // Box–Muller, σ = patch size / 5 as in BRIEF's G II pattern, clipped to the patch.
    const u = Math.max(random(), 1e-9);
    const v = random();
    const value =
      Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v) * ((2 * PATCH_RADIUS + 1) / 5);
    return Math.max(-PATCH_RADIUS, Math.min(PATCH_RADIUS, Math.round(value)));
  };
  const pairs = new Int8Array(256 * 4);
  for (let i = 0; i < 128; i++) {
    let a: number[];
    do a = [gaussian(), gaussian(), gaussian(), gaussian()];
    while (a[0] === a[2] && a[1] === a[3]);
    pairs.set(a, i * 4);
    pairs.set([-a[0]!, a[1]!, -a[2]!, a[3]!], (i + 128) * 4);
  }
  return pairs;
})();

/** The descriptor of the mirrored patch: the two halves swap. */
export function mirrorDescriptor(
  descriptors: Uint32Array,
  index: number,
  out: Uint32Array,
  outIndex: number,
): void {
  const from = index * DESCRIPTOR_WORDS;
  const to = outIndex * DESCRIPTOR_WORDS;
  for (let w = 0; w < 4; w++) {
    out[to + w] = descriptors[from + w + 4]!;
    out[to + w + 4] = descriptors[from + w]!;
  }
}

export function popcount32(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

export function descriptorDistance(a: Uint32Array, ai: number, b: Uint32Array, bi: number): number {
  const pa = ai * DESCRIPTOR_WORDS;
  const pb = bi * DESCRIPTOR_WORDS;
  let d = 0;
  for (let w = 0; w < DESCRIPTOR_WORDS; w++) d += popcount32(a[pa + w]! ^ b[pb + w]!);
  return d;
}

/** Halves each side with 2×2 averaging. */
export function halve(image: GreyImage): GreyImage {
  const width = image.width >> 1;
  const height = image.height >> 1;
  const data = new Float32Array(width * height);
  const src = image.data;
  const w0 = image.width;
  for (let y = 0; y < height; y++) {
    const r0 = 2 * y * w0;
    const r1 = r0 + w0;
    for (let x = 0; x < width; x++) {
      const c = 2 * x;
      data[y * width + x] =
        (src[r0 + c]! + src[r0 + c + 1]! + src[r1 + c]! + src[r1 + c + 1]!) * 0.25;
    }
  }
  return { width, height, data };
}

/** Scales by 1/√2: a light [1 2 1] blur, then bilinear sampling. */
function shrinkRoot2(image: GreyImage): GreyImage {
  const blurred = boxBlur(image, 1);
  const width = Math.max(1, Math.round(image.width / Math.SQRT2));
  const height = Math.max(1, Math.round(image.height / Math.SQRT2));
  return resampleBilinear(blurred, width, height);
}

export function resampleBilinear(image: GreyImage, width: number, height: number): GreyImage {
  const data = new Float32Array(width * height);
  const sx = image.width / width;
  const sy = image.height / height;
  const src = image.data;
  const w0 = image.width;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(Math.max((y + 0.5) * sy - 0.5, 0), image.height - 1);
    const y0 = Math.floor(fy);
    const y1 = Math.min(y0 + 1, image.height - 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(Math.max((x + 0.5) * sx - 0.5, 0), w0 - 1);
      const x0 = Math.floor(fx);
      const x1 = Math.min(x0 + 1, w0 - 1);
      const wx = fx - x0;
      const top = src[y0 * w0 + x0]! * (1 - wx) + src[y0 * w0 + x1]! * wx;
      const bottom = src[y1 * w0 + x0]! * (1 - wx) + src[y1 * w0 + x1]! * wx;
      data[y * width + x] = top * (1 - wy) + bottom * wy;
    }
  }
  return { width, height, data };
}

/** Separable box blur of radius r (window 2r+1), edges clamped. */
export function boxBlur(image: GreyImage, r: number, into?: Float32Array): GreyImage {
  const { width, height } = image;
  const tmp = scratch(SCRATCH_BLUR, width * height);
  const out = into ?? new Float32Array(width * height);
  boxRows(image.data, tmp, width, height, r);
  boxColumns(tmp, out, width, height, r);
  return { width, height, data: out };
}

function boxRows(
  src: Float32Array,
  dst: Float32Array,
  width: number,
  height: number,
  r: number,
): void {
  const norm = 1 / (2 * r + 1);
  const last = width - 1;
  for (let y = 0; y < height; y++) {
    const base = y * width;
    let sum = 0;
    for (let k = -r; k <= r; k++) sum += src[base + Math.min(Math.max(k, 0), last)]!;
    const interiorEnd = Math.max(0, Math.min(width, width - r - 1));
    let x = 0;
    for (; x < Math.min(r, interiorEnd); x++) {
      dst[base + x] = sum * norm;
      sum += src[base + x + r + 1]! - src[base]!;
    }
    for (; x < interiorEnd; x++) {
      dst[base + x] = sum * norm;
      sum += src[base + x + r + 1]! - src[base + x - r]!;
    }
    for (; x < width; x++) {
      dst[base + x] = sum * norm;
      sum += src[base + last]! - src[base + Math.max(x - r, 0)]!;
    }
  }
}

/** The vertical pass, swept row by row with one running sum per column (memory read in order). */
function boxColumns(
  src: Float32Array,
  dst: Float32Array,
  width: number,
  height: number,
  r: number,
): void {
  const norm = 1 / (2 * r + 1);
  const last = height - 1;
  const sums = new Float64Array(width);
  for (let k = -r; k <= r; k++) {
    const row = Math.min(Math.max(k, 0), last) * width;
    for (let x = 0; x < width; x++) sums[x]! += src[row + x]!;
  }
  for (let y = 0; y < height; y++) {
    const out = y * width;
    const add = Math.min(y + r + 1, last) * width;
    const drop = Math.max(y - r, 0) * width;
    for (let x = 0; x < width; x++) {
      dst[out + x] = sums[x]! * norm;
      sums[x]! += src[add + x]! - src[drop + x]!;
    }
  }
}

/** Pyramid: level l is the image scaled by 2^(-l/2), as long as it keeps room for a patch. */
export function buildPyramid(image: GreyImage, levels = MAX_LEVELS): GreyImage[] {
  const pyramid = [image];
  const minSide = 2 * MARGIN + 8;
  for (let l = 1; l < levels; l++) {
    const next = l === 1 ? shrinkRoot2(image) : halve(pyramid[l - 2]!);
    if (next.width < minSide || next.height < minSide) break;
    pyramid.push(next);
  }
  return pyramid;
}

/** Reused work buffers (the functions using them are synchronous), so that GC stays quiet. */
const SCRATCH_RING = 0;
const SCRATCH_PRODUCTS = 1;
const SCRATCH_VERTICAL = 2;
const SCRATCH_BLUR = 3;
const SCRATCH_SMOOTHED = 4;
const scratchBuffers: Float32Array[] = [];
function scratch(slot: number, length: number): Float32Array {
  if ((scratchBuffers[slot]?.length ?? 0) < length)
    scratchBuffers[slot] = new Float32Array(Math.ceil(length * 1.25));
  return scratchBuffers[slot]!.subarray(0, length);
}

/**
 * Shi–Tomasi response (smaller eigenvalue of the structure tensor, averaged over a 5×5 window), computed
 * only where a keypoint can be (and its 3×3 neighbourhood); zero elsewhere. Rows are swept once, with
 * the horizontal sums of the last five rows in a small ring so that everything stays in cache.
 */
function cornerResponse(image: GreyImage): Float32Array {
  const { width, height, data } = image;
  const response = new Float32Array(width * height);
  const x0 = MARGIN - 1;
  const x1 = width - MARGIN + 1;
  const y0 = MARGIN - 1;
  const y1 = height - MARGIN + 1;
  if (x1 <= x0 || y1 <= y0) return response;
  const span = x1 - x0;
  const ring = scratch(SCRATCH_RING, 15 * span);
  const products = scratch(SCRATCH_PRODUCTS, 3 * span + 12);
  const vertical = scratch(SCRATCH_VERTICAL, 3 * span);
  ring.fill(0);
  vertical.fill(0);
  const norm = 1 / 25;
  // Row y's horizontal 5-sums of (gx², gy², gx·gy) go to ring slot y mod 5; the vertical running sum
  // over rows y−4 … y then belongs to output row y − 2.
  for (let y = y0 - 2; y < y1 + 2; y++) {
    for (let k = 0, i = y * width + x0 - 2, p = 0; k < span + 4; k++, i++, p += 3) {
      const gx = data[i + 1]! - data[i - 1]!;
      const gy = data[i + width]! - data[i - width]!;
      products[p] = gx * gx;
      products[p + 1] = gy * gy;
      products[p + 2] = gx * gy;
    }
    let sxx = products[0]! + products[3]! + products[6]! + products[9]!;
    let syy = products[1]! + products[4]! + products[7]! + products[10]!;
    let sxy = products[2]! + products[5]! + products[8]! + products[11]!;
    const slot = ((y % 5) + 5) % 5;
    const out = (y - 2) * width + x0;
    const isOutputRow = y >= y0 + 2;
    for (let k = 0, p = 0, r = slot * span * 3; k < span; k++, p += 3, r += 3) {
      sxx += products[p + 12]!;
      syy += products[p + 13]!;
      sxy += products[p + 14]!;
      const a = (vertical[p]! += sxx - ring[r]!);
      const c = (vertical[p + 1]! += syy - ring[r + 1]!);
      const b = (vertical[p + 2]! += sxy - ring[r + 2]!);
      ring[r] = sxx;
      ring[r + 1] = syy;
      ring[r + 2] = sxy;
      sxx -= products[p]!;
      syy -= products[p + 1]!;
      sxy -= products[p + 2]!;
      if (isOutputRow) {
        const half = (a - c) * 0.5 * norm;
        const bn = b * norm;
        response[out + k] = (a + c) * 0.5 * norm - Math.sqrt(half * half + bn * bn);
      }
    }
  }
  return response;
}

/** Below this corner strength (gradients on 0–255) a "corner" is often JPEG noise or a flat gradient. */
const MIN_RESPONSE = 150;
/**
 * Pictures with little texture (graphics, smooth objects) have few strong corners: a level that finds
 * fewer than half its quota takes weaker ones too, down to this strength.
 */
const MIN_WEAK_RESPONSE = 20;

interface Corner {
  x: number;
  y: number;
  response: number;
}

function detectCorners(
  image: GreyImage,
  maxCorners: number,
  cell: number,
  perCell: number,
): Corner[] {
  const { width, height } = image;
  if (maxCorners <= 0 || width <= 2 * MARGIN || height <= 2 * MARGIN) return [];
  const response = cornerResponse(image);
  const cellsX = Math.ceil(width / cell);
  const cellsY = Math.ceil(height / cell);
  // Per cell, the `perCell` strongest local maxima, strongest first (pixel index and response).
  const slots = cellsX * cellsY * perCell;
  const bestIndex = new Int32Array(slots).fill(-1);
  const bestResponse = new Float32Array(slots);
  for (let y = MARGIN; y < height - MARGIN; y++) {
    const rowCells = Math.floor(y / cell) * cellsX;
    for (let x = MARGIN, i = y * width + MARGIN; x < width - MARGIN; x++, i++) {
      const r = response[i]!;
      if (r < MIN_WEAK_RESPONSE) continue;
      // Strict 3×3 maximum (ties broken towards the top-left so that one pixel wins).
      if (
        r <= response[i - 1]! ||
        r < response[i + 1]! ||
        r <= response[i - width - 1]! ||
        r <= response[i - width]! ||
        r <= response[i - width + 1]! ||
        r < response[i + width - 1]! ||
        r < response[i + width]! ||
        r < response[i + width + 1]!
      ) {
        continue;
      }
      const base = (rowCells + Math.floor(x / cell)) * perCell;
      if (r <= bestResponse[base + perCell - 1]! && bestIndex[base + perCell - 1]! >= 0) continue;
      // Insertion into the cell's short sorted list.
      let k = perCell - 1;
      while (k > 0 && (bestIndex[base + k - 1]! < 0 || r > bestResponse[base + k - 1]!)) {
        bestIndex[base + k] = bestIndex[base + k - 1]!;
        bestResponse[base + k] = bestResponse[base + k - 1]!;
        k--;
      }
      bestIndex[base + k] = i;
      bestResponse[base + k] = r;
    }
  }
  const all: Corner[] = [];
  for (let k = 0; k < slots; k++) {
    const i = bestIndex[k]!;
    if (i >= 0) all.push({ x: i % width, y: Math.floor(i / width), response: bestResponse[k]! });
  }
  all.sort((p, q) => q.response - p.response || p.y - q.y || p.x - q.x);
  const strong = all.filter((c) => c.response >= MIN_RESPONSE).length;
  return all.slice(0, strong >= maxCorners / 2 ? Math.min(strong, maxCorners) : maxCorners);
}

/** The pattern as pixel offsets for an image of this width: [first, second] point of each bit. */
function patternOffsets(width: number): Int32Array {
  const offsets = new Int32Array(512);
  for (let bit = 0; bit < 256; bit++) {
    offsets[2 * bit] = PATTERN[bit * 4 + 1]! * width + PATTERN[bit * 4]!;
    offsets[2 * bit + 1] = PATTERN[bit * 4 + 3]! * width + PATTERN[bit * 4 + 2]!;
  }
  return offsets;
}

function describe(
  smoothed: GreyImage,
  offsets: Int32Array,
  x: number,
  y: number,
  out: Uint32Array,
  index: number,
): void {
  const data = smoothed.data;
  const center = y * smoothed.width + x;
  const base = index * DESCRIPTOR_WORDS;
  for (let w = 0, o = 0; w < DESCRIPTOR_WORDS; w++) {
    let word = 0;
    for (let b = 0; b < 32; b++, o += 2) {
      if (data[center + offsets[o]!]! < data[center + offsets[o + 1]!]!) word |= 1 << b;
    }
    out[base + w] = word >>> 0;
  }
}

/** Keypoints and descriptors of a grey image, strongest first within each level. */
export function extractFeatures(image: GreyImage, options: FeatureOptions): KeypointSet {
  return extractFeaturesFromPyramid(buildPyramid(image, options.perLevel.length), options);
}

/** The same, on a pyramid the caller built (and reuses for other purposes). */
export function extractFeaturesFromPyramid(
  pyramid: readonly GreyImage[],
  options: FeatureOptions,
): KeypointSet {
  const cell = options.cell ?? 24;
  const perCell = options.perCell ?? 3;
  const image = pyramid[0]!;
  const levels = pyramid.map((levelImage, level) =>
    detectCorners(levelImage, options.perLevel[level] ?? 0, cell, perCell),
  );
  const count = levels.reduce((sum, corners) => sum + corners.length, 0);
  const set: KeypointSet = {
    count,
    x: new Float32Array(count),
    y: new Float32Array(count),
    level: new Uint8Array(count),
    descriptors: new Uint32Array(count * DESCRIPTOR_WORDS),
  };
  let i = 0;
  levels.forEach((corners, level) => {
    if (corners.length === 0) return;
    const levelImage = pyramid[level]!;
    // Smoothed into a work buffer: it is only read while this level's keypoints are described.
    const smoothed = boxBlur(levelImage, 2, scratch(SCRATCH_SMOOTHED, levelImage.data.length));
    const offsets = patternOffsets(levelImage.width);
    const sx = image.width / levelImage.width;
    const sy = image.height / levelImage.height;
    for (const corner of corners) {
      set.x[i] = (corner.x + 0.5) * sx - 0.5;
      set.y[i] = (corner.y + 0.5) * sy - 0.5;
      set.level[i] = level;
      describe(smoothed, offsets, corner.x, corner.y, set.descriptors, i);
      i++;
    }
  });
  return set;
}
