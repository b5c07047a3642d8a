// Video matching: frames sampled with ffmpeg, hashed with PDQ, and matched as a sequence, so a
// re-encoded, rescaled, trimmed, letterboxed, mirrored or watermarked copy still matches (also one
// shrunk into a larger black frame with a site's name on the bars and a faint word across the
// picture) while two different videos of similar material do not.
import { hammingDistance, pdqWithDihedral, type DihedralHashes } from './pdq.ts';
import { HashIndex } from './hash-index.ts';
import { eachFramePicture } from './video-frames.ts';

/** Frames per second sampled from every video. */
export const SAMPLE_FPS = 2;
/**
 * Side of the square each frame is scaled to before hashing (PDQ normalises the aspect anyway): large
 * enough that a picture shrunk to half of a larger frame still has more than PDQ's 64 pixels a side.
 */
const FRAME_SIZE = 320;
/**
 * PDQ distance under which two frames may be the same picture: loose enough for a frame under a large
 * faint word (45–60 bits from its original), still eight standard deviations below two unrelated
 * frames' 128. A single such frame proves nothing; the time-aligned vote below is what decides.
 */
const FRAME_THRESHOLD = 63;
/** Below this PDQ quality a frame (black, flat, fading) says nothing and does not vote. */
const MIN_FRAME_QUALITY = 40;
/** A match needs this many frames at one consistent time offset… */
const MIN_ALIGNED_FRAMES = 6;
/** …and this share of the candidate's informative frames. */
const MIN_ALIGNED_SHARE = 0.4;
const OFFSET_BIN_SECONDS = 1;

export { FfmpegMissingError, UnsupportedVideoError } from './video-frames.ts';

export interface VideoFrame {
  /** Seconds from the start of the video. */
  time: number;
  hash: string;
  quality: number;
}

export interface VideoFingerprint {
  durationSeconds: number;
  frames: VideoFrame[];
}

/** Stored form of a reference video's fingerprint (JSON: a few hundred bytes per minute). */
export const encodeVideoFingerprint = (fingerprint: VideoFingerprint): Buffer =>
  Buffer.from(
    JSON.stringify({ durationSeconds: fingerprint.durationSeconds, frames: fingerprint.frames }),
  );
export const decodeVideoFingerprint = (data: Uint8Array): VideoFingerprint =>
  JSON.parse(Buffer.from(data).toString('utf8')) as VideoFingerprint;

export interface CandidateVideoFingerprint extends VideoFingerprint {
  /** Each frame's hash mirrored left–right (and top–bottom), to catch flipped copies. */
  mirrored: { flipX: string; flipY: string }[];
}

async function hashVideo(
  file: string,
): Promise<{ durationSeconds: number; frames: (VideoFrame & { dihedral: DihedralHashes })[] }> {
  const hashed: (VideoFrame & { dihedral: DihedralHashes })[] = [];
  const count = await eachFramePicture(
    file,
    { fps: SAMPLE_FPS, size: FRAME_SIZE },
    (luma, width, height, index) => {
      const { hash, quality, dihedral } = pdqWithDihedral({ width, height, luma });
      hashed.push({ time: index / SAMPLE_FPS, hash, quality, dihedral });
    },
  );
  return { durationSeconds: count / SAMPLE_FPS, frames: hashed };
}

export async function fingerprintVideo(file: string): Promise<VideoFingerprint> {
  const { durationSeconds, frames } = await hashVideo(file);
  return {
    durationSeconds,
    frames: frames.map(({ time, hash, quality }) => ({ time, hash, quality })),
  };
}

export async function fingerprintCandidateVideo(file: string): Promise<CandidateVideoFingerprint> {
  const { durationSeconds, frames } = await hashVideo(file);
  return {
    durationSeconds,
    frames: frames.map(({ time, hash, quality }) => ({ time, hash, quality })),
    mirrored: frames.map(({ dihedral }) => ({ flipX: dihedral.flipX, flipY: dihedral.flipY })),
  };
}

export interface VideoMatch {
  referenceId: string | null;
  /** Median frame distance over the aligned frames, when matched. */
  distance: number | null;
  confidence: number;
  /** Where the candidate starts within the reference (seconds), when matched. */
  offsetSeconds: number | null;
}

/** Reference videos, indexed frame by frame; candidates are matched by consistent time offsets. */
export class VideoMatcher {
  private readonly index = new HashIndex();
  private readonly frames: { referenceId: string; time: number }[] = [];

  addReference(referenceId: string, fingerprint: VideoFingerprint): void {
    for (const frame of fingerprint.frames) {
      if (frame.quality < MIN_FRAME_QUALITY) continue;
      this.index.add(this.frames.length, frame.hash);
      this.frames.push({ referenceId, time: frame.time });
    }
  }

  removeReference(referenceId: string): void {
    this.frames.forEach((frame, id) => {
      if (frame.referenceId === referenceId) this.index.remove(id);
    });
  }

  /** The reference video the candidate copies; `accept` limits the answer to some references. */
  match(
    candidate: CandidateVideoFingerprint,
    accept?: (referenceId: string) => boolean,
  ): VideoMatch {
    const informative = candidate.frames.filter((f) => f.quality >= MIN_FRAME_QUALITY).length;
    let best: VideoMatch = {
      referenceId: null,
      distance: null,
      confidence: 0,
      offsetSeconds: null,
    };
    if (informative === 0) return best;
    // Try the picture as it is and mirrored; a copy is mirrored as a whole, so each is scored alone.
    for (const orientation of ['original', 'flipX', 'flipY'] as const) {
      // votes[reference][offset bin] = each voting frame's closest distance
      const votes = new Map<string, Map<number, Map<number, number>>>();
      candidate.frames.forEach((frame, i) => {
        if (frame.quality < MIN_FRAME_QUALITY) return;
        const hash = orientation === 'original' ? frame.hash : candidate.mirrored[i]![orientation];
        for (const hit of this.index.search(hash, FRAME_THRESHOLD)) {
          const reference = this.frames[hit.id]!;
          if (accept && !accept(reference.referenceId)) continue;
          const bin = Math.round((reference.time - frame.time) / OFFSET_BIN_SECONDS);
          const byOffset =
            votes.get(reference.referenceId) ?? new Map<number, Map<number, number>>();
          votes.set(reference.referenceId, byOffset);
          const cell = byOffset.get(bin) ?? new Map<number, number>();
          byOffset.set(bin, cell);
          if (!cell.has(i)) cell.set(i, hit.distance); // hits come closest first
        }
      });
      for (const [referenceId, byOffset] of votes) {
        // The offset most frames agree on; its neighbouring bins absorb sampling jitter between the
        // two videos (and a still picture held for seconds, which agrees with several offsets).
        let bin = 0;
        let peak = 0;
        for (const [offset, cell] of byOffset) {
          if (cell.size > peak) [bin, peak] = [offset, cell.size];
        }
        const frames = new Map<number, number>();
        for (const offset of [bin - 1, bin, bin + 1]) {
          for (const [frame, distance] of byOffset.get(offset) ?? []) {
            frames.set(frame, Math.min(distance, frames.get(frame) ?? distance));
          }
        }
        const share = frames.size / informative;
        if (frames.size < MIN_ALIGNED_FRAMES || share < MIN_ALIGNED_SHARE) continue;
        const distances = [...frames.values()].sort((a, b) => a - b);
        const median = distances[distances.length >> 1]!;
        const confidence = Math.min(1, share) * (1 - median / 256);
        if (confidence > best.confidence)
          best = {
            referenceId,
            distance: median,
            confidence: Number(confidence.toFixed(3)),
            offsetSeconds: bin * OFFSET_BIN_SECONDS,
          };
      }
    }
    return best;
  }
}

/** Distance between two frames' hashes; exported for diagnostics. */
export const frameDistance = hammingDistance;
