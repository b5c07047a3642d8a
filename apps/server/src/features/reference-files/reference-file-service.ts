// The background side of uploaded reference files: fingerprinting one (the `reference-file.fingerprint`
// job) and deleting one with everything made from it.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FingerprintJobs } from '@shark/engine/matching/fingerprint-jobs.ts';
import { encodeReferenceFingerprint } from '@shark/engine/matching/image-fingerprint.ts';
import { mimeTypeOf, sniffMediaType, type MediaType } from '@shark/engine/matching/media-type.ts';
import { encodeVideoFingerprint } from '@shark/engine/matching/video.ts';
import { makeThumbnail, makeVideoThumbnail } from '@shark/engine/media/preview.ts';
import { AppError } from '#server/http/app-error.ts';
import type { Logger } from '#server/http/logger.ts';
import type { JobContext } from '#server/jobs/define-job.ts';
import type { FileStorage } from '#server/features/storage/file-storage.ts';
import type {
  ProcessedFile,
  ReferenceFileProcessingRepository,
} from './reference-file-processing-repository.ts';

/** Reasons a creator reads on a failed file; each is final (retrying would not change it). */
export const FAILURE_REASONS = {
  notMedia: 'This file is not a picture or video we can read.',
  unreadablePicture:
    'This picture could not be read: the file may be damaged, or in a format we cannot open.',
  unreadableVideo:
    'This video could not be read: the file may be damaged, or in a format we cannot open.',
  noFfmpeg:
    'ffmpeg is not installed on the server, so videos cannot be processed. Ask the operator to install it, then upload the video again.',
  missingFile: 'The uploaded file is missing from storage. Please upload it again.',
  gaveUp: 'We could not process this file after several attempts. Please upload it again.',
} as const;

/** A failure of the file itself: recorded on the row, never retried. */
class FileRejectedError extends Error {
  override readonly name = 'FileRejectedError';
  constructor(readonly reason: string) {
    super(reason);
  }
}

// Errors are told apart by name, which survives the trip back from a worker thread where a class would not.
const PICTURE_ERRORS = new Set([
  'ImageDecodeError',
  'UnsupportedImageError',
  'UnreadablePictureError',
]);

function rejectionOf(error: unknown, kind: 'image' | 'video'): string | null {
  if (error instanceof FileRejectedError) return error.reason;
  const name = (error as Error | undefined)?.name ?? '';
  if (name === 'FfmpegMissingError') return FAILURE_REASONS.noFfmpeg;
  if (name === 'StoredFileNotFoundError') return FAILURE_REASONS.missingFile;
  if (name === 'UnsupportedVideoError') return FAILURE_REASONS.unreadableVideo;
  if (PICTURE_ERRORS.has(name))
    return kind === 'video' ? FAILURE_REASONS.unreadableVideo : FAILURE_REASONS.unreadablePicture;
  return null;
}

export const thumbnailKeyOf = (userId: string, fileId: string) =>
  `reference-thumbnails/${userId}/${fileId}.jpg`;

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

async function sniff(path: string): Promise<MediaType | null> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(512);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return sniffMediaType(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

type Analysis = Omit<ProcessedFile, 'thumbnailKey'> & { thumbnail: Buffer };

type Fingerprinter = Pick<FingerprintJobs, 'referenceImage' | 'referenceVideo'>;

/** Everything made from the file's bytes: type by content, fingerprint, thumbnail, size and digest. */
async function analyse(path: string, fingerprints: Fingerprinter): Promise<Analysis> {
  const type = await sniff(path);
  if (!type) throw new FileRejectedError(FAILURE_REASONS.notMedia);
  try {
    const sha256 = await sha256Of(path);
    const mimeType = mimeTypeOf(type);
    if (type.kind === 'image') {
      const fingerprint = encodeReferenceFingerprint(await fingerprints.referenceImage(path));
      const preview = await makeThumbnail(path);
      return {
        mediaType: 'image',
        mimeType,
        width: preview.width,
        height: preview.height,
        durationSeconds: null,
        sha256,
        thumbnail: preview.jpeg,
        fingerprint: { kind: 'image', data: fingerprint },
      };
    }
    const preview = await makeVideoThumbnail(path);
    const fingerprint = await fingerprints.referenceVideo(path);
    return {
      mediaType: 'video',
      mimeType,
      width: preview.width,
      height: preview.height,
      durationSeconds: preview.durationSeconds ?? fingerprint.durationSeconds,
      sha256,
      thumbnail: preview.jpeg,
      fingerprint: { kind: 'video', data: encodeVideoFingerprint(fingerprint) },
    };
  } catch (error) {
    const reason = rejectionOf(error, type.kind);
    throw reason ? new FileRejectedError(reason) : error;
  }
}

export interface ReferenceFileServiceDeps {
  files: ReferenceFileProcessingRepository;
  storage: FileStorage;
  logger: Logger;
  /** The engine's fingerprinting, on the worker-thread pool (the functions themselves in tests). */
  fingerprints: Fingerprinter;
}

export function createReferenceFileService({
  files,
  storage,
  logger,
  fingerprints,
}: ReferenceFileServiceDeps) {
  return {
    /**
     * The `reference-file.fingerprint` job. Idempotent: a file that is gone, ready or failed is left as
     * it is; one left 'processing' by a run that died is processed again from its bytes. Failures of
     * the file are recorded and not retried; others throw (the queue retries them) and are recorded on
     * the last attempt.
     */
    async fingerprint(
      fileId: string,
      context: Pick<JobContext, 'isLastAttempt'>,
    ): Promise<{ outcome: string }> {
      const row = await files.claim(fileId);
      if (!row) return { outcome: 'skipped' };
      try {
        const analysis = await storage.withLocalFile(row.storageKey, (path) =>
          analyse(path, fingerprints),
        );
        const thumbnailKey = thumbnailKeyOf(row.userId, row.id);
        const { thumbnail, ...processed } = analysis;
        await storage.write(thumbnailKey, thumbnail);
        const outcome = await files.finish(fileId, { ...processed, thumbnailKey });
        // Deleted while we worked: the deletion could not see the thumbnail we had not written yet.
        if (outcome === 'gone') await storage.delete(thumbnailKey);
        return { outcome };
      } catch (error) {
        const reason =
          error instanceof FileRejectedError
            ? error.reason
            : rejectionOf(error, row.mediaType ?? 'image');
        if (reason) {
          logger.info('reference file refused', {
            fileId,
            reason,
            detail: (error as Error).message,
          });
          await files.fail(fileId, reason);
          return { outcome: 'failed' };
        }
        if (context.isLastAttempt) await files.fail(fileId, FAILURE_REASONS.gaveUp);
        throw error;
      }
    },

    /**
     * Deletes one of the user's reference files: its stored file and thumbnail first, then its row and
     * fingerprint together. A crash part-way leaves the row (the creator sees the file and can delete it
     * again), never a fingerprint without its row. Another user's file is "not found".
     */
    async deleteReferenceFile(userId: string, fileId: string): Promise<void> {
      const row = await files.findOwned(userId, fileId);
      if (!row) throw new AppError('NOT_FOUND', 'No such file.');
      const keys = [
        ...new Set([
          row.storageKey,
          row.thumbnailKey ?? thumbnailKeyOf(userId, fileId),
          thumbnailKeyOf(userId, fileId),
        ]),
      ];
      await Promise.all(keys.map((key) => storage.delete(key)));
      if (!(await files.deleteWithFingerprint(userId, fileId)))
        throw new AppError('NOT_FOUND', 'No such file.');
      // A fingerprint run that finished just before the row went may have written its thumbnail after
      // the first pass: the row is gone now, so no later run writes one again.
      await storage.delete(thumbnailKeyOf(userId, fileId));
    },

    /** Ids of files whose fingerprint job may have been lost (sent again at worker start; sending is idempotent). */
    async findUnfinished(processingLongerThanSeconds: number): Promise<string[]> {
      return files.findUnfinished(new Date(Date.now() - processingLongerThanSeconds * 1000));
    },
  };
}

export type ReferenceFileService = ReturnType<typeof createReferenceFileService>;
