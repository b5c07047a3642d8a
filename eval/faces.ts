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
import { hashSeed, seededRandom } from '@shark/engine/matching/synthetic-edits.ts';
import { cosine, facesIn } from '@shark/engine/likeness/face-search.ts';
import { LIKENESS_THRESHOLD } from '@shark/engine/likeness/likeness.ts';
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

  const ok = pairs.tar >= TARGET_TAR;
  console.log(
    `\n${ok ? 'PASS' : 'BELOW TARGET'}: TAR at FAR 1/1000 over every pair ${pct(pairs.tar)} (target ${pct(TARGET_TAR)})`,
  );
  process.exitCode = ok ? 0 : 1;
}

await main();
