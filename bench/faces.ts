// Face search cost per picture beside PDQ's, same pictures, same run: decode + detect + align + embed
// every face, against decode + PDQ. Pictures with faces (face-api's group photos), small pictures
// without (the PDQ test photos, 256×256) and full-size pictures without, as sites serve them (the
// wallpapers of Debian's ukui-wallpapers re-encoded as 1,280-pixel JPEGs, when installed); then all
// of them together. The two are timed side by side, picture by picture, the order alternating from
// round to round, and each ratio printed is the median of the rounds' ratios: timed in two separate
// phases, a change in the machine's load between the phases moves the ratio more than a change in
// the code. Wall-clock time and the process's CPU time (sharp's threads included) are both printed.
//   BENCH_FACES_ROUNDS  passes over the pictures (default 5)
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { decodeLuma } from '@shark/engine/matching/decode.ts';
import { pdqFromLuma } from '@shark/engine/matching/pdq.ts';
import { facesIn } from '@shark/engine/likeness/face-search.ts';
import { FACE_SAMPLE_PHOTOS } from '@shark/engine/likeness/face-testdata.ts';
import { PDQ_IMAGES_DIR } from '@shark/engine/testdata.ts';

const rounds = Number(process.env.BENCH_FACES_ROUNDS ?? 5);

/** Wall-clock and CPU milliseconds, for PDQ and for face search. */
interface Cost {
  pdqWall: number;
  faceWall: number;
  pdqCpu: number;
  faceCpu: number;
}

const zero = (): Cost => ({ pdqWall: 0, faceWall: 0, pdqCpu: 0, faceCpu: 0 });
const add = (a: Cost, b: Cost): Cost => ({
  pdqWall: a.pdqWall + b.pdqWall,
  faceWall: a.faceWall + b.faceWall,
  pdqCpu: a.pdqCpu + b.pdqCpu,
  faceCpu: a.faceCpu + b.faceCpu,
});

async function timed(work: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 };
}

/** One round over `inputs`, PDQ and face search side by side on each picture. */
async function round(inputs: string[], faceFirst: boolean): Promise<Cost> {
  const cost = zero();
  for (const input of inputs) {
    const pair = faceFirst ? (['face', 'pdq'] as const) : (['pdq', 'face'] as const);
    for (const which of pair) {
      const { wall, cpu } = await timed(() => (which === 'pdq' ? pdq(input) : facesIn(input)));
      if (which === 'pdq') {
        cost.pdqWall += wall;
        cost.pdqCpu += cpu;
      } else {
        cost.faceWall += wall;
        cost.faceCpu += cpu;
      }
    }
  }
  return cost;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const pdq = async (input: string) => pdqFromLuma(await decodeLuma(input));

const WALLPAPERS = '/usr/share/backgrounds';

/** The installed wallpapers as a site would serve them: JPEGs 1,280 pixels wide. */
async function webSizedPhotos(dir: string): Promise<string[]> {
  if (!existsSync(WALLPAPERS)) return [];
  const files: string[] = [];
  for (const name of readdirSync(WALLPAPERS).filter((f) => /\.(jpe?g|png)$/i.test(f))) {
    const out = path.join(dir, `${path.parse(name).name}.jpg`);
    try {
      const jpeg = await sharp(path.join(WALLPAPERS, name))
        .resize({ width: 1280 })
        .flatten()
        .jpeg({ quality: 85 })
        .toBuffer();
      writeFileSync(out, jpeg);
      files.push(out);
    } catch {
      // Not a picture sharp reads: left out.
    }
  }
  return files;
}

async function main() {
  const withFaces = FACE_SAMPLE_PHOTOS;
  const withoutFaces = readdirSync(PDQ_IMAGES_DIR)
    .filter((f) => /^labelme-subset-q\d+\.jpg$/.test(f))
    .map((f) => path.join(PDQ_IMAGES_DIR, f));
  const dir = mkdtempSync(path.join(tmpdir(), 'shark-bench-faces-'));
  const fullSize = await webSizedPhotos(dir);
  let faces = 0;
  for (const file of withFaces) faces += (await facesIn(file)).length;

  const sets: [string, string[]][] = [
    [`group photos with faces (${withFaces.length}, ${faces} faces)`, withFaces],
    [`small photos without faces, 256 px (${withoutFaces.length})`, withoutFaces],
  ];
  if (fullSize.length > 0) {
    sets.push([`full-size photos without faces, 1,280 px (${fullSize.length})`, fullSize]);
  }
  for (const [, inputs] of sets) await round(inputs.slice(0, 2), false); // warm-up
  const perSet: Cost[][] = sets.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (const [i, [, inputs]] of sets.entries()) perSet[i]!.push(await round(inputs, r % 2 === 1));
  }
  rmSync(dir, { recursive: true, force: true });
  const row = (name: string, pictures: number, costs: Cost[]) => {
    const sum = costs.reduce(add);
    const per = (ms: number) => (ms / (pictures * costs.length)).toFixed(1);
    return [
      name,
      per(sum.pdqWall),
      per(sum.faceWall),
      median(costs.map((c) => c.faceWall / c.pdqWall)).toFixed(2),
      per(sum.pdqCpu),
      per(sum.faceCpu),
      median(costs.map((c) => c.faceCpu / c.pdqCpu)).toFixed(2),
    ];
  };
  const rows = sets.map(([name, inputs], i) => row(name, inputs.length, perSet[i]!));
  const pictures = sets.reduce((n, [, inputs]) => n + inputs.length, 0);
  const allRounds = Array.from({ length: rounds }, (_, r) =>
    perSet.map((costs) => costs[r]!).reduce(add),
  );
  rows.push(row(`all pictures (${pictures})`, pictures, allRounds));
  const header = [
    'pictures',
    'PDQ ms/picture',
    'face search ms/picture',
    'ratio',
    'PDQ CPU ms',
    'face search CPU ms',
    'CPU ratio',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(
    `\nFace search vs PDQ, one thread (${rounds} rounds, ratios the median of the rounds'; goal: under 3)`,
  );
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

await main();
