// The uploads in progress in this tab, over tus (resumable): each file goes up in chunks, a dropped connection
// is retried and resumes where it stopped, and the same file added again later resumes too. Kept outside React
// so uploads carry on while the creator visits other screens.
import { PROVIDER_HEADER } from '@shark/contracts/http.ts';
import {
  UPLOAD_CHUNK_BYTES,
  UPLOAD_METADATA,
  UPLOADS_ENDPOINT,
} from '@shark/contracts/reference-files.ts';
import { Upload } from 'tus-js-client';
import { PROVIDER_ID } from '#app/lib/api.ts';
import { formatBytes } from './format.ts';
import { shouldRetryUpload, uploadFailureOf, type UploadFailure } from './upload-errors.ts';

/** Waits between automatic retries of an interrupted request; then the creator is asked. */
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

export type LocalUploadState = 'starting' | 'uploading' | 'reconnecting' | 'done' | 'failed';

export interface LocalUpload {
  /** This tab's id for the upload. */
  key: string;
  fileName: string;
  size: number;
  bytesSent: number;
  /** The server's file id, once the upload exists there. */
  fileId: string | null;
  state: LocalUploadState;
  failure: UploadFailure | null;
}

export type UploadEvent = 'created' | 'finished' | 'failed';

interface Entry {
  snapshot: LocalUpload;
  upload: Upload | null;
}

let nextKey = 1;

export function createUploadStore() {
  const entries = new Map<string, Entry>();
  let snapshot: LocalUpload[] = [];
  let owner: string | null = null;
  const listeners = new Set<() => void>();
  const eventListeners = new Set<(event: UploadEvent, upload: LocalUpload) => void>();

  function publish() {
    snapshot = [...entries.values()].map((entry) => entry.snapshot);
    for (const listener of listeners) listener();
  }

  function update(key: string, patch: Partial<LocalUpload>) {
    const entry = entries.get(key);
    if (!entry) return;
    entry.snapshot = { ...entry.snapshot, ...patch };
    publish();
  }

  function emit(event: UploadEvent, key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    for (const listener of eventListeners) listener(event, entry.snapshot);
  }

  function fail(key: string, failure: UploadFailure) {
    update(key, { state: 'failed', failure });
    emit('failed', key);
  }

  async function begin(key: string, file: File) {
    const upload = new Upload(file, {
      endpoint: UPLOADS_ENDPOINT,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: {
        [UPLOAD_METADATA.fileName]: file.name,
        [UPLOAD_METADATA.fileType]: file.type || 'application/octet-stream',
      },
      headers: { [PROVIDER_HEADER]: PROVIDER_ID },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onUploadUrlAvailable() {
        const fileId = upload.url?.split('/').pop() ?? null;
        update(key, { fileId, state: 'uploading' });
        emit('created', key);
      },
      onProgress(bytesSent) {
        update(key, { bytesSent, state: 'uploading' });
      },
      onShouldRetry(error) {
        const retry = shouldRetryUpload(error);
        if (retry) update(key, { state: 'reconnecting' });
        return retry;
      },
      onSuccess() {
        update(key, { bytesSent: file.size, state: 'done' });
        emit('finished', key);
      },
      onError(error) {
        fail(key, uploadFailureOf(error));
      },
    });
    const entry = entries.get(key);
    if (!entry) return;
    entry.upload = upload;
    // The same file, added again in this browser, resumes from what the server already has.
    const previous = await upload.findPreviousUploads().catch(() => []);
    if (!entries.has(key)) return;
    const resumable = previous[0];
    if (resumable) upload.resumeFromPreviousUpload(resumable);
    upload.start();
  }

  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => snapshot,

    /** Screens reload what the server knows when an upload is created, finishes or fails. */
    onEvent: (listener: (event: UploadEvent, upload: LocalUpload) => void) => {
      eventListeners.add(listener);
      return () => void eventListeners.delete(listener);
    },

    /** Uploads belong to the signed-in user: another user in this tab starts from nothing. */
    useFor: (userId: string) => {
      if (owner === userId) return;
      for (const entry of entries.values()) void entry.upload?.abort(false);
      entries.clear();
      owner = userId;
      publish();
    },

    add: (files: File[], maxUploadBytes: number | undefined) => {
      for (const file of files) {
        const key = `upload-${nextKey++}`;
        entries.set(key, {
          upload: null,
          snapshot: {
            key,
            fileName: file.name,
            size: file.size,
            bytesSent: 0,
            fileId: null,
            state: 'starting',
            failure: null,
          },
        });
        if (file.size === 0) {
          fail(key, { message: `"${file.name}" is empty.`, canRetry: false, isPlanLimit: false });
        } else if (maxUploadBytes !== undefined && file.size > maxUploadBytes) {
          fail(key, {
            message: `"${file.name}" is larger than the ${formatBytes(maxUploadBytes)} a single upload may be.`,
            canRetry: false,
            isPlanLimit: false,
          });
        } else {
          void begin(key, file);
        }
      }
      publish();
    },

    /** Starts a stopped upload again; it resumes from the last byte the server has. */
    retry: (key: string) => {
      const entry = entries.get(key);
      if (!entry?.upload) return;
      update(key, { state: 'uploading', failure: null });
      entry.upload.start();
    },

    /** Stops the upload in this tab (the server's copy is removed by deleting the file). */
    stop: async (key: string) => {
      const entry = entries.get(key);
      entries.delete(key);
      publish();
      await entry?.upload?.abort(false);
    },

    /** Forgets a finished or failed upload. */
    dismiss: (key: string) => {
      const entry = entries.get(key);
      if (!entry || (entry.snapshot.state !== 'done' && entry.snapshot.state !== 'failed')) return;
      entries.delete(key);
      publish();
    },
  };
}

export type UploadStore = ReturnType<typeof createUploadStore>;

/** The tab's one store. */
export const uploadStore = createUploadStore();
