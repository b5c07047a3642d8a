// Uploaded reference files: the tus upload endpoint's conventions, GET /api/reference-files and its items.
import { z } from 'zod';

/** tus 1.0 endpoint (resumable uploads): POST here to create, then HEAD / PATCH / DELETE on the returned Location. */
export const UPLOADS_ENDPOINT = '/api/uploads';

/** The tus Upload-Metadata keys the server reads. */
export const UPLOAD_METADATA = { fileName: 'filename', fileType: 'filetype' } as const;

/**
 * How many bytes a client sends per PATCH: small enough that a dropped connection costs little and the server
 * stops a refused file early, large enough to keep requests few.
 */
export const UPLOAD_CHUNK_BYTES = 32 * 1024 * 1024;

export const referenceFileStatusSchema = z.enum([
  'uploading',
  'queued',
  'processing',
  'ready',
  'failed',
]);
export type ReferenceFileStatus = z.infer<typeof referenceFileStatusSchema>;

export const referenceFileIdSchema = z.uuid({ message: 'This file does not exist.' });

export const referenceFileSchema = z.object({
  id: z.string(),
  /** As uploaded, for display only. */
  fileName: z.string(),
  /** Declared at the start of the upload. */
  sizeBytes: z.number().int().nonnegative(),
  /** Bytes stored so far (equals sizeBytes once the upload is complete). */
  receivedBytes: z.number().int().nonnegative(),
  /** Known once the first bytes arrived and were recognised. */
  mediaType: z.enum(['image', 'video']).nullable(),
  mimeType: z.string().nullable(),
  status: referenceFileStatusSchema,
  /** Why fingerprinting failed, in words for the creator (status failed). */
  failureReason: z.string().nullable(),
  /** Same-origin URL of the thumbnail image, once there is one. */
  thumbnailUrl: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationSeconds: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReferenceFile = z.infer<typeof referenceFileSchema>;

export const referenceFileListSchema = z.object({
  files: z.array(referenceFileSchema),
  /** The largest file the server accepts (MAX_UPLOAD_BYTES). */
  maxUploadBytes: z.number().int().positive(),
});
export type ReferenceFileList = z.infer<typeof referenceFileListSchema>;
