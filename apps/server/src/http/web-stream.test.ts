import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { webStreamOf } from './web-stream.ts';

const dir = mkdtempSync(join(tmpdir(), 'shark-web-stream-'));
const file = join(dir, 'file.bin');
const bytes = Buffer.alloc(3 * 1024 * 1024);
for (let i = 0; i < bytes.length; i++) bytes[i] = i % 251;
writeFileSync(file, bytes);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('webStreamOf', () => {
  it('gives the whole file, byte for byte', async () => {
    const read = Buffer.from(await new Response(webStreamOf(createReadStream(file))).arrayBuffer());
    expect(read.equals(bytes)).toBe(true);
  });

  it('closes the file when the reader cancels mid-way, with nothing thrown', async () => {
    const source = createReadStream(file, { highWaterMark: 16 * 1024 });
    const reader = webStreamOf(source).getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    await reader.cancel('the client went away');
    await new Promise<void>((resolve) =>
      source.destroyed ? resolve() : source.once('close', () => resolve()),
    );
    expect(source.destroyed).toBe(true);
  });
});
