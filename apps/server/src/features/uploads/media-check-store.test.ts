import { randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { peekHead } from './media-check-store.ts';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('peekHead', () => {
  it('gives the first bytes and a body that still holds every byte, in order', async () => {
    const bytes = randomBytes(100_000);
    const source = new PassThrough();
    source.write(bytes.subarray(0, 100));
    setTimeout(() => source.end(bytes.subarray(100)), 5);
    const { head, body } = await peekHead(source, 512);
    expect(head.equals(bytes.subarray(0, head.length))).toBe(true);
    expect(head.length).toBeGreaterThanOrEqual(512);
    expect((await bytesOf(body)).equals(bytes)).toBe(true);
  });

  it('keeps the bytes when the stream reached its end while they were looked at, even if the reader waits', async () => {
    // The whole body already arrived: reading the head empties the stream, which then ends on the next turn.
    const bytes = randomBytes(1000);
    const { head, body } = await peekHead(Readable.from([bytes]), 512);
    expect(head.length).toBe(1000);
    await nextTurn();
    await nextTurn();
    expect((await bytesOf(body)).equals(bytes)).toBe(true);
  });

  it('returns what there is when the stream is shorter than asked', async () => {
    const bytes = randomBytes(30);
    const source = new PassThrough();
    source.end(bytes);
    const { head, body } = await peekHead(source, 512);
    expect(head.equals(bytes)).toBe(true);
    expect((await bytesOf(body)).equals(bytes)).toBe(true);
  });

  it('returns nothing for an empty stream', async () => {
    const source = new PassThrough();
    source.end();
    const { head, body } = await peekHead(source, 512);
    expect(head.length).toBe(0);
    expect((await bytesOf(body)).length).toBe(0);
  });
});
