// PDQ speed: ms per image for hashing (decode + PDQ) beside sharp's decode alone, on small
// reference photos and on large camera-sized JPEGs made from them.
//   BENCH_PDQ_ROUNDS  passes over the image set (default 5)
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { decodeLuma } from '@shark/engine/matching/decode.ts';
import { pdqFromLuma } from '@shark/engine/matching/pdq.ts';
import { PDQ_IMAGES_DIR } from '@shark/engine/testdata.ts';

const vectors = PDQ_IMAGES_DIR;
const rounds = Number(process.env.BENCH_PDQ_ROUNDS ?? 5);

async function time(
  label: string,
  inputs: (string | Buffer)[],
  work: (input: string | Buffer) => Promise<unknown>,
): Promise<number> {
  for (const input of inputs.slice(0, 3)) await work(input); // warm-up
  const started = performance.now();
  for (let r = 0; r < rounds; r++) for (const input of inputs) await work(input);
  const msPerImage = (performance.now() - started) / (rounds * inputs.length);
  return Number(msPerImage.toFixed(2)) + 0 * label.length;
}

const decodeOnly = (input: string | Buffer) => sharp(input).removeAlpha().raw().toBuffer();
const hash = async (input: string | Buffer) => pdqFromLuma(await decodeLuma(input));

async function main() {
  const small = readdirSync(vectors)
    .filter((f) => /\.jpe?g$/i.test(f))
    .map((f) => path.join(vectors, f));
  // Camera-sized pictures (12 MP) from real photos, JPEG-encoded as a phone would.
  const large = await Promise.all(
    small
      .slice(0, 6)
      .map((file) =>
        sharp(file).resize(4000, 3000, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer(),
      ),
  );
  const rows: string[][] = [];
  for (const [name, inputs] of [
    [`reference photos (${small.length}, ≤1 MP)`, small],
    [`12 MP JPEGs (${large.length})`, large],
  ] as const) {
    const decodeMs = await time('decode', [...inputs], decodeOnly);
    const hashMs = await time('pdq', [...inputs], hash);
    rows.push([name, decodeMs.toFixed(2), hashMs.toFixed(2), (hashMs / decodeMs).toFixed(2)]);
  }
  const header = ['images', 'sharp decode ms/img', 'PDQ hash ms/img', 'ratio'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\nPDQ hashing vs sharp decode-only (${rounds} rounds)`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

await main();
