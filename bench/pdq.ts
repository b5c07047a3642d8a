// PDQ speed: ms per image for hashing (decode + PDQ) beside sharp's decode alone, on small
// reference photos and on large camera-sized JPEGs made from them.
//   BENCH_PDQ_ROUNDS  passes over the image set (default 15); the ratio printed is the median of
//                     the passes' ratios, decoding and hashing interleaved picture by picture
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { decodeLuma } from '@shark/engine/matching/decode.ts';
import { pdqFromLuma } from '@shark/engine/matching/pdq.ts';
import { PDQ_IMAGES_DIR } from '@shark/engine/testdata.ts';

const vectors = PDQ_IMAGES_DIR;
const rounds = Number(process.env.BENCH_PDQ_ROUNDS ?? 15);

interface Timing {
  decodeMs: number;
  hashMs: number;
  /** The median over rounds of the round's hash time over its decode time. */
  ratio: number;
}

/**
 * Decode-only and hashing timed side by side: each round decodes every picture and hashes every
 * picture, the two interleaved picture by picture, so that a change in the machine's load touches
 * both alike; the ratio is the median of the rounds' ratios.
 */
async function timeSideBySide(inputs: (string | Buffer)[]): Promise<Timing> {
  for (const input of inputs.slice(0, 3)) await Promise.all([decodeOnly(input), hash(input)]);
  const ratios: number[] = [];
  let decodeTotal = 0;
  let hashTotal = 0;
  for (let r = 0; r < rounds; r++) {
    let decodeRound = 0;
    let hashRound = 0;
    for (const input of inputs) {
      // Which of the two goes first alternates, so that neither always finds the file warm.
      const pair = r % 2 === 0 ? ([decodeOnly, hash] as const) : ([hash, decodeOnly] as const);
      for (const work of pair) {
        const started = performance.now();
        await work(input);
        if (work === hash) hashRound += performance.now() - started;
        else decodeRound += performance.now() - started;
      }
    }
    ratios.push(hashRound / decodeRound);
    decodeTotal += decodeRound;
    hashTotal += hashRound;
  }
  ratios.sort((a, b) => a - b);
  const count = rounds * inputs.length;
  return {
    decodeMs: decodeTotal / count,
    hashMs: hashTotal / count,
    ratio: ratios[Math.floor(ratios.length / 2)]!,
  };
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
    const { decodeMs, hashMs, ratio } = await timeSideBySide([...inputs]);
    rows.push([name, decodeMs.toFixed(2), hashMs.toFixed(2), ratio.toFixed(2)]);
  }
  const header = ['images', 'sharp decode ms/img', 'PDQ hash ms/img', 'ratio (median of rounds)'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\nPDQ hashing vs sharp decode-only (${rounds} rounds)`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

await main();
