// The export's ZIP writer, read back by an independent reader (fflate's): names, bytes, compression,
// an empty entry, the ZIP64 records every archive carries, backpressure and cancelling.
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { safeFileName, zipStream, type ZipEntry } from './zip-stream.ts';

async function archive(entries: ZipEntry[]): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  const reader = zipStream(entries).getReader();
  for (;;) {
    const next = await reader.read();
    if (next.done) break;
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

function* pieces(count: number, size: number): Generator<Uint8Array> {
  for (let i = 0; i < count; i++) yield new Uint8Array(size).fill(i % 251);
}

describe('zipStream', () => {
  it('writes entries an independent reader reads back byte for byte', async () => {
    const json = JSON.stringify({
      rows: Array.from({ length: 2000 }, (_, i) => ({ i, text: 'the same words again' })),
    });
    const zip = await archive([
      { path: 'data.json', compress: true, body: [json.slice(0, 1000), json.slice(1000)] },
      {
        path: 'content/ré sumé.bin',
        compress: false,
        mtime: new Date(2026, 0, 2, 3, 4, 6),
        body: pieces(5, 100_000),
      },
      { path: 'empty.txt', compress: true, body: [] },
    ]);
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(['data.json', 'content/ré sumé.bin', 'empty.txt']);
    expect(strFromU8(files['data.json']!)).toBe(json);
    const media = files['content/ré sumé.bin']!;
    expect(media.length).toBe(500_000);
    expect(media[0]).toBe(0);
    expect(media[499_999]).toBe(4);
    expect(files['empty.txt']!.length).toBe(0);
    // Text is deflated (far smaller than itself); media is stored as it is.
    expect(zip.length).toBeLessThan(json.length / 5 + 500_000 + 2_000);
  });

  it('ends with the ZIP64 end records, so archives past 4 GiB stay readable', async () => {
    const zip = await archive([{ path: 'a.txt', compress: false, body: ['a'] }]);
    expect(zip.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    expect(zip.includes(Buffer.from([0x50, 0x4b, 0x06, 0x07]))).toBe(true);
    expect(zip.subarray(-22).readUInt32LE(0)).toBe(0x06054b50);
  });

  it('reads an entry only as fast as the reader takes the archive, and lets go of it when cancelled', async () => {
    const PIECE = 64 * 1024;
    let piecesRead = 0;
    let isFirstClosed = false;
    let isSecondStarted = false;
    function* big(): Generator<Uint8Array> {
      try {
        for (let i = 0; i < 160; i++) {
          piecesRead++;
          yield new Uint8Array(PIECE).fill(i % 251);
        }
      } finally {
        isFirstClosed = true;
      }
    }
    function* lazy(): Generator<Uint8Array> {
      isSecondStarted = true;
      yield new Uint8Array(1);
    }
    function* list(): Generator<ZipEntry> {
      yield { path: 'first', compress: false, body: big() };
      yield { path: 'second', compress: false, body: lazy() };
    }
    const reader = zipStream(list()).getReader();
    await reader.read();
    await reader.read();
    // Of a 10 MiB entry, only what fits the buffers between source and reader has been read.
    await vi.waitFor(() => expect(piecesRead).toBeGreaterThan(0));
    expect(piecesRead).toBeLessThan(32);
    await reader.cancel();
    await vi.waitFor(() => expect(isFirstClosed).toBe(true));
    expect(piecesRead).toBeLessThan(32);
    expect(isSecondStarted).toBe(false);
  });

  it('fails the archive when an entry fails to read', async () => {
    function* broken(): Generator<Uint8Array> {
      yield new Uint8Array(10);
      throw new Error('storage went away');
    }
    await expect(archive([{ path: 'a.bin', compress: false, body: broken() }])).rejects.toThrow(
      'storage went away',
    );
  });
});

describe('safeFileName', () => {
  it('keeps a name one harmless path segment', () => {
    expect(safeFileName('../../etc/passwd', 'file')).toBe('_.._etc_passwd');
    expect(safeFileName('a\u0000b:c*?.jpg', 'file')).toBe('a_b_c_.jpg');
    expect(safeFileName(' . ', 'file')).toBe('file');
    expect(safeFileName('x'.repeat(300), 'file')).toHaveLength(120);
  });
});
