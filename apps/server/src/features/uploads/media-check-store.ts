// A tus data store wrapper that checks a file's type by its first bytes before any of them are stored.
import type { Readable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import { DataStore, type Upload } from '@tus/server';
import { sniffMediaType, type MediaType } from '@shark/engine/matching/media-type.ts';

/** Enough for every signature the sniffer knows (MPEG-TS needs 189 bytes). */
export const SNIFF_BYTES = 512;

export interface MediaCheckHooks {
  /** The first bytes are an image or video: record it; throwing refuses the write. */
  accepted(uploadId: string, media: MediaType): Promise<void>;
  /** The first bytes are neither: remove the upload and return the error to answer with. */
  refused(upload: Upload, head: Buffer): Promise<Error>;
  /** Too few bytes arrived to tell (a first request cut short): the error to answer with. Nothing was stored. */
  tooShort(uploadId: string, received: number): Error;
  /** Bytes were stored up to `offset` (also after a write cut short). */
  written(uploadId: string, offset: number): Promise<void>;
}

/**
 * Looks at up to `need` bytes at the front of a paused stream and returns the stream to read in full:
 * the same stream with the bytes put back, or (when it had already ended) a new one holding them.
 */
export async function peekHead(
  stream: Readable,
  need: number,
): Promise<{ head: Buffer; body: Readable }> {
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < need) {
    const chunk = stream.read() as Buffer | string | null;
    if (chunk !== null) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      chunks.push(bytes);
      length += bytes.length;
      continue;
    }
    if (stream.readableEnded || stream.destroyed) {
      ended = true;
      break;
    }
    ended = await new Promise<boolean>((resolve, reject) => {
      const settle = (fn: () => void) => {
        stream.off('readable', onReadable);
        stream.off('end', onEnd);
        stream.off('close', onEnd);
        stream.off('error', onError);
        fn();
      };
      const onReadable = () => settle(() => resolve(false));
      const onEnd = () => settle(() => resolve(true));
      const onError = (error: Error) => settle(() => reject(error));
      stream.on('readable', onReadable);
      stream.on('end', onEnd);
      stream.on('close', onEnd);
      stream.on('error', onError);
    });
    if (ended) break;
  }
  const head = Buffer.concat(chunks, length);
  if (ended) return { head, body: ReadableStream.from(length > 0 ? [head] : []) };
  // At once, before any other await: a stream read to its end emits 'end' on the next tick, and then
  // nothing can be put back.
  if (length > 0) stream.unshift(head);
  return { head, body: stream };
}

export class MediaCheckStore extends DataStore {
  constructor(
    private readonly inner: DataStore,
    private readonly hooks: MediaCheckHooks,
  ) {
    super();
    this.extensions = inner.extensions;
  }

  override create(upload: Upload): Promise<Upload> {
    return this.inner.create(upload);
  }

  override remove(id: string): Promise<void> {
    return this.inner.remove(id);
  }

  override getUpload(id: string): Promise<Upload> {
    return this.inner.getUpload(id);
  }

  override declareUploadLength(id: string, length: number): Promise<void> {
    return this.inner.declareUploadLength(id, length);
  }

  override deleteExpired(): Promise<number> {
    return this.inner.deleteExpired();
  }

  override getExpiration(): number {
    return this.inner.getExpiration();
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    let body: Readable = stream;
    if (offset === 0) {
      const upload = await this.inner.getUpload(id);
      const need = Math.min(SNIFF_BYTES, upload.size ?? SNIFF_BYTES);
      const peeked = await peekHead(stream, need);
      const head = peeked.head;
      body = peeked.body;
      if (head.length === 0 && need > 0) return 0;
      const media = sniffMediaType(head);
      if (!media) {
        // A short head may just be a request cut off early: refuse only what was seen in full.
        if (head.length < need) throw this.hooks.tooShort(id, head.length);
        throw await this.hooks.refused(upload, head);
      }
      await this.hooks.accepted(id, media);
    }
    try {
      const newOffset = await this.inner.write(body, id, offset);
      await this.hooks.written(id, newOffset);
      return newOffset;
    } catch (error) {
      // A write cut short may still have stored some bytes; keep the row's count honest for the screen.
      const stored = await this.inner.getUpload(id).catch(() => undefined);
      if (stored) await this.hooks.written(id, stored.offset).catch(() => undefined);
      throw error;
    }
  }
}
