// The Uploaded Files screen's reads and deletion: the creator's reference files with their status, thumbnails, removal.
import type { Readable } from 'node:stream';
import type { ReferenceFile, ReferenceFileList } from '@shark/contracts/reference-files.ts';
import { sniffMediaType } from '@shark/engine/matching/media-type.ts';
import { AppError } from '#server/http/app-error.ts';
import type { FileStorage } from '#server/features/storage/file-storage.ts';
import { StoredFileNotFoundError } from '#server/features/storage/file-storage.ts';
import { peekHead } from './media-check-store.ts';
import type { ReferenceFileRepository, ReferenceFileRow } from './reference-file-repository.ts';
import { mimeTypeOf } from '@shark/engine/matching/media-type.ts';
import type { UploadService } from './upload-service.ts';

export interface UploadedFileServiceDeps {
  files: ReferenceFileRepository;
  storage: FileStorage;
  uploads: Pick<UploadService, 'cancel'>;
  /** Removes a file for good: row, fingerprint, stored file and thumbnail. */
  deleteReferenceFile: (userId: string, fileId: string) => Promise<void>;
  maxUploadBytes: number;
}

export const thumbnailUrlOf = (fileId: string) => `/api/reference-files/${fileId}/thumbnail`;

function toReferenceFile(row: ReferenceFileRow): ReferenceFile {
  return {
    id: row.id,
    fileName: row.originalName,
    sizeBytes: row.sizeBytes,
    receivedBytes: row.receivedBytes,
    mediaType: row.mediaType,
    mimeType: row.mimeType,
    status: row.status,
    failureReason:
      row.status === 'failed' ? (row.failureReason ?? 'This file could not be processed.') : null,
    thumbnailUrl: row.thumbnailKey ? thumbnailUrlOf(row.id) : null,
    width: row.width,
    height: row.height,
    durationSeconds: row.durationSeconds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('NOT_FOUND', 'This file does not exist.');

export function createUploadedFileService(deps: UploadedFileServiceDeps) {
  const { files, storage } = deps;
  return {
    async list(userId: string): Promise<ReferenceFileList> {
      const rows = await files.listOwned(userId);
      return { files: rows.map(toReferenceFile), maxUploadBytes: deps.maxUploadBytes };
    },

    /** The thumbnail's bytes and type, for its owner only. */
    async thumbnail(
      userId: string,
      fileId: string,
    ): Promise<{ body: Readable; contentType: string }> {
      const row = await files.findOwned(userId, fileId);
      if (!row?.thumbnailKey) throw notFound();
      let body: Readable;
      try {
        body = await storage.read(row.thumbnailKey);
      } catch (error) {
        if (error instanceof StoredFileNotFoundError) throw notFound();
        throw error;
      }
      // Typed by its bytes, like every file here; the stream is handed on with them put back.
      const peeked = await peekHead(body, 64);
      const media = sniffMediaType(peeked.head);
      if (!media || media.kind !== 'image') {
        body.destroy();
        throw notFound();
      }
      return { body: peeked.body, contentType: mimeTypeOf(media) };
    },

    async remove(userId: string, fileId: string): Promise<void> {
      const row = await files.findOwned(userId, fileId);
      if (!row) throw notFound();
      // An unfinished upload has no fingerprint or thumbnail yet: stopping it removes all there is.
      if (row.status === 'uploading') await deps.uploads.cancel(row);
      else await deps.deleteReferenceFile(userId, fileId);
    },
  };
}

export type UploadedFileService = ReturnType<typeof createUploadedFileService>;
