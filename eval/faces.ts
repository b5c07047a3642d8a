// `npm run eval:faces`: identity verification of the face search on real photographs with several
// photos per person — the true-accept rate at a false-accept rate of 1 in 1,000, over every pair of
// photos and as Shark uses it (a few enrolled photos per person, the others probing).
//
//   --dir D          photos in one folder per person (default: the installed dataset, face-datasets.ts)
//   --enrol N        photos enrolled per person in the enrolment figures (default 3)
//   --seed N         which photos are enrolled (default 1)
//   --verbose        every genuine pair missed at the operating threshold
// Exits 1 when the true-accept rate at 1/1000 is below the target, 2 when no dataset is installed.
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { hashSeed, seededRandom } from '@shark/engine/matching/synthetic-edits.ts';
import { cosine, facesIn } from '@shark/engine/likeness/face-search.ts';
import { FACE_SAMPLE_PHOTOS } from '@shark/engine/likeness/face-testdata.ts';
import { LIKENESS_THRESHOLD } from '@shark/engine/likeness/likeness.ts';
import { makeFaceSwap } from '@shark/engine/likeness/synthetic-forgery.ts';
import { installedFaceDataset, photosInFolders, type LabelledPhoto } from './face-datasets.ts';

const TARGET_TAR = 0.95;
const TARGET_FAR = 1 / 1000;

const { values: args } = parseArgs({
  options: {
    dir: { type: 'string' },
    enrol: { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
    verbose: { type: 'boolean', default: false },
  },
});
const enrolCount = Number(args.enrol);
const seed = Number(args.seed);

interface Embedded {
  photo: LabelledPhoto;
  embedding: Float32Array | null;
}

/** The threshold that lets through at most `far` of the impostor scores, and the share of genuine ones at or above it. */
function tarAtFar(genuine: number[], impostor: number[], far: number) {
  const sorted = [...impostor].sort((a, b) => b - a);
  // At most floor(far × n) impostors may reach the threshold: it sits just above the next one.
  const allowed = Math.floor(far * sorted.length);
  const threshold = sorted.length > allowed ? sorted[allowed]! + 1e-6 : -1;
  const accepted = genuine.filter((s) => s >= threshold).length;
  return { threshold, tar: genuine.length === 0 ? 0 : accepted / genuine.length };
}

function rates(genuine: number[], impostor: number[], threshold: number) {
  return {
    tar: genuine.filter((s) => s >= threshold).length / Math.max(1, genuine.length),
    far: impostor.filter((s) => s >= threshold).length / Math.max(1, impostor.length),
  };
}

const pct = (x: number) => `${(100 * x).toFixed(2)}%`;

/** Edits re-uploaders make, each from the photo's file to the edited bytes. */
const EDITS: [string, (file: string) => Promise<Buffer>][] = [
  ['JPEG quality 30', (file) => sharp(file).jpeg({ quality: 30 }).toBuffer()],
  [
    'shrunk to 80 px and back',
    async (file) => {
      const { width = 150 } = await sharp(file).metadata();
      const small = await sharp(file).resize(80).toBuffer();
      return sharp(small).resize(width).jpeg({ quality: 80 }).toBuffer();
    },
  ],
  ['darker (×0.6)', (file) => sharp(file).modulate({ brightness: 0.6 }).jpeg().toBuffer()],
  ['mirrored', (file) => sharp(file).flop().jpeg().toBuffer()],
  ['turned 12°', (file) => sharp(file).rotate(12, { background: '#000' }).jpeg().toBuffer()],
  [
    'in a larger frame',
    (file) =>
      sharp(file)
        .extend({ top: 150, bottom: 150, left: 150, right: 150, background: '#223' })
        .jpeg()
        .toBuffer(),
  ],
];

async function main() {
  const dataset = args.dir
    ? { name: args.dir, photos: photosInFolders(args.dir) }
    : installedFaceDataset();
  if (!dataset || dataset.photos.length === 0) {
    console.error('No face dataset is installed: see eval/README.md.');
    process.exit(2);
  }
  const people = new Set(dataset.photos.map((p) => p.person));
  console.log(
    `face verification on ${dataset.name}: ${dataset.photos.length} photos of ${people.size} people`,
  );

  const started = performance.now();
  const embedded: Embedded[] = [];
  for (const photo of dataset.photos) {
    // A photo of one person: her face is the largest one found.
    const faces = await facesIn(photo.file);
    embedded.push({ photo, embedding: faces[0]?.embedding ?? null });
  }
  const seconds = (performance.now() - started) / 1000;
  const missing = embedded.filter((e) => e.embedding === null);
  console.log(
    `faces found in ${embedded.length - missing.length} of ${embedded.length} photos (${((seconds / embedded.length) * 1000).toFixed(0)} ms a photo)`,
  );

  // Every pair of photos. A photo without a face found fails every genuine pair it is in.
  const genuine: number[] = [];
  const impostor: number[] = [];
  for (let i = 0; i < embedded.length; i++) {
    for (let j = i + 1; j < embedded.length; j++) {
      const a = embedded[i]!;
      const b = embedded[j]!;
      const same = a.photo.person === b.photo.person;
      const score = a.embedding && b.embedding ? cosine(a.embedding, b.embedding) : -1;
      if (same) genuine.push(score);
      else if (score > -1) impostor.push(score);
    }
  }
  const pairs = tarAtFar(genuine, impostor, TARGET_FAR);
  console.log(`\nevery pair: ${genuine.length} genuine, ${impostor.length} impostor`);
  console.log(`  TAR at FAR 1/1000: ${pct(pairs.tar)} (threshold ${pairs.threshold.toFixed(3)})`);

  // As Shark uses it: a few photos enrolled per person, every other photo probes every enrolment.
  const random = seededRandom(hashSeed(`faces:${seed}`));
  const enrolled = new Map<string, Float32Array[]>();
  const probes: Embedded[] = [];
  for (const person of people) {
    const own = embedded.filter((e) => e.photo.person === person);
    const order = own.map((e) => ({ e, key: random() })).sort((a, b) => a.key - b.key);
    const withFace = order.filter(({ e }) => e.embedding !== null);
    if (own.length <= enrolCount) continue;
    enrolled.set(
      person,
      withFace.slice(0, enrolCount).map(({ e }) => e.embedding!),
    );
    const enrolledSet = new Set(withFace.slice(0, enrolCount).map(({ e }) => e));
    probes.push(...own.filter((e) => !enrolledSet.has(e)));
  }
  const best = (embedding: Float32Array, faces: Float32Array[]) =>
    Math.max(...faces.map((f) => cosine(embedding, f)));
  const enrolGenuine: number[] = [];
  const enrolImpostor: number[] = [];
  const misses: string[] = [];
  for (const probe of probes) {
    for (const [person, faces] of enrolled) {
      const same = person === probe.photo.person;
      const score = probe.embedding ? best(probe.embedding, faces) : -1;
      if (same) {
        enrolGenuine.push(score);
        if (score < LIKENESS_THRESHOLD) misses.push(`${probe.photo.name}: ${score.toFixed(3)}`);
      } else if (score > -1) enrolImpostor.push(score);
    }
  }
  const enrol = tarAtFar(enrolGenuine, enrolImpostor, TARGET_FAR);
  const operating = rates(enrolGenuine, enrolImpostor, LIKENESS_THRESHOLD);
  console.log(
    `\n${enrolCount} photos enrolled per person (${enrolled.size} people), ${probes.length} probes: ${enrolGenuine.length} genuine, ${enrolImpostor.length} impostor comparisons`,
  );
  console.log(`  TAR at FAR 1/1000: ${pct(enrol.tar)} (threshold ${enrol.threshold.toFixed(3)})`);
  console.log(
    `  at Shark's threshold ${LIKENESS_THRESHOLD}: TAR ${pct(operating.tar)}, FAR ${pct(operating.far)}`,
  );
  if (args.verbose) for (const miss of misses) console.log(`  missed ${miss}`);

  // Strangers: every face of face-api's sample photos (none of them in the dataset) against every
  // enrolment.
  const strangers: Float32Array[] = [];
  for (const file of FACE_SAMPLE_PHOTOS) {
    for (const face of await facesIn(file)) strangers.push(face.embedding);
  }
  const strangerScores = strangers.flatMap((face) =>
    [...enrolled.values()].map((faces) => best(face, faces)),
  );
  const strangerFar = strangerScores.filter((s) => s >= LIKENESS_THRESHOLD).length;
  console.log(
    `  ${strangers.length} strangers' faces × ${enrolled.size} enrolments: ${strangerFar} of ${strangerScores.length} accepted (highest ${Math.max(...strangerScores).toFixed(3)})`,
  );

  // Probes as re-uploaders change them: each edit, accepted as the right person at Shark's threshold?
  console.log(`
edited probes at Shark's threshold (${LIKENESS_THRESHOLD}):`);
  for (const [edit, apply] of EDITS) {
    let accepted = 0;
    let wrong = 0;
    let tried = 0;
    for (const probe of probes) {
      const [face] = await facesIn(await apply(probe.photo.file));
      tried++;
      if (!face) continue;
      for (const [person, faces] of enrolled) {
        const hit = best(face.embedding, faces) >= LIKENESS_THRESHOLD;
        if (hit && person === probe.photo.person) accepted++;
        else if (hit) wrong++;
      }
    }
    console.log(
      `  ${edit.padEnd(22)} TAR ${pct(accepted / Math.max(1, tried))}, accepted as someone else ${wrong} of ${tried * (enrolled.size - 1)}`,
    );
  }

  // Forgeries: one person's face put onto another person's photo must be taken for the first person.
  const forgeryRandom = seededRandom(hashSeed(`forgeries:${seed}`));
  let forged = 0;
  let asSource = 0;
  let asTarget = 0;
  for (const probe of probes) {
    if (forgeryRandom() > 0.5) continue;
    const others = probes.filter((p) => p.photo.person !== probe.photo.person);
    const target = others[Math.floor(forgeryRandom() * others.length)]!;
    let forgery: Buffer;
    try {
      forgery = await makeFaceSwap(probe.photo.file, target.photo.file);
    } catch {
      continue;
    }
    const [face] = await facesIn(forgery);
    forged++;
    if (!face) continue;
    if (best(face.embedding, enrolled.get(probe.photo.person)!) >= LIKENESS_THRESHOLD) asSource++;
    if (best(face.embedding, enrolled.get(target.photo.person)!) >= LIKENESS_THRESHOLD) asTarget++;
  }
  console.log(
    `
forgeries (a probe's face on another person's photo): ${forged}; taken for the face's owner ${asSource} (${pct(asSource / Math.max(1, forged))}), for the photo's person ${asTarget}`,
  );

  const ok = pairs.tar >= TARGET_TAR;
  console.log(
    `\n${ok ? 'PASS' : 'BELOW TARGET'}: TAR at FAR 1/1000 over every pair ${pct(pairs.tar)} (target ${pct(TARGET_TAR)})`,
  );
  process.exitCode = ok ? 0 : 1;
}

await main();
