// Reading a response's body: decompressed, up to a size limit, and stopped (not read on) beyond it.
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { FetchError, formatBytes } from './fetch-result.ts';

/** Stops a body we will not read; its abort error has nobody to tell. */
export function discard(stream: Readable): void {
  stream.on('error', () => undefined);
  stream.destroy();
}

/** Reads the body (decompressed) up to `limit` bytes; stops and refuses beyond it. */
export async function readBody(
  body: Readable,
  encoding: string | undefined,
  limit: number,
  url: URL,
): Promise<Buffer> {
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  const source: Readable = decoder ? pipeline(body, decoder, () => undefined) : body;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > limit)
        throw new FetchError(
          'too-large',
          `The response from ${url.host} is larger than the ${formatBytes(limit)} limit.`,
        );
      chunks.push(buffer);
    }
  } finally {
    if (size > limit) {
      discard(body);
      discard(source);
    }
  }
  return Buffer.concat(chunks);
}
