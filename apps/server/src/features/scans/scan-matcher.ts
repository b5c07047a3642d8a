// Matches media a scan found against one creator's reference files: fingerprints on the worker-thread
// pool (the event loop keeps serving), the process's reference index kept in step with the database.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FingerprintJobs } from '@shark/engine/matching/fingerprint-jobs.ts';
import { makeVideoThumbnail } from '@shark/engine/media/preview.ts';
import type { ReferenceIndex } from '#server/features/matching/reference-index.ts';

export interface MediaMatch {
  referenceId: string;
  distance: number | null;
  confidence: number;
  /** For a matched video: a frame as a JPEG, for the finding's thumbnail. */
  thumbnail?: Buffer;
}

export interface ScanMatcher {
  /** The creator's reference the media copies, or null. Throws ImageDecodeError-like errors on bad bytes. */
  match(userId: string, bytes: Buffer, kind: 'image' | 'video'): Promise<MediaMatch | null>;
}

export function createScanMatcher(deps: {
  index: ReferenceIndex;
  fingerprints: FingerprintJobs;
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
