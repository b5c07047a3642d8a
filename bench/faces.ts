// Face search cost per picture beside PDQ's, same pictures, same run: decode + detect + align + embed
// every face, against decode + PDQ. Pictures with faces (face-api's group photos), small pictures
// without (the PDQ test photos, 256×256) and full-size pictures without, as sites serve them (the
// wallpapers of Debian's ukui-wallpapers re-encoded as 1,280-pixel JPEGs, when installed); then all
// of them together.
//   BENCH_FACES_ROUNDS  passes over each set (default 3)
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
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

  const rows: string[][] = [];
  const total = { pictures: 0, pdqMs: 0, faceMs: 0 };
  const sets: [string, string[]][] = [
    [`group photos with faces (${withFaces.length}, ${faces} faces)`, withFaces],
    [`small photos without faces, 256 px (${withoutFaces.length})`, withoutFaces],
  ];
  if (fullSize.length > 0) {
    sets.push([`full-size photos without faces, 1,280 px (${fullSize.length})`, fullSize]);
  }
  for (const [name, inputs] of sets) {
    const pdqMs = await msPerPicture(inputs, pdq);
    const faceMs = await msPerPicture(inputs, (input) => facesIn(input));
    rows.push([name, pdqMs.toFixed(1), faceMs.toFixed(1), (faceMs / pdqMs).toFixed(2)]);
    total.pictures += inputs.length;
    total.pdqMs += pdqMs * inputs.length;
    total.faceMs += faceMs * inputs.length;
  }
  rmSync(dir, { recursive: true, force: true });
  rows.push([
    `all pictures (${total.pictures})`,
    (total.pdqMs / total.pictures).toFixed(1),
    (total.faceMs / total.pictures).toFixed(1),
    (total.faceMs / total.pdqMs).toFixed(2),
  ]);
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
