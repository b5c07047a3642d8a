// Resumable uploads (tus 1.0) of reference files: each upload is its user's, checked by content, streamed to storage,
// and handed to the fingerprint job when complete.
import { randomUUID } from 'node:crypto';
import { chmod, mkdir } from 'node:fs/promises';
import { ERRORS, Server as TusServer, type DataStore } from '@tus/server';
import {
  UPLOAD_METADATA,
  UPLOADS_ENDPOINT,
  referenceFileIdSchema,
} from '@shark/contracts/reference-files.ts';
import { mimeTypeOf } from '@shark/engine/matching/media-type.ts';
import type { Config } from '#server/config/env.ts';
import { AppError } from '#server/http/app-error.ts';
import { hasControlCharacter } from '#server/http/input-hygiene.ts';
import { describeError, type Logger } from '#server/http/logger.ts';
import type { Entitled, Entitlements } from '#server/features/entitlements/entitlements.ts';
import { formatBytes } from '#server/features/entitlements/entitlements.ts';
import type { FileStorage } from '#server/features/storage/file-storage.ts';
import { s3ClientConfig } from '#server/features/storage/s3-client-config.ts';
import { MediaCheckStore } from './media-check-store.ts';
import { PRIVATE_DIRECTORY_MODE, PrivateFileStore } from './private-file-store.ts';
import type { ReferenceFileRepository, ReferenceFileRow } from './reference-file-repository.ts';

/** The fingerprint job's queue, as this feature uses it. */
export interface FingerprintQueue {
  send(name: 'reference-file.fingerprint', payload: { fileId: string }): Promise<unknown>;
}

export interface UploadServiceDeps {
  config: Pick<Config, 'storage' | 'uploads'>;
  storage: FileStorage;
  files: ReferenceFileRepository;
  entitlements: Entitlements;
  jobs: FingerprintQueue;
  logger: Logger;
}

interface RequestContext {
  userId: string;
  entitled: Entitled;
  /** Set once onUploadCreate inserted the row, so a creation that fails later can take it back. */
  createdFileId?: string;
}

/** Storage key of a user's reference file; the tus upload id is the same key, so a finished upload needs no copy. */
export const storageKeyOf = (userId: string, fileId: string) =>
  `reference-files/${userId}/${fileId}`;
const fileIdOfKey = (key: string) => key.slice(key.lastIndexOf('/') + 1);

const TUS_CODES: Record<number, AppError['code']> = {
  400: 'BAD_REQUEST',
  403: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  410: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

const jsonError = (status: number, body: { code: string; message: string }) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'tus-resumable': '1.0.0' },
  });

/** Async: the S3 store (and the AWS SDK under it) is loaded only when files go to S3. */
export async function createUploadService(deps: UploadServiceDeps) {
  const { config, storage, files, entitlements, jobs, logger } = deps;
  const contexts = new WeakMap<Request, RequestContext>();
  const contextOf = (req: Request): RequestContext => {
    const context = contexts.get(req);
    if (!context) throw new Error('upload request without a user');
    return context;
  };
  const maxBytes = config.uploads.maxBytes;

  if (config.storage.driver === 'local') {
    // Owner-only, like every file below it (private-file-store.ts); an older, wider folder is narrowed.
    await mkdir(config.storage.directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
    await chmod(config.storage.directory, PRIVATE_DIRECTORY_MODE);
  }
  const inner: DataStore =
    config.storage.driver === 'local'
      ? new PrivateFileStore({ directory: config.storage.directory })
      : new (await import('@tus/s3-store')).S3Store({
          s3ClientConfig: { bucket: config.storage.bucket, ...s3ClientConfig(config.storage) },
          // Parts are staged in temporary files, a few at a time: memory stays flat whatever the file size.
          maxConcurrentPartUploads: 4,
          // Expiry is ours (see sweepExpired); S3 object tags are not supported by every S3-compatible service.
          useTags: false,
        });
  /** What tus keeps beside an upload while it is in progress. */
  const stateKeysOf = (key: string) =>
    config.storage.driver === 'local' ? [`${key}.json`] : [`${key}.info`, `${key}.part`];

  async function forgetUploadState(key: string): Promise<void> {
    for (const stateKey of stateKeysOf(key)) await storage.delete(stateKey);
  }

  /** Removes an unfinished upload's bytes and state, whatever is left of them. */
  async function discardUpload(key: string): Promise<void> {
    await inner.remove(key).catch(() => undefined);
    await storage.delete(key);
    await forgetUploadState(key);
  }

  const store = new MediaCheckStore(inner, {
    async accepted(id, media) {
      await files.recordMediaType(fileIdOfKey(id), {
        mediaType: media.kind,
        mimeType: mimeTypeOf(media),
      });
    },
    async refused(upload) {
      await discardUpload(upload.id);
      await files.deleteUploading(fileIdOfKey(upload.id));
      const name = upload.metadata?.[UPLOAD_METADATA.fileName] ?? 'This file';
      return new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `"${name}" is not an image or a video: its content was checked, not its name. Upload photos (JPEG, PNG, WebP, HEIC…) or videos (MP4, MOV, MKV…).`,
      );
    },
    tooShort(_id, received) {
      return new AppError(
        'BAD_REQUEST',
        `Only ${received} bytes arrived, too few to tell the file's type. Send at least the first 512 bytes in the first request.`,
      );
    },
    async written(id, offset) {
      await files.recordReceived(fileIdOfKey(id), offset);
    },
  });

  const tus = new TusServer({
    path: UPLOADS_ENDPOINT,
    datastore: store,
    maxSize: maxBytes,
    // The SPA is served from the same origin: no cross-origin uploads.
    allowedOrigins: () => false,
    namingFunction: (req) => storageKeyOf(contextOf(req).userId, randomUUID()),
    generateUrl: (_req, { path, id }) => `${path}/${fileIdOfKey(id)}`,
    // The URL names the file; the key is the signed-in user's, so another user's id is simply not found.
    getFileIdFromRequest: (req, lastPath) =>
      lastPath && referenceFileIdSchema.safeParse(lastPath).success
        ? storageKeyOf(contextOf(req).userId, lastPath)
        : undefined,

    async onUploadCreate(req, upload) {
      const context = contextOf(req);
      if (upload.sizeIsDeferred || upload.size === undefined) {
        throw new AppError(
          'BAD_REQUEST',
          'Declare the file size when the upload starts (Upload-Length).',
        );
      }
      if (upload.size === 0) throw new AppError('BAD_REQUEST', 'This file is empty.');
      const fileName = (upload.metadata?.[UPLOAD_METADATA.fileName] ?? '').trim();
      if (!fileName) {
        throw new AppError('VALIDATION_FAILED', 'Name the file in the upload metadata.', {
          fields: { [UPLOAD_METADATA.fileName]: 'Name the file.' },
        });
      }
      // The name is stored as text: Postgres refuses NUL, and no file name needs a control character.
      if (hasControlCharacter(fileName)) {
        throw new AppError(
          'VALIDATION_FAILED',
          'The file name must not contain control characters.',
          {
            fields: { [UPLOAD_METADATA.fileName]: 'Must not contain control characters.' },
          },
        );
      }
      const size = upload.size;
      const fileId = fileIdOfKey(upload.id);
      await files.insertWithinLimit(
        {
          id: fileId,
          userId: context.userId,
          originalName: fileName.slice(0, 255),
          sizeBytes: size,
          storageKey: upload.id,
        },
        (used) => entitlements.assertWithin(context.entitled, 'referenceStorageBytes', used, size),
      );
      context.createdFileId = fileId;
      return {};
    },

    async onUploadFinish(_req, upload) {
      const fileId = fileIdOfKey(upload.id);
      if (await files.markQueued(fileId, upload.offset)) {
        await forgetUploadState(upload.id);
        await jobs.send('reference-file.fingerprint', { fileId });
      }
      return {};
    },

    onResponseError(_req, error) {
      if (error instanceof AppError)
        return { status_code: error.status, body: JSON.stringify(error.toBody()) };
      if (error === ERRORS.ERR_MAX_SIZE_EXCEEDED) {
        return {
          status_code: 413,
          body: JSON.stringify({
            code: 'PAYLOAD_TOO_LARGE',
            message: `This file is larger than the ${formatBytes(maxBytes)} a single upload may be.`,
          }),
        };
      }
      if ('status_code' in error && error.status_code < 500) return undefined;
      logger.error('upload failed', {
        error: error instanceof Error ? describeError(error) : error.body,
      });
      return {
        status_code: 500,
        body: JSON.stringify({
          code: 'INTERNAL',
          message: 'The upload could not be stored. Please try again.',
        }),
      };
    },
  });

  /** tus answers errors in plain text; the API answers JSON everywhere. */
  async function asApiResponse(response: Response): Promise<Response> {
    if (response.status < 400) return response;
    const text = await response.text();
    try {
      const body = JSON.parse(text) as { code?: unknown; message?: unknown };
      if (typeof body.code === 'string' && typeof body.message === 'string') {
        return jsonError(response.status, { ...(body as { code: string; message: string }) });
      }
    } catch {
      // not JSON: wrapped below
    }
    return jsonError(response.status, {
      code: TUS_CODES[response.status] ?? (response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST'),
      message: text.trim() || 'The upload request was refused.',
    });
  }

  /** A finished upload's tus state is gone; its row still answers HEAD so a client that lost the last answer can finish. */
  function finishedUploadResponse(method: string, row: ReferenceFileRow): Response {
    if (method === 'HEAD') {
      return new Response(null, {
        status: 200,
        headers: {
          'tus-resumable': '1.0.0',
          'upload-offset': String(row.sizeBytes),
          'upload-length': String(row.sizeBytes),
          'cache-control': 'no-store',
        },
      });
    }
    return jsonError(409, {
      code: 'CONFLICT',
      message: 'This upload is complete. Delete the file instead to remove it.',
    });
  }

  return {
    /** Answers one tus request of a signed-in, entitled user; `fileId` is the URL's id, if any. */
    async handle(
      request: Request,
      entitled: Entitled,
      fileId: string | undefined,
    ): Promise<Response> {
      const method = request.method.toUpperCase();
      if (fileId !== undefined && method !== 'OPTIONS') {
        const notFound = jsonError(404, {
          code: 'NOT_FOUND',
          message: 'This upload does not exist.',
        });
        if (!referenceFileIdSchema.safeParse(fileId).success) return notFound;
        const row = await files.findOwned(entitled.userId, fileId);
        if (!row) return notFound;
        if (method !== 'HEAD' && method !== 'PATCH' && method !== 'DELETE') {
          return jsonError(405, {
            code: 'BAD_REQUEST',
            message: `${method} is not part of the upload protocol.`,
          });
        }
        if (row.status !== 'uploading') return finishedUploadResponse(method, row);
      } else if (fileId === undefined && method !== 'POST' && method !== 'OPTIONS') {
        return jsonError(405, { code: 'BAD_REQUEST', message: 'Start an upload with POST.' });
      }

      const context: RequestContext = { userId: entitled.userId, entitled };
      contexts.set(request, context);
      const response = await asApiResponse(await tus.handleWeb(request));

      if (method === 'POST' && response.status >= 400 && context.createdFileId) {
        await files.deleteUploading(context.createdFileId);
      }
      if (method === 'DELETE' && response.status === 204 && fileId) {
        // tus removed the bytes (termination); the row goes too.
        await forgetUploadState(storageKeyOf(entitled.userId, fileId));
        await files.deleteUploading(fileId);
      }
      return response;
    },

    /** Stops an unfinished upload of this row: bytes, tus state and the row. */
    async cancel(row: Pick<ReferenceFileRow, 'id' | 'storageKey'>): Promise<void> {
      await discardUpload(row.storageKey);
      await files.deleteUploading(row.id);
    },

    /** Removes uploads idle for longer than UPLOAD_EXPIRY_HOURS; returns how many. */
    async sweepExpired(now = new Date()): Promise<number> {
      const idleSince = new Date(now.getTime() - config.uploads.expirySeconds * 1000);
      let removed = 0;
      for (;;) {
        const stale = await files.findStaleUploads(idleSince, 100);
        for (const row of stale) {
          await discardUpload(row.storageKey);
          await files.deleteUploading(row.id);
        }
        removed += stale.length;
        if (stale.length < 100) return removed;
      }
    },
  };
}

export type UploadService = Awaited<ReturnType<typeof createUploadService>>;
