// Face search cost per picture beside PDQ's, same pictures, same run: decode + detect + align + embed
// every face, against decode + PDQ. Pictures with faces (face-api's sample photos and, when installed,
// the face evaluation's photos) and pictures without (the PDQ test photos).
//   BENCH_FACES_ROUNDS  passes over each set (default 3)
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { decodeLuma } from '@shark/engine/matching/decode.ts';
import { pdqFromLuma } from '@shark/engine/matching/pdq.ts';
import { facesIn } from '@shark/engine/likeness/face-search.ts';
import { FACE_SAMPLE_PHOTOS } from '@shark/engine/likeness/face-testdata.ts';
import { PDQ_IMAGES_DIR } from '@shark/engine/testdata.ts';

const rounds = Number(process.env.BENCH_FACES_ROUNDS ?? 3);

async function msPerPicture(
  inputs: string[],
  work: (input: string) => Promise<unknown>,
): Promise<number> {
  for (const input of inputs.slice(0, 2)) await work(input); // warm-up (loads the networks once)
  const started = performance.now();
  for (let r = 0; r < rounds; r++) for (const input of inputs) await work(input);
  return (performance.now() - started) / (rounds * inputs.length);
}

const pdq = async (input: string) => pdqFromLuma(await decodeLuma(input));

async function main() {
  const withFaces = FACE_SAMPLE_PHOTOS;
  const withoutFaces = readdirSync(PDQ_IMAGES_DIR)
    .filter((f) => /^labelme-subset-q\d+\.jpg$/.test(f))
    .map((f) => path.join(PDQ_IMAGES_DIR, f));
  let faces = 0;
  for (const file of withFaces) faces += (await facesIn(file)).length;

  const rows: string[][] = [];
  for (const [name, inputs] of [
    [`photos with faces (${withFaces.length}, ${faces} faces)`, withFaces],
    [`photos without faces (${withoutFaces.length})`, withoutFaces],
  ] as const) {
    const pdqMs = await msPerPicture([...inputs], pdq);
    const faceMs = await msPerPicture([...inputs], (input) => facesIn(input));
    rows.push([name, pdqMs.toFixed(1), faceMs.toFixed(1), (faceMs / pdqMs).toFixed(2)]);
  }
  const header = ['pictures', 'PDQ ms/picture', 'face search ms/picture', 'ratio'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\nFace search vs PDQ, one thread (${rounds} rounds; goal: ratio under 3)`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

await main();
