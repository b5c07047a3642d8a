// Geometric verification: do the matched local features of a candidate and a reference agree on one
// similarity transform (scale, a small rotation, translation)? Chance descriptor matches between two
// different pictures scatter; a copy's line up. RANSAC over point pairs, then a least-squares refit.

/** A tentative correspondence: reference point → candidate point (level-0 pixels of each). */
export interface Correspondence {
  refX: number;
  refY: number;
  refLevel: number;
  refIndex: number;
  candX: number;
  candY: number;
  candLevel: number;
  candIndex: number;
  distance: number;
}

/** candidate = a·ref + b in complex numbers: a = s·e^{iθ}. */
export interface Similarity {
  a: number; // s·cosθ
  b: number; // s·sinθ
  tx: number;
  ty: number;
}

export interface GeometricResult {
  transform: Similarity;
  /** Correspondences consistent with the transform, one per reference and per candidate keypoint. */
  inliers: number;
  scale: number;
  rotationDegrees: number;
  inlierIndices: number[];
}

export interface VerifyOptions {
  /** Largest rotation accepted (degrees); the edits rotate by a few degrees at most. */
  maxRotationDegrees?: number;
  minScale?: number;
  maxScale?: number;
  /** Reprojection tolerance in candidate level-0 pixels, multiplied by the keypoint's level scale. */
  tolerance?: number;
  /** Seed of the deterministic sampling. */
  seed?: number;
  iterations?: number;
}

const LEVEL_SCALES = [1, Math.SQRT2, 2, 2 * Math.SQRT2, 4, 4 * Math.SQRT2, 8, 8 * Math.SQRT2];
const levelScale = (level: number) => LEVEL_SCALES[level] ?? Math.SQRT2 ** level;

/** Scale implied by a match of keypoints found at these pyramid levels. */
function impliedScale(c: Correspondence): number {
  return levelScale(c.candLevel) / levelScale(c.refLevel);
}

export function verifySimilarity(
  matches: readonly Correspondence[],
  options: VerifyOptions = {},
): GeometricResult | null {
  const n = matches.length;
  if (n < 2) return null;
  const maxRotation = ((options.maxRotationDegrees ?? 12) * Math.PI) / 180;
  const minScale = options.minScale ?? 0.15;
  const maxScale = options.maxScale ?? 6;
  const tolerance = options.tolerance ?? 4;
  const iterations = options.iterations ?? 400;
  // Best matches first: pairs drawn from the best ones are likelier to be right.
  const order = matches
    .map((_, i) => i)
    .sort((i, j) => matches[i]!.distance - matches[j]!.distance || i - j);
  const pool = Math.min(n, 60);

  let best: { transform: Similarity; inliers: number[] } | null = null;
  let state = (options.seed ?? 1) >>> 0 || 1;
  const next = () => {
    // xorshift32: deterministic.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
  const exhaustive = (pool * (pool - 1)) / 2 <= iterations;
  const total = exhaustive ? (pool * (pool - 1)) / 2 : iterations;
  let pi = 0;
  let pj = 1;
  for (let it = 0; it < total; it++) {
    let i: number;
    let j: number;
    if (exhaustive) {
      i = pi;
      j = pj;
      if (++pj >= pool) {
        pi++;
        pj = pi + 1;
      }
    } else {
      i = next() % pool;
      j = next() % pool;
      if (i === j) continue;
    }
    const m1 = matches[order[i]!]!;
    const m2 = matches[order[j]!]!;
    if (m1.refIndex === m2.refIndex || m1.candIndex === m2.candIndex) continue;
    const transform = fromTwo(m1, m2);
    if (!transform) continue;
    const scale = Math.hypot(transform.a, transform.b);
    if (scale < minScale || scale > maxScale) continue;
    if (Math.abs(Math.atan2(transform.b, transform.a)) > maxRotation) continue;
    // Keypoint levels must agree with the scale (within a level and a half either way).
    if (!levelsAgree(m1, scale) || !levelsAgree(m2, scale)) continue;
    // Count first (cheap), and collect one-to-one inliers only for a hypothesis that may beat the best.
    if (best && countInliers(matches, transform, scale, tolerance) <= best.inliers.length) continue;
    const inliers = collectInliers(matches, transform, scale, tolerance);
    if (!best || inliers.length > best.inliers.length) best = { transform, inliers };
    if (best.inliers.length >= ENOUGH_INLIERS) break;
  }
  if (!best || best.inliers.length < 2) return null;
  // Refit on the inliers, then count again.
  for (let round = 0; round < 2; round++) {
    const refit = leastSquares(best.inliers.map((i) => matches[i]!));
    if (!refit) break;
    const scale = Math.hypot(refit.a, refit.b);
    if (
      scale < minScale ||
      scale > maxScale ||
      Math.abs(Math.atan2(refit.b, refit.a)) > maxRotation
    )
      break;
    const inliers = collectInliers(matches, refit, scale, tolerance);
    if (inliers.length < best.inliers.length) break;
    best = { transform: refit, inliers };
  }
  const scale = Math.hypot(best.transform.a, best.transform.b);
  return {
    transform: best.transform,
    inliers: best.inliers.length,
    scale,
    rotationDegrees: (Math.atan2(best.transform.b, best.transform.a) * 180) / Math.PI,
    inlierIndices: best.inliers,
  };
}

function levelsAgree(m: Correspondence, scale: number): boolean {
  const ratio = impliedScale(m) / scale;
  return ratio > 0.55 && ratio < 1.8;
}

function fromTwo(m1: Correspondence, m2: Correspondence): Similarity | null {
  const rx = m1.refX - m2.refX;
  const ry = m1.refY - m2.refY;
  const cx = m1.candX - m2.candX;
  const cy = m1.candY - m2.candY;
  const denominator = rx * rx + ry * ry;
  if (denominator < 64) return null; // points too close to fix a scale and rotation
  // a = (c1 − c2) / (r1 − r2) in complex numbers.
  const a = (cx * rx + cy * ry) / denominator;
  const b = (cy * rx - cx * ry) / denominator;
  return {
    a,
    b,
    tx: m1.candX - (a * m1.refX - b * m1.refY),
    ty: m1.candY - (b * m1.refX + a * m1.refY),
  };
}

/** Past this many inliers the answer is certain: stop sampling. */
const ENOUGH_INLIERS = 40;

function countInliers(
  matches: readonly Correspondence[],
  t: Similarity,
  scale: number,
  tolerance: number,
): number {
  let count = 0;
  for (let k = 0; k < matches.length; k++) {
    const m = matches[k]!;
    const dx = t.a * m.refX - t.b * m.refY + t.tx - m.candX;
    const dy = t.b * m.refX + t.a * m.refY + t.ty - m.candY;
    const limit = tolerance * levelScale(m.candLevel);
    if (dx * dx + dy * dy <= limit * limit && levelsAgree(m, scale)) count++;
  }
  return count;
}

/** Inliers, one per reference keypoint and per candidate keypoint (the closest descriptor wins). */
function collectInliers(
  matches: readonly Correspondence[],
  t: Similarity,
  scale: number,
  tolerance: number,
): number[] {
  const hits: number[] = [];
  for (let k = 0; k < matches.length; k++) {
    const m = matches[k]!;
    const px = t.a * m.refX - t.b * m.refY + t.tx;
    const py = t.b * m.refX + t.a * m.refY + t.ty;
    const limit = tolerance * levelScale(m.candLevel);
    const dx = px - m.candX;
    const dy = py - m.candY;
    if (dx * dx + dy * dy <= limit * limit && levelsAgree(m, scale)) hits.push(k);
  }
  if (hits.length < 2) return hits;
  hits.sort((i, j) => matches[i]!.distance - matches[j]!.distance || i - j);
  const usedRef = new Set<number>();
  const usedCand = new Set<number>();
  const unique: number[] = [];
  for (const k of hits) {
    const m = matches[k]!;
    if (usedRef.has(m.refIndex) || usedCand.has(m.candIndex)) continue;
    usedRef.add(m.refIndex);
    usedCand.add(m.candIndex);
    unique.push(k);
  }
  return unique;
}

function leastSquares(points: readonly Correspondence[]): Similarity | null {
  const n = points.length;
  if (n < 2) return null;
  let mrx = 0;
  let mry = 0;
  let mcx = 0;
  let mcy = 0;
  for (const p of points) {
    mrx += p.refX;
    mry += p.refY;
    mcx += p.candX;
    mcy += p.candY;
  }
  mrx /= n;
  mry /= n;
  mcx /= n;
  mcy /= n;
  let sxx = 0;
  let num1 = 0;
  let num2 = 0;
  for (const p of points) {
    const rx = p.refX - mrx;
    const ry = p.refY - mry;
    const cx = p.candX - mcx;
    const cy = p.candY - mcy;
    sxx += rx * rx + ry * ry;
    num1 += rx * cx + ry * cy;
    num2 += rx * cy - ry * cx;
  }
  if (sxx < 1e-6) return null;
  const a = num1 / sxx;
  const b = num2 / sxx;
  return { a, b, tx: mcx - (a * mrx - b * mry), ty: mcy - (b * mrx + a * mry) };
}

/** Maps a reference point into the candidate. */
export function applySimilarity(t: Similarity, x: number, y: number): [number, number] {
  return [t.a * x - t.b * y + t.tx, t.b * x + t.a * y + t.ty];
}
