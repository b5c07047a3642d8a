// A ZIP archive written as it is read, with yazl: an entry's bytes are pulled only as fast as the reader
// takes the archive, and the next entry is taken from the list only when the one before has been read
// whole, so an export of many large files never sits in memory and holds one file open at a time.
// Every entry and the archive's end use the ZIP64 form: a creator's videos may pass 4 GiB, alone or
// together, which plain ZIP cannot hold, and their sizes are not known before they have been read.
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';

export interface ZipEntry {
  /** The path inside the archive ("/" separated, no leading "/"). */
  path: string;
  mtime?: Date;
  /** Deflate text; store media as it is (it does not compress). */
  compress: boolean;
  body: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;
}

/** A regular file, rw-r--r--. */
const FILE_MODE = 0o100644;

async function* bytes(body: ZipEntry['body']): AsyncGenerator<Uint8Array> {
  for await (const chunk of body)
    yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
}

/** The archive as a byte stream; cancelling it stops reading the entries. */
export function zipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
): ReadableStream<Uint8Array> {
  const zip = new ZipFile();
  // yazl's stream is a Node Readable (a PassThrough); its typings name only the older interface.
  const output = zip.outputStream as Readable;
  let current: Readable | undefined;
  zip.on('error', (error: Error) => output.destroy(error));
  // Cancelled (or failed): the entry being read lets go of its source, and no further entry is taken.
  output.on('close', () => current?.destroy());

  async function feed(): Promise<void> {
    for await (const entry of entries) {
      if (output.destroyed) return;
      const body = Readable.from(bytes(entry.body), { objectMode: false });
      current = body;
      zip.addReadStreamLazy(
        entry.path,
        {
          mtime: entry.mtime ?? new Date(),
          mode: FILE_MODE,
          compress: entry.compress,
          forceZip64Format: true,
        },
        (done) => done(null, body),
      );
      await finished(body);
    }
    zip.end({ forceZip64Format: true, comment: '' });
  }
  feed().catch((error: unknown) => {
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });

  const chunks = output[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await chunks.return?.(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}

/** A name safe as one path segment in any unzip tool: no separators, controls or reserved characters. */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\p{Cc}/\\:*?"<>|]+/gu, '_')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 120);
  return cleaned === '' ? fallback : cleaned;
}
