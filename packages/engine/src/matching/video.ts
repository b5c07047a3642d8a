// Video matching: frames sampled with ffmpeg, hashed with PDQ, and matched as a sequence, so a
// re-encoded, rescaled, trimmed, letterboxed, mirrored or watermarked copy still matches (also one
// shrunk into a larger black frame with a site's name on the bars and a faint word across the
// picture) while two different videos of similar material do not.
import { spawn } from 'node:child_process';
import { hammingDistance, pdqWithDihedral, type DihedralHashes } from './pdq.ts';
import { HashIndex } from './hash-index.ts';
import { trimUniformBorders, type Rect } from './content-regions.ts';

/** Frames per second sampled from every video. */
export const SAMPLE_FPS = 2;
/**
 * Side of the square each frame is scaled to before hashing (PDQ normalises the aspect anyway): large
 * enough that a picture shrunk to half of a larger frame still has more than PDQ's 64 pixels a side.
 */
const FRAME_SIZE = 320;
/** A video no brighter than this anywhere is dark through and through: it has no bars to find. */
const BAR_LEVEL = 32;
/** A pixel whose grey level spans no more than this over the video is static (bars, overlays). */
const STATIC_RANGE = 40;
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

export class FfmpegMissingError extends Error {
  override readonly name = 'FfmpegMissingError';
  constructor() {
    super('ffmpeg is not installed: video needs it (Debian: apt-get install ffmpeg).');
  }
}

export class UnsupportedVideoError extends Error {
  override readonly name = 'UnsupportedVideoError';
}

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

/** Runs ffmpeg and returns the grey frames it samples, letterbox bars cropped away. */
async function sampleFrames(
  file: string,
): Promise<{ frames: Uint8Array[]; width: number; height: number }> {
  const args = [
    '-v',
    'error',
    '-nostdin',
    '-i',
    file,
    '-map',
    '0:v:0',
    '-an',
    '-sn',
    '-vf',
    `fps=${SAMPLE_FPS},scale=${FRAME_SIZE}:${FRAME_SIZE}:flags=area`,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'gray',
    'pipe:1',
  ];
  const output = await new Promise<Buffer>((resolve, reject) => {
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new FfmpegMissingError() : error),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(chunks));
      else
        reject(
          new UnsupportedVideoError(
            `Not a readable video: ${stderr.trim().split('\n').at(-1) ?? `ffmpeg exited with ${code}`}`,
          ),
        );
    });
  });
  const frameBytes = FRAME_SIZE * FRAME_SIZE;
  const count = Math.floor(output.length / frameBytes);
  if (count === 0)
    throw new UnsupportedVideoError('Not a readable video: no frames could be decoded.');
  const frames = Array.from(
    { length: count },
    (_, i) => new Uint8Array(output.buffer, output.byteOffset + i * frameBytes, frameBytes),
  );
  return { frames, width: FRAME_SIZE, height: FRAME_SIZE };
}

/**
 * Where the picture is in the frame. Bars are found by the image matcher's border trimming on the
 * brightest value each pixel takes over the video, so that only lines dark in every frame are bars;
 * pixels that never change may be text or a logo drawn over the bars, and do not stop the trim.
 */
function contentBox(frames: Uint8Array[], size: number): Rect {
  const brightest = new Uint8Array(size * size);
  const darkest = new Uint8Array(size * size).fill(255);
  for (const frame of frames) {
    for (let i = 0; i < frame.length; i++) {
      const v = frame[i]!;
      if (v > brightest[i]!) brightest[i] = v;
      if (v < darkest[i]!) darkest[i] = v;
    }
  }
  const staticPixels = new Uint8Array(size * size);
  const data = new Uint8Array(size * size * 3);
  for (let i = 0; i < brightest.length; i++) {
    staticPixels[i] = brightest[i]! - darkest[i]! <= STATIC_RANGE ? 1 : 0;
    data.fill(brightest[i]!, i * 3, i * 3 + 3);
  }
  // An entirely dark video keeps its full frame (its frames will be low quality and not vote).
  if (brightest.every((v) => v <= BAR_LEVEL)) return { left: 0, top: 0, width: size, height: size };
  return trimUniformBorders({ width: size, height: size, data }, { staticPixels });
}

async function hashVideo(
  file: string,
): Promise<{ durationSeconds: number; frames: (VideoFrame & { dihedral: DihedralHashes })[] }> {
  const { frames, width } = await sampleFrames(file);
  const box = contentBox(frames, width);
  const { width: w, height: h } = box;
  const hashed = frames.map((frame, i) => {
    const luma = new Float32Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) luma[y * w + x] = frame[(box.top + y) * width + box.left + x]!;
    const { hash, quality, dihedral } = pdqWithDihedral({ width: w, height: h, luma });
    return { time: i / SAMPLE_FPS, hash, quality, dihedral };
  });
  return { durationSeconds: frames.length / SAMPLE_FPS, frames: hashed };
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
