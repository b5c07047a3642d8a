// Where uploaded files and their thumbnails are kept: on local disk (DATA_DIR/files) or in an S3-compatible bucket.
import type { Readable } from 'node:stream';
import type { StorageConfig } from '#server/config/env.ts';
import { createLocalFileStorage } from './local-file-storage.ts';
import { createS3FileStorage } from './s3-file-storage.ts';

/**
 * Files by key. A key is a relative path of plain segments (letters, digits, `.`, `_`, `-`) joined by `/`,
 * e.g. `reference-files/<userId>/<fileId>`; the same key means the same file on every process.
 */
export interface FileStorage {
  /** Stores the body under the key, replacing any file there; a stream is written as it arrives, never held whole. */
  write(key: string, body: Readable | Buffer): Promise<void>;
  /** The file's bytes as a stream; throws StoredFileNotFoundError when there is no such file. */
  read(key: string): Promise<Readable>;
  /**
   * Runs fn with a path on local disk holding the file (tools such as ffmpeg need a path).
   * The path is valid only until fn settles; throws StoredFileNotFoundError when there is no such file.
   */
  withLocalFile<T>(key: string, fn: (path: string) => Promise<T>): Promise<T>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class StoredFileNotFoundError extends Error {
  constructor(public readonly key: string) {
    super(`No stored file under "${key}".`);
    this.name = 'StoredFileNotFoundError';
  }
}

const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Refuses keys that could escape the storage root or mean different files on disk and in S3. */
export function assertValidKey(key: string): void {
  if (
    key.length > 512 ||
    !KEY_PATTERN.test(key) ||
    key.split('/').some((segment) => segment === '.' || segment === '..')
  ) {
    throw new Error(`Invalid storage key "${key.slice(0, 80)}".`);
  }
}

export function createFileStorage(config: StorageConfig): FileStorage {
  switch (config.driver) {
    case 'local':
      return createLocalFileStorage(config.directory);
    case 's3':
      return createS3FileStorage(config);
  }
}
