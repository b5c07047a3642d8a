// A ZIP archive written as it is read: each entry's bytes are pulled only when the reader has taken the
// archive's bytes so far, so an export of many large files never sits in memory. Every entry is written
// in the ZIP64 form: a creator's videos may pass 4 GiB, alone or together, which plain ZIP cannot hold.
import { Readable } from 'node:stream';
import { createDeflateRaw, crc32 } from 'node:zlib';

export interface ZipEntry {
  /** The path inside the archive ("/" separated, no leading "/"). */
  path: string;
  mtime?: Date;
  /** Deflate text; store media as it is (it does not compress). */
  compress: boolean;
  body: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;
}

const encoder = new TextEncoder();
const UTF8_NAMES = 0x0800;
const SIZES_AFTER_DATA = 0x0008;
const ZIP64_VERSION = 45;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;

/** MS-DOS date and time, as ZIP headers keep them (local time, two-second steps). */
function dosDateTime(at: Date): { date: number; time: number } {
  const year = Math.max(1980, at.getFullYear());
  return {
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
  };
}

interface Written {
  name: Uint8Array;
  method: number;
  date: number;
  time: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

function localHeader(name: Uint8Array, method: number, date: number, time: number): Buffer {
  // The ZIP64 extra field with zero sizes tells readers the data descriptor carries 8-byte sizes.
  const extra = Buffer.alloc(20);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(16, 2);
  const head = Buffer.alloc(30);
  head.writeUInt32LE(0x04034b50, 0);
  head.writeUInt16LE(ZIP64_VERSION, 4);
  head.writeUInt16LE(UTF8_NAMES | SIZES_AFTER_DATA, 6);
  head.writeUInt16LE(method, 8);
  head.writeUInt16LE(time, 10);
  head.writeUInt16LE(date, 12);
  head.writeUInt32LE(0, 14);
  head.writeUInt32LE(MAX32, 18);
  head.writeUInt32LE(MAX32, 22);
  head.writeUInt16LE(name.length, 26);
  head.writeUInt16LE(extra.length, 28);
  return Buffer.concat([head, name, extra]);
}

function dataDescriptor(entry: Written): Buffer {
  const d = Buffer.alloc(24);
  d.writeUInt32LE(0x08074b50, 0);
  d.writeUInt32LE(entry.crc, 4);
  d.writeBigUInt64LE(BigInt(entry.compressedSize), 8);
  d.writeBigUInt64LE(BigInt(entry.size), 16);
  return d;
}

function centralEntry(entry: Written): Buffer {
  const extra = Buffer.alloc(28);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(24, 2);
  extra.writeBigUInt64LE(BigInt(entry.size), 4);
  extra.writeBigUInt64LE(BigInt(entry.compressedSize), 12);
  extra.writeBigUInt64LE(BigInt(entry.offset), 20);
  const head = Buffer.alloc(46);
  head.writeUInt32LE(0x02014b50, 0);
  head.writeUInt16LE((3 << 8) | ZIP64_VERSION, 4); // made by: Unix
  head.writeUInt16LE(ZIP64_VERSION, 6);
  head.writeUInt16LE(UTF8_NAMES | SIZES_AFTER_DATA, 8);
  head.writeUInt16LE(entry.method, 10);
  head.writeUInt16LE(entry.time, 12);
  head.writeUInt16LE(entry.date, 14);
  head.writeUInt32LE(entry.crc, 16);
  head.writeUInt32LE(MAX32, 20);
  head.writeUInt32LE(MAX32, 24);
  head.writeUInt16LE(entry.name.length, 28);
  head.writeUInt16LE(extra.length, 30);
  head.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
  head.writeUInt32LE(MAX32, 42);
  return Buffer.concat([head, entry.name, extra]);
}

function endOfArchive(count: number, directoryOffset: number, directorySize: number): Buffer {
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE((3 << 8) | ZIP64_VERSION, 12);
  record.writeUInt16LE(ZIP64_VERSION, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(directorySize), 40);
  record.writeBigUInt64LE(BigInt(directoryOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 8);
  locator.writeUInt32LE(1, 16);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(count, MAX16), 8);
  end.writeUInt16LE(Math.min(count, MAX16), 10);
  end.writeUInt32LE(MAX32, 12);
  end.writeUInt32LE(MAX32, 16);
  return Buffer.concat([record, locator, end]);
}

async function* zipChunks(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): AsyncGenerator<Uint8Array> {
  const written: Written[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const name = encoder.encode(entry.path);
    const { date, time } = dosDateTime(entry.mtime ?? new Date());
    const record: Written = { name, method: entry.compress ? 8 : 0, date, time, crc: 0, compressedSize: 0, size: 0, offset };
    const head = localHeader(name, record.method, date, time);
    yield head;
    offset += head.length;

    // Bytes in: counted and checksummed as they pass on to the deflater (or straight out).
    async function* counted(): AsyncGenerator<Uint8Array> {
      for await (const chunk of entry.body) {
        const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
        record.crc = crc32(bytes, record.crc);
        record.size += bytes.length;
        yield bytes;
      }
    }
    const out: AsyncIterable<Uint8Array> = entry.compress ? Readable.from(counted()).pipe(createDeflateRaw({ level: 6 })) : counted();
    for await (const chunk of out) {
      record.compressedSize += chunk.length;
      yield chunk;
    }
    offset += record.compressedSize;
    const descriptor = dataDescriptor(record);
    yield descriptor;
    offset += descriptor.length;
    written.push(record);
  }
  const directory = Buffer.concat(written.map(centralEntry));
  yield directory;
  yield endOfArchive(written.length, offset, directory.length);
}

/** The archive as a byte stream; cancelling it stops reading the entries. */
export function zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): ReadableStream<Uint8Array> {
  const chunks = zipChunks(entries);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await chunks.return(undefined);
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
