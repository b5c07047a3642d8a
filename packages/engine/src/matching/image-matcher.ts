// The robust image matcher: is a file found on the web a copy of one of the creator's reference photos?
//
// Two retrieval paths feed one verification:
// 1. PDQ: the candidate's views (whole file, borders trimmed, embedded photos; each also mirrored) probe
//    a HashIndex of the references' hashes. Near-identical copies (re-encoded, resized, greyscale,
//    watermarked, mirrored, letterboxed) are found here at once.
// 2. Local features: the candidate's descriptors (and their mirror images) probe a FeatureIndex of the
//    references' descriptors; references collecting enough votes are short-listed. This finds crops,
//    rotations, padding and screenshots, which move PDQ by 30–120 bits.
// Verification: the short-listed references' feature matches must agree on one similarity transform
// (RANSAC), and the candidate, aligned by that transform, must look like the reference's thumbnail
// (normalised cross-correlation). Thresholds were chosen on the tuning photos of eval/match.ts only.
import {
  applySimilarity,
  verifySimilarity,
  type Correspondence,
  type Similarity,
} from './geometric-verification.ts';
import { FeatureIndex } from './feature-index.ts';
import { HashIndex } from './hash-index.ts';
import {
  boxMean,
  integralImage,
  THUMBNAIL_SIZE,
  type CandidateFingerprint,
  type CandidateView,
  type ReferenceFingerprint,
} from './image-fingerprint.ts';
import { DESCRIPTOR_WORDS, mirrorDescriptor } from './local-features.ts';
import { hammingDistance, pdqFromLuma } from './pdq.ts';

export interface MatchResult {
  /** The matched reference, or null when the candidate is not a copy of any. */
  referenceId: string | null;
  /** PDQ distance between the candidate (its closest view) and the matched reference; null without a match. */
  distance: number | null;
  /** 0–1; above 0.5 exactly when a reference is returned. */
  confidence: number;
}

export interface MatchEvidence {
  referenceId: string;
  pdqDistance: number;
  inliers: number;
  ncc: number | null;
  coverage: number;
  mirrored: boolean;
  view: CandidateView['kind'] | null;
  confidence: number;
}

export interface MatchExplanation extends MatchResult {
  /** What was weighed for each short-listed reference, best first. */
  evidence: MatchEvidence[];
}

export interface MatcherOptions {
  /** PDQ distance at or under which a candidate view is a copy without further checks. */
  pdqAccept: number;
  /** PDQ quality (0–100) both hashes need for `pdqAccept` to apply: flat pictures hash unreliably. */
  pdqMinQuality: number;
  /** PDQ distance under which a reference is short-listed for verification. */
  pdqProbe: number;
  /** Largest descriptor distance of a feature correspondence. */
  descriptorDistance: number;
  /** A candidate keypoint's closest reference keypoint must be this much closer than the next. */
  ratio: number;
  /** Fewest candidate keypoints matching a reference for it to be short-listed. */
  minVotes: number;
  /** Most references verified per candidate: this many by feature votes, and this many by PDQ. */
  shortlist: number;
  /** Geometric inliers that prove a copy on their own. */
  strongInliers: number;
  /**
   * Weaker geometric evidence that proves a copy together with the photometric check: each rule is
   * [fewest inliers, lowest normalised cross-correlation with the reference's thumbnail].
   */
  photometricRules: readonly (readonly [minInliers: number, minNcc: number])[];
  /**
   * The photometric rules also need inliers ≥ factor × (the most inliers any other short-listed
   * reference reached) + plus: a margin over the chance level of this candidate.
   */
  chanceMargin: { factor: number; plus: number };
  /** Share of the reference that must be visible in the candidate for the photometric check. */
  minCoverage: number;
}

/**
 * Chosen on the tuning photos of eval/match.ts (and checked against 1,000 generated references with
 * `--scale`): over ~6,000 comparisons of candidates with the wrong reference, none reached 10 inliers
 * and none with 4+ inliers correlated above 0.8 after detrending, while ~95% of true copies have 16+
 * inliers at 0.95+. The weaker rules rescue pictures with little texture. Wrong references never came
 * within 80 PDQ bits; copies that keep the framing are within ~20.
 */
export const DEFAULT_MATCHER_OPTIONS: Readonly<MatcherOptions> = {
  pdqAccept: 28,
  pdqMinQuality: 50,
  pdqProbe: 63,
  descriptorDistance: 56,
  ratio: 0.85,
  minVotes: 3,
  shortlist: 6,
  strongInliers: 25,
  photometricRules: [
    [10, 0.8],
    [5, 0.85],
    [4, 0.93],
  ],
  chanceMargin: { factor: 1.5, plus: 2 },
  minCoverage: 0.4,
};

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

interface Slot {
  id: string;
  fingerprint: ReferenceFingerprint;
  hashIds: number[];
}

export class ImageMatcher {
  readonly options: MatcherOptions;
  private readonly hashes = new HashIndex();
  private readonly features = new FeatureIndex();
  private readonly slots: (Slot | undefined)[] = [];
  private readonly slotOf = new Map<string, number>();
  /** Hash id → reference slot. */
  private hashOwner: number[] = [];
  private readonly freeHashIds: number[] = [];

  constructor(options: Partial<MatcherOptions> = {}) {
    this.options = { ...DEFAULT_MATCHER_OPTIONS, ...options };
  }

  get size(): number {
    return this.slotOf.size;
  }

  has(referenceId: string): boolean {
    return this.slotOf.has(referenceId);
  }

  /** Adds (or replaces) a reference photo. */
  add(referenceId: string, fingerprint: ReferenceFingerprint): void {
    this.remove(referenceId);
    const slot = this.slots.length;
    const hashIds: number[] = [];
    for (const hash of fingerprint.hashes) {
      const id = this.freeHashIds.pop() ?? this.hashOwner.length;
      this.hashOwner[id] = slot;
      this.hashes.add(id, hash);
      hashIds.push(id);
    }
    this.features.add(slot, fingerprint.keypoints.descriptors, fingerprint.keypoints.count);
    this.slots[slot] = { id: referenceId, fingerprint, hashIds };
    this.slotOf.set(referenceId, slot);
  }

  remove(referenceId: string): boolean {
    const slot = this.slotOf.get(referenceId);
    if (slot === undefined) return false;
    for (const id of this.slots[slot]!.hashIds) {
      this.hashes.remove(id);
      this.freeHashIds.push(id);
    }
    this.features.remove(slot);
    this.slots[slot] = undefined;
    this.slotOf.delete(referenceId);
    // The feature index drops a removed owner's descriptors only at its next rebuild: until then the
    // slot is not reused, so that old descriptors cannot vote for a new reference.
    return true;
  }

  /**
   * The reference the candidate copies. `accept` limits the answer to some references (one creator's
   * when a scan matches what it found for that creator); the others are ignored as if absent.
   */
  match(candidate: CandidateFingerprint, accept?: (referenceId: string) => boolean): MatchResult {
    const { referenceId, distance, confidence } = this.explain(candidate, accept);
    return { referenceId, distance, confidence };
  }

  explain(
    candidate: CandidateFingerprint,
    accept?: (referenceId: string) => boolean,
  ): MatchExplanation {
    const o = this.options;
    const allowed = (slot: number): boolean => {
      const found = this.slots[slot];
      return found !== undefined && (accept === undefined || accept(found.id));
    };
    // References whose PDQ is near one of the candidate's views (the nearest few, however many are near).
    const pdqNearest = new Map<number, number>();
    for (const view of candidate.views) {
      for (const hash of [view.hash, view.mirroredHash]) {
        for (const hit of this.hashes.search(hash, o.pdqProbe)) {
          const slot = this.hashOwner[hit.id]!;
          if (allowed(slot))
            pdqNearest.set(slot, Math.min(pdqNearest.get(slot) ?? 256, hit.distance));
        }
      }
    }
    const pdqHits = [...pdqNearest]
      .sort((a, b) => a[1] - b[1] || a[0] - b[0])
      .slice(0, o.shortlist)
      .map(([slot]) => slot);

    // A near-identical copy (a trusted PDQ match) needs nothing more: the candidate's local features are
    // then never extracted.
    const nearIdentical = pdqHits.filter(
      (slot) => this.trustedPdqDistance(candidate, this.slots[slot]!.fingerprint) <= o.pdqAccept,
    );
    if (nearIdentical.length > 0) return this.decide(candidate, nearIdentical, new Map());

    // Feature correspondences per reference slot, per (view, mirrored) pairing: for each candidate
    // keypoint, its closest keypoint of that reference, when clearly closer than the next (ratio test).
    const pairings = new Map<number, Map<number, Correspondence[]>>();
    candidate.views.forEach((view, viewIndex) => {
      if (!view.features) return;
      const { keypoints, grey } = view.features;
      const mirrored = new Uint32Array(keypoints.count * DESCRIPTOR_WORDS);
      for (let i = 0; i < keypoints.count; i++)
        mirrorDescriptor(keypoints.descriptors, i, mirrored, i);
      for (const isMirrored of [false, true]) {
        const key = viewIndex * 2 + (isMirrored ? 1 : 0);
        const hits = this.features.search(
          isMirrored ? mirrored : keypoints.descriptors,
          keypoints.count,
          o.descriptorDistance,
        );
        // Per owner, the best and second-best hit of the current query.
        const best = new Map<number, { k: number; d1: number; d2: number }>();
        const flush = () => {
          for (const [owner, { k, d1, d2 }] of best) {
            if (d1 > o.ratio * d2) continue;
            if (!allowed(owner)) continue;
            const slot = this.slots[owner]!;
            let byPairing = pairings.get(owner);
            if (!byPairing) pairings.set(owner, (byPairing = new Map<number, Correspondence[]>()));
            let list = byPairing.get(key);
            if (!list) byPairing.set(key, (list = []));
            const ref = slot.fingerprint.keypoints;
            const q = hits.query[k]!;
            const r = hits.keypoint[k]!;
            list.push({
              refX: ref.x[r]!,
              refY: ref.y[r]!,
              refLevel: ref.level[r]!,
              refIndex: r,
              candX: isMirrored ? grey.width - 1 - keypoints.x[q]! : keypoints.x[q]!,
              candY: keypoints.y[q]!,
              candLevel: keypoints.level[q]!,
              candIndex: q,
              distance: d1,
            });
          }
          best.clear();
        };
        for (let k = 0; k < hits.count; k++) {
          if (k > 0 && hits.query[k] !== hits.query[k - 1]) flush();
          const owner = hits.owner[k]!;
          const d = hits.distance[k]!;
          const current = best.get(owner);
          if (!current) best.set(owner, { k, d1: d, d2: Infinity });
          else if (d < current.d1) best.set(owner, { k, d1: d, d2: current.d1 });
          else if (d < current.d2) current.d2 = d;
        }
        flush();
      }
    });

    const votes = new Map<number, number>();
    for (const [slot, byPairing] of pairings) {
      let best = 0;
      for (const list of byPairing.values()) best = Math.max(best, list.length);
      votes.set(slot, best);
    }
    const shortlisted = new Set<number>(pdqHits);
    [...votes]
      .filter(([, v]) => v >= o.minVotes)
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, o.shortlist)
      .forEach(([slot]) => shortlisted.add(slot));

    return this.decide(candidate, shortlisted, pairings);
  }

  /** PDQ distance from the candidate's closest view to the reference, counting trusted hashes only. */
  private trustedPdqDistance(candidate: CandidateFingerprint, ref: ReferenceFingerprint): number {
    const minQuality = this.options.pdqMinQuality;
    if (ref.quality < minQuality) return 256;
    let distance = 256;
    for (const view of candidate.views) {
      if (view.quality < minQuality) continue;
      for (const refHash of ref.hashes) {
        distance = Math.min(
          distance,
          hammingDistance(view.hash, refHash),
          hammingDistance(view.mirroredHash, refHash),
        );
      }
    }
    return distance;
  }

  /** Verifies each short-listed reference and picks the answer. */
  private decide(
    candidate: CandidateFingerprint,
    shortlisted: Iterable<number>,
    pairings: Map<number, Map<number, Correspondence[]>>,
  ): MatchExplanation {
    const o = this.options;
    const evidence: MatchEvidence[] = [];
    const verified: {
      slot: Slot;
      pdqDistance: number;
      trustedPdqDistance: number;
      inliers: number;
      ncc: number | null;
      coverage: number;
      mirrored: boolean;
      view: CandidateView | null;
    }[] = [];
    const aligned = new Map<
      string,
      { view: CandidateView; transform: Similarity; mirrored: boolean }
    >();
    for (const slotIndex of shortlisted) {
      const slot = this.slots[slotIndex]!;
      const ref = slot.fingerprint;
      let pdqDistance = 256;
      for (const view of candidate.views) {
        for (const refHash of ref.hashes) {
          pdqDistance = Math.min(
            pdqDistance,
            hammingDistance(view.hash, refHash),
            hammingDistance(view.mirroredHash, refHash),
          );
        }
      }
      const trustedPdqDistance = this.trustedPdqDistance(candidate, ref);
      let best: { inliers: number; transform: Similarity; key: number } | null = null;
      for (const [key, list] of pairings.get(slotIndex) ?? []) {
        if (list.length < 2) continue;
        const result = verifySimilarity(list, { seed: slotIndex + 1 });
        if (result && (!best || result.inliers > best.inliers))
          best = { inliers: result.inliers, transform: result.transform, key };
      }
      let ncc: number | null = null;
      let coverage = 0;
      let view: CandidateView | null = null;
      const mirrored = best ? best.key % 2 === 1 : false;
      if (best) {
        view = candidate.views[best.key >> 1]!;
        const photometric = thumbnailCorrelation(ref, view, best.transform, mirrored);
        ncc = photometric.ncc;
        coverage = photometric.coverage;
      }
      const inliers = best?.inliers ?? 0;
      verified.push({
        slot,
        pdqDistance,
        trustedPdqDistance,
        inliers,
        ncc,
        coverage,
        mirrored,
        view,
      });
      if (best && view) aligned.set(slot.id, { view, transform: best.transform, mirrored });
    }
    // Inliers a wrong reference reaches with this candidate: the most any other short-listed reference
    // got. Pictures made of generic shapes (flat graphics, repeated patterns) give every reference a
    // few chance inliers; the weaker rules then need a clear margin over that level.
    const chanceInliers = (slot: Slot) =>
      Math.max(0, ...verified.filter((v) => v.slot !== slot).map((v) => v.inliers));
    for (const {
      slot,
      pdqDistance,
      trustedPdqDistance,
      inliers,
      ncc,
      coverage,
      mirrored,
      view,
    } of verified) {
      const pdqScore = sigmoid((o.pdqAccept + 0.5 - trustedPdqDistance) / 3);
      // Each rule is an AND of margins (inliers, overlap, correlation), the rules an OR: z > 0 exactly
      // when one holds.
      let geometricZ = Math.min(
        (inliers - o.strongInliers + 0.5) / 4,
        (coverage - o.minCoverage) / 0.05,
      );
      if (ncc !== null && coverage >= o.minCoverage) {
        const overChance =
          inliers - (o.chanceMargin.factor * chanceInliers(slot) + o.chanceMargin.plus) + 0.5;
        for (const [minInliers, minNcc] of o.photometricRules)
          geometricZ = Math.max(
            geometricZ,
            Math.min(inliers - minInliers + 0.5, (ncc - minNcc) / 0.03, overChance),
          );
      }
      const confidence = Math.max(pdqScore, sigmoid(geometricZ));
      evidence.push({
        referenceId: slot.id,
        pdqDistance,
        inliers,
        ncc,
        coverage,
        mirrored,
        view: view?.kind ?? null,
        confidence,
      });
    }
    evidence.sort(
      (a, b) =>
        b.confidence - a.confidence ||
        a.pdqDistance - b.pdqDistance ||
        (a.referenceId < b.referenceId ? -1 : 1),
    );
    const top = evidence[0];
    if (!top || top.confidence <= 0.5)
      return { referenceId: null, distance: null, confidence: top?.confidence ?? 0, evidence };
    // The distance reported: the candidate's closest view, or the candidate re-hashed in the reference's
    // frame when the alignment shows the whole reference (padding, screenshots, rotation with fill).
    let distance = top.pdqDistance;
    const alignment = aligned.get(top.referenceId);
    if (alignment) {
      const ref = this.slots[this.slotOf.get(top.referenceId)!]!.fingerprint;
      const hash = alignedHash(ref, alignment.view, alignment.transform, alignment.mirrored);
      if (hash) distance = Math.min(distance, hammingDistance(hash, ref.hashes[0]!));
    }
    return { referenceId: top.referenceId, distance, confidence: top.confidence, evidence };
  }
}

/** Side of the picture re-hashed in the reference's frame. */
const ALIGNED_SIZE = 128;

/**
 * PDQ of the candidate resampled into the reference's frame by the alignment, when the candidate shows
 * (nearly) all of the reference; null otherwise (a crop cannot be compared with the whole reference).
 */
export function alignedHash(
  ref: ReferenceFingerprint,
  view: CandidateView,
  transform: Similarity,
  mirrored: boolean,
): string | null {
  const features = view.features;
  if (!features) return null;
  const { grey } = features;
  const integral = (features.integral ??= integralImage(grey));
  const scale = Math.hypot(transform.a, transform.b);
  const factor = Math.max(ref.width, ref.height) / ALIGNED_SIZE;
  const width = Math.max(1, Math.round(ref.width / factor));
  const height = Math.max(1, Math.round(ref.height / factor));
  const half = 0.5 * scale * factor;
  const luma = new Float32Array(width * height);
  let outside = 0;
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      const [x, v] = applySimilarity(transform, (i + 0.5) * factor - 0.5, (j + 0.5) * factor - 0.5);
      const u = mirrored ? grey.width - 1 - x : x;
      if (u < -0.5 || v < -0.5 || u > grey.width - 0.5 || v > grey.height - 0.5) outside++;
      luma[j * width + i] = boxMean(
        integral,
        grey.width,
        grey.height,
        u - half + 0.5,
        v - half + 0.5,
        u + half + 0.5,
        v + half + 0.5,
      );
    }
  }
  if (outside > 0.03 * width * height) return null;
  return pdqFromLuma({ width, height, luma }).hash;
}

/**
 * Correlation between the reference's thumbnail and the candidate sampled where the transform puts each
 * thumbnail cell, over the cells inside the candidate. Each side's best-fitting plane is removed first:
 * a smooth gradient (sky, a studio backdrop) correlates with any other, the structure on it does not.
 */
export function thumbnailCorrelation(
  ref: ReferenceFingerprint,
  view: CandidateView,
  transform: Similarity,
  mirrored: boolean,
): { ncc: number | null; coverage: number } {
  const features = view.features;
  if (!features) return { ncc: null, coverage: 0 };
  const { grey } = features;
  const integral = (features.integral ??= integralImage(grey));
  const scale = Math.hypot(transform.a, transform.b);
  const cellW = ref.width / THUMBNAIL_SIZE;
  const cellH = ref.height / THUMBNAIL_SIZE;
  const hx = 0.5 * scale * cellW;
  const hy = 0.5 * scale * cellH;
  const cells = THUMBNAIL_SIZE * THUMBNAIL_SIZE;
  const xs = new Float64Array(cells);
  const ys = new Float64Array(cells);
  const refValues = new Float64Array(cells);
  const candValues = new Float64Array(cells);
  let n = 0;
  for (let j = 0; j < THUMBNAIL_SIZE; j++) {
    for (let i = 0; i < THUMBNAIL_SIZE; i++) {
      const [x, v] = applySimilarity(transform, (i + 0.5) * cellW - 0.5, (j + 0.5) * cellH - 0.5);
      const u = mirrored ? grey.width - 1 - x : x;
      if (u - hx < -0.5 || v - hy < -0.5 || u + hx > grey.width - 0.5 || v + hy > grey.height - 0.5)
        continue;
      xs[n] = i;
      ys[n] = j;
      refValues[n] = ref.thumbnail[j * THUMBNAIL_SIZE + i]!;
      candValues[n] = boxMean(
        integral,
        grey.width,
        grey.height,
        u - hx + 0.5,
        v - hy + 0.5,
        u + hx + 0.5,
        v + hy + 0.5,
      );
      n++;
    }
  }
  const coverage = n / cells;
  if (n < 32) return { ncc: null, coverage };
  const a = detrend(xs, ys, refValues, n);
  const b = detrend(xs, ys, candValues, n);
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let k = 0; k < n; k++) {
    sab += a[k]! * b[k]!;
    saa += a[k]! * a[k]!;
    sbb += b[k]! * b[k]!;
  }
  // Too little structure left to say anything about alignment.
  if (saa / n < 4 || sbb / n < 4) return { ncc: null, coverage };
  return { ncc: sab / Math.sqrt(saa * sbb), coverage };
}

/** Residuals of values after the least-squares plane c0 + c1·x + c2·y. */
function detrend(
  xs: Float64Array,
  ys: Float64Array,
  values: Float64Array,
  n: number,
): Float64Array {
  let mx = 0;
  let my = 0;
  let mv = 0;
  for (let k = 0; k < n; k++) {
    mx += xs[k]!;
    my += ys[k]!;
    mv += values[k]!;
  }
  mx /= n;
  my /= n;
  mv /= n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  let sxv = 0;
  let syv = 0;
  for (let k = 0; k < n; k++) {
    const dx = xs[k]! - mx;
    const dy = ys[k]! - my;
    const dv = values[k]! - mv;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
    sxv += dx * dv;
    syv += dy * dv;
  }
  const det = sxx * syy - sxy * sxy;
  const c1 = det > 1e-9 ? (sxv * syy - syv * sxy) / det : 0;
  const c2 = det > 1e-9 ? (syv * sxx - sxv * sxy) / det : 0;
  const out = new Float64Array(n);
  for (let k = 0; k < n; k++) out[k] = values[k]! - mv - c1 * (xs[k]! - mx) - c2 * (ys[k]! - my);
  return out;
}
