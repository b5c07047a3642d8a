// Matches media a scan found against one creator's reference files: fingerprints on the worker-thread
// pool (the event loop keeps serving), the process's reference index kept in step with the database.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PictureFaces } from '@shark/engine/likeness/face-jobs.ts';
import { LIKENESS_THRESHOLD } from '@shark/engine/likeness/likeness.ts';
import type { FingerprintJobs } from '@shark/engine/matching/fingerprint-jobs.ts';
import sharp from '@shark/engine/media/sharp.ts';
import { makeVideoThumbnail } from '@shark/engine/media/preview.ts';
import { closestFace, type FaceIndex } from '#server/features/matching/face-index.ts';
import type { ReferenceIndex } from '#server/features/matching/reference-index.ts';

export interface MediaMatch {
  referenceId: string;
  distance: number | null;
  confidence: number;
  /** For a matched video: a frame as a JPEG, for the finding's thumbnail. */
  thumbnail?: Buffer;
}

export interface LikenessMatch {
  enrolledFaceId: string;
  /** Cosine similarity to her closest enrolled face. */
  similarity: number;
  /** The face's place, as fractions of the picture (or video frame). */
  box: { x: number; y: number; width: number; height: number };
  /** The found face, a small JPEG. */
  crop: Buffer;
  /** For a video: the frame the face is on, for the finding's thumbnail. */
  frame?: Buffer;
}

export interface ScanMatcher {
  /** The creator's reference the media copies, or null. Throws ImageDecodeError-like errors on bad bytes. */
  match(userId: string, bytes: Buffer, kind: 'image' | 'video'): Promise<MediaMatch | null>;
  /**
   * A face on the media close enough to one she enrolled, or null; null without looking when she
   * enrolled none or her plan has no deep fake protection.
   */
  likeness(userId: string, bytes: Buffer, kind: 'image' | 'video'): Promise<LikenessMatch | null>;
}

/** The face's box with a fifth of its size around it, as a JPEG at most 192 px on a side. */
async function faceCrop(picture: Buffer, box: LikenessMatch['box']): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(picture).rotate().metadata();
  const margin = 0.2;
  const left = Math.max(0, Math.floor((box.x - box.width * margin) * width));
  const top = Math.max(0, Math.floor((box.y - box.height * margin) * height));
  const right = Math.min(width, Math.ceil((box.x + box.width * (1 + margin)) * width));
  const bottom = Math.min(height, Math.ceil((box.y + box.height * (1 + margin)) * height));
  return sharp(picture)
    .rotate()
    .extract({ left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) })
    .resize(192, 192, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export function createScanMatcher(deps: {
  index: ReferenceIndex;
  fingerprints: FingerprintJobs;
  /** Without it, no likeness search. */
  faces?: FaceIndex;
  syncEveryMs?: number;
}): ScanMatcher {
  const syncEveryMs = deps.syncEveryMs ?? 2_000;
  let syncedAt = 0;
  let syncing: Promise<void> | null = null;

  /** References uploaded by any process since the last sync become matchable (at most one sync at a time). */
  async function catchUp(): Promise<void> {
    if (Date.now() - syncedAt < syncEveryMs) return;
    syncing ??= deps.index.sync().finally(() => {
      syncedAt = Date.now();
      syncing = null;
    });
    await syncing;
  }

  return {
    async likeness(userId, bytes, kind) {
      const enrolled = (await deps.faces?.facesOf(userId)) ?? [];
      if (enrolled.length === 0) return null;
      let found: PictureFaces[];
      if (kind === 'image') {
        found = await deps.fingerprints.pictureFaces(new Uint8Array(bytes));
      } else {
        const dir = await mkdtemp(join(tmpdir(), 'shark-scan-faces-'));
        try {
          const file = join(dir, 'candidate');
          await writeFile(file, bytes);
          found = await deps.fingerprints.videoFaces(file);
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      }
      let best: (Omit<LikenessMatch, 'crop'> & { picture: Buffer }) | null = null;
      for (const { frame, faces } of found) {
        for (const face of faces) {
          const closest = closestFace(face.embedding, enrolled);
          if (!closest || closest.similarity < LIKENESS_THRESHOLD) continue;
          if (best && best.similarity >= closest.similarity) continue;
          const picture = frame ? Buffer.from(frame) : bytes;
          best = {
            enrolledFaceId: closest.id,
            similarity: closest.similarity,
            box: face.box,
            picture,
            ...(frame ? { frame: picture } : {}),
          };
        }
      }
      if (!best) return null;
      const { picture, ...match } = best;
      return { ...match, crop: await faceCrop(picture, match.box) };
    },

    async match(userId, bytes, kind) {
      await catchUp();
      if (kind === 'image') {
        const fingerprint = await deps.fingerprints.candidateImage(bytes);
        const result = deps.index.matchImageOf(userId, fingerprint);
        return result.referenceId
          ? {
              referenceId: result.referenceId,
              distance: result.distance,
              confidence: result.confidence,
            }
          : null;
      }
      // ffmpeg reads videos from a file.
      const dir = await mkdtemp(join(tmpdir(), 'shark-scan-video-'));
      try {
        const file = join(dir, 'candidate');
        await writeFile(file, bytes);
        const fingerprint = await deps.fingerprints.candidateVideo(file);
        const result = deps.index.matchVideoOf(userId, fingerprint);
        if (!result.referenceId) return null;
        // A frame a tenth of the way in is the evidence picture; a video without one still matched.
        const thumbnail = await makeVideoThumbnail(file).then(
          (made) => made.jpeg,
          () => undefined,
        );
        return {
          referenceId: result.referenceId,
          distance: result.distance,
          confidence: result.confidence,
          ...(thumbnail ? { thumbnail } : {}),
        };
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
