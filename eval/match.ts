// `npm run eval:match`: recall and precision of the robust image matcher on real photographs, per edit.
//
// Photos (see photos.ts) are split, by a seeded shuffle, into a TUNING set (the matcher's thresholds
// were chosen on it) and a held-out TEST set (the figures that count); within each set some photos
// are references and the others distractors (never references). Every photo gets every edit; edited
// references must match their reference, edited distractors must match nothing.
//
//   --quick          a small subset (smoke test)
//   --seed N         split, backgrounds and edit parameters (default 1); output is deterministic per
//                    seed except for the timings
//   --limit N        use at most N photos
//   --split S        tuning | test | both (default both)
//   --verbose        list every miss and false match
//   --dump FILE      write each candidate's evidence (JSON lines), for tuning
//   --scale N        instead: speed and false matches with N references and N candidates (half of
//                    them edited references, half never-seen pictures), on generated pictures
//   --media M        image | video | both (default both): videos are slideshow clips of the photos,
//                    dressed up as re-uploaders do (videos.ts)
//   --clips N        reference clips, and as many distractor clips (default 10; 3 with --quick)
// Exits 1 when the held-out figures miss the targets or a video copy matches the wrong clip, 2 when the
// photos are not installed.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import {
  fingerprintCandidate,
  fingerprintReference,
} from '@shark/engine/matching/image-fingerprint.ts';
import { ImageMatcher, type MatchExplanation } from '@shark/engine/matching/image-matcher.ts';
import {
  applyEdit,
  EDIT_DESCRIPTIONS,
  EDIT_TYPES,
  generatedPicture,
  hashSeed,
  seededRandom,
  type EditType,
} from '@shark/engine/matching/synthetic-edits.ts';
import { collectPhotos, missingSources, SOURCES, type Photo } from './photos.ts';
import { runVideoEvaluation } from './videos.ts';

const TARGETS = { recall: 0.95, precision: 0.995, perEditRecall: 0.85 };
const QUICK_PHOTOS = 30;
const VIDEO_CLIPS = 10;
const QUICK_VIDEO_CLIPS = 3;
const TUNING_SHARE = 0.4;
const REFERENCE_SHARE = 0.6;

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    seed: { type: 'string', default: '1' },
    limit: { type: 'string' },
    split: { type: 'string', default: 'both' },
    verbose: { type: 'boolean', default: false },
    dump: { type: 'string' },
    scale: { type: 'string' },
    media: { type: 'string', default: 'both' },
    clips: { type: 'string' },
  },
});
const seed = Number(args.seed);
if (!Number.isInteger(seed)) throw new Error(`--seed must be an integer: ${args.seed}`);
if (!['tuning', 'test', 'both'].includes(args.split))
  throw new Error(`--split must be tuning, test or both: ${args.split}`);
if (!['image', 'video', 'both'].includes(args.media))
  throw new Error(`--media must be image, video or both: ${args.media}`);

interface Assigned {
  photo: Photo;
  split: 'tuning' | 'test';
  role: 'reference' | 'distractor';
}

interface Outcome {
  photo: string;
  edit: EditType;
  isPositive: boolean;
  matched: string | null;
  confidence: number;
  explanation: MatchExplanation;
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Within each source, a seeded share to tuning and to references, so every set has some of each. */
function assign(photos: Photo[], limit: number): Assigned[] {
  const random = seededRandom(hashSeed('split', seed));
  const bySource = new Map<string, Photo[]>();
  for (const p of photos) bySource.set(p.source, [...(bySource.get(p.source) ?? []), p]);
  const total = photos.length;
  const out: Assigned[] = [];
  for (const [, group] of [...bySource].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const take = Math.max(1, Math.round((group.length / total) * Math.min(limit, total)));
    const chosen = shuffle(group, random).slice(0, take);
    const tuningCount = Math.round(chosen.length * TUNING_SHARE);
    chosen.forEach((photo, i) => {
      const split = i < tuningCount ? 'tuning' : 'test';
      const within = split === 'tuning' ? i : i - tuningCount;
      const size = split === 'tuning' ? tuningCount : chosen.length - tuningCount;
      // References first, then distractors, in the shuffled order.
      const role =
        within < Math.max(1, Math.round(size * REFERENCE_SHARE)) ? 'reference' : 'distractor';
      out.push({ photo, split, role });
    });
  }
  return out;
}

const pct = (x: number) => (Number.isNaN(x) ? '   n/a' : x.toFixed(3).padStart(6));

interface Totals {
  recall: number;
  precision: number;
  falsePositives: number;
  perEdit: Map<
    EditType,
    { recall: number; positives: number; falseMatches: number; medianDistance: number | null }
  >;
  imagesPerSecond: number;
}

async function runSplit(label: string, assigned: Assigned[], dump: string[]): Promise<Totals> {
  const references = assigned.filter((a) => a.role === 'reference');
  const distractors = assigned.filter((a) => a.role === 'distractor');
  const matcher = new ImageMatcher();
  let refMs = 0;
  for (const { photo } of references) {
    const raw = await photo.load();
    // What a creator uploads: a high-quality JPEG.
    const file = await sharp(raw.data, {
      raw: { width: raw.width, height: raw.height, channels: 3 },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    const started = performance.now();
    matcher.add(photo.name, await fingerprintReference(file));
    refMs += performance.now() - started;
  }
  const outcomes: Outcome[] = [];
  let candidateMs = 0;
  let candidateCpuMs = 0;
  let matchMs = 0;
  for (const { photo, role } of [...references, ...distractors]) {
    const raw = await photo.load();
    for (const edit of EDIT_TYPES) {
      const file = await applyEdit(raw, edit, seededRandom(hashSeed(seed, photo.name, edit)));
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const fingerprint = await fingerprintCandidate(file);
      const fingerprinted = performance.now();
      const explanation = matcher.explain(fingerprint);
      matchMs += performance.now() - fingerprinted;
      candidateMs += performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      candidateCpuMs += (cpu.user + cpu.system) / 1000;
      outcomes.push({
        photo: photo.name,
        edit,
        isPositive: role === 'reference',
        matched: explanation.referenceId,
        confidence: explanation.confidence,
        explanation,
      });
    }
  }

  const positives = outcomes.filter((o) => o.isPositive);
  const truePositives = positives.filter((o) => o.matched === o.photo).length;
  // A false positive: a distractor matched, or a reference's copy matched to another reference.
  const falsePositives = outcomes.filter((o) => o.matched !== null && o.matched !== o.photo);
  const precision = truePositives / Math.max(1, truePositives + falsePositives.length);
  const recall = truePositives / Math.max(1, positives.length);
  const perEdit = new Map<
    EditType,
    { recall: number; positives: number; falseMatches: number; medianDistance: number | null }
  >();
  for (const edit of EDIT_TYPES) {
    const ofEdit = positives.filter((o) => o.edit === edit);
    const distances = ofEdit
      .filter((o) => o.matched === o.photo)
      .map((o) => o.explanation.distance!)
      .sort((a, b) => a - b);
    perEdit.set(edit, {
      medianDistance: distances.length > 0 ? distances[distances.length >> 1]! : null,
      recall: ofEdit.filter((o) => o.matched === o.photo).length / Math.max(1, ofEdit.length),
      positives: ofEdit.length,
      falseMatches: falsePositives.filter((o) => o.edit === edit).length,
    });
  }
  const imagesPerSecond = outcomes.length / (candidateMs / 1000);

  console.log(`\n== ${label}`);
  console.log(
    `${references.length} references, ${distractors.length} distractors; ${positives.length} edited copies of references, ${outcomes.length - positives.length} edited distractors`,
  );
  console.log(`${'edit'.padEnd(18)} recall   copies  false matches  median PDQ distance  (edit)`);
  for (const edit of EDIT_TYPES) {
    const e = perEdit.get(edit)!;
    console.log(
      `${edit.padEnd(18)} ${pct(e.recall)}   ${String(e.positives).padStart(6)}  ${String(e.falseMatches).padStart(13)}  ${String(e.medianDistance ?? '-').padStart(19)}  ${EDIT_DESCRIPTIONS[edit]}`,
    );
  }
  console.log(
    `overall            recall ${recall.toFixed(4)}   precision ${precision.toFixed(4)}   false positives ${falsePositives.length}   (${truePositives} of ${positives.length} copies found)`,
  );
  console.log(
    `speed              ${imagesPerSecond.toFixed(1)} candidate images/s (decode + fingerprint + match, ${(candidateMs / outcomes.length).toFixed(1)} ms each, ${(candidateCpuMs / outcomes.length).toFixed(1)} ms CPU; of which matching, with the local features it needed, ${(matchMs / outcomes.length).toFixed(1)} ms); references ${(refMs / Math.max(1, references.length)).toFixed(1)} ms each`,
  );
  if (args.verbose) {
    for (const o of outcomes) {
      const isMiss = o.isPositive && o.matched !== o.photo;
      const isFalse = o.matched !== null && o.matched !== o.photo;
      if (!isMiss && !isFalse) continue;
      const top = o.explanation.evidence
        .slice(0, 2)
        .map(
          (e) =>
            `${e.referenceId} pdq=${e.pdqDistance} inl=${e.inliers} ncc=${e.ncc?.toFixed(2) ?? '-'} cov=${e.coverage.toFixed(2)} c=${e.confidence.toFixed(2)}`,
        );
      console.log(
        `  ${isFalse ? 'FALSE' : 'miss '} ${o.edit.padEnd(16)} ${o.photo} → ${o.matched ?? 'none'} | ${top.join(' ; ') || 'no evidence'}`,
      );
    }
  }
  for (const o of outcomes) {
    dump.push(
      JSON.stringify({
        split: label.startsWith('TUNING') ? 'tuning' : 'test',
        photo: o.photo,
        edit: o.edit,
        positive: o.isPositive,
        matched: o.matched,
        evidence: o.explanation.evidence,
      }),
    );
  }
  return { recall, precision, falsePositives: falsePositives.length, perEdit, imagesPerSecond };
}

/**
 * `--scale N`: N references and N candidates, on generated pictures (there are not N installable
 * photos): the time to fingerprint and match the candidates against a full index, and whether a larger
 * index brings false matches.
 */
async function runScale(n: number): Promise<number> {
  const sizeOf = (i: number) => [320 + (i % 7) * 40, 240 + (i % 5) * 30] as const;
  const picture = (seed: number) => generatedPicture(hashSeed('scale', seed), ...sizeOf(seed));
  const matcher = new ImageMatcher();
  let refMs = 0;
  for (let i = 0; i < n; i++) {
    const raw = await picture(i);
    const file = await sharp(raw.data, {
      raw: { width: raw.width, height: raw.height, channels: 3 },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    const started = performance.now();
    matcher.add(`ref-${i}`, await fingerprintReference(file));
    refMs += performance.now() - started;
  }
  let candidateMs = 0;
  let found = 0;
  let falseMatches = 0;
  for (let k = 0; k < n; k++) {
    const isCopy = k % 2 === 0;
    const seed = isCopy ? (k * 7919) % n : n + k; // copies of references spread over the index; others never added
    const edit = EDIT_TYPES[k % EDIT_TYPES.length]!;
    const file = await applyEdit(
      await picture(seed),
      edit,
      seededRandom(hashSeed(seed, 'scale', edit)),
    );
    const started = performance.now();
    const result = matcher.match(await fingerprintCandidate(file));
    candidateMs += performance.now() - started;
    if (isCopy && result.referenceId === `ref-${seed}`) found++;
    else if (result.referenceId !== null) falseMatches++;
  }
  const copies = Math.ceil(n / 2);
  console.log(
    `\n== SCALE: ${n} generated references, ${n} candidates (${copies} edited references, ${n - copies} never-seen pictures)`,
  );
  console.log(
    `references: ${(refMs / 1000).toFixed(1)} s to fingerprint and index (${(refMs / n).toFixed(1)} ms each)`,
  );
  console.log(
    `candidates: ${(candidateMs / 1000).toFixed(1)} s to fingerprint and match all ${n} (${(candidateMs / n).toFixed(1)} ms each, ${((n * 1000) / candidateMs).toFixed(1)} images/s)`,
  );
  console.log(
    `recall ${(found / copies).toFixed(4)}; false matches ${falseMatches}; precision ${(found / Math.max(1, found + falseMatches)).toFixed(4)}`,
  );
  return found / Math.max(1, found + falseMatches) >= TARGETS.precision ? 0 : 1;
}

/** The video evaluation; passed when no copy matched a clip it does not copy. */
async function evaluateVideos(photos: Photo[]): Promise<boolean> {
  const clips =
    args.clips !== undefined ? Number(args.clips) : args.quick ? QUICK_VIDEO_CLIPS : VIDEO_CLIPS;
  const video = await runVideoEvaluation(photos, clips, seed, args.verbose);
  const ok = video.falseMatches === 0;
  console.log(`\ntargets (video): ${ok ? 'PASS' : 'FAIL'} false matches ${video.falseMatches} = 0`);
  return ok;
}

async function main(): Promise<number> {
  if (args.scale !== undefined) return runScale(Number(args.scale));
  const started = performance.now();
  const missing = missingSources(SOURCES);
  if (missing.length > 0) {
    console.error('eval:match needs photographs that are not installed:');
    for (const m of missing) console.error(`  - ${m}`);
    return 2;
  }
  const { photos, skipped } = await collectPhotos(seed);
  const limit =
    args.limit !== undefined ? Number(args.limit) : args.quick ? QUICK_PHOTOS : photos.length;
  const assigned = assign(photos, limit);
  const count = (source: string) => photos.filter((p) => p.source === source).length;
  console.log(`Image matcher evaluation — seed ${seed}${args.quick ? ', quick' : ''}`);
  console.log(
    `photos: ${photos.length} (wallpapers ${count('wallpapers')}, stamps ${count('stamps')}, pdq-testdata ${count('pdq-testdata')}); skipped ${skipped.small} tiny and ${skipped.clipArt} clip-art stamps, ${skipped.duplicates.length} near-duplicates; using ${assigned.length}`,
  );
  console.log(
    `${EDIT_TYPES.length} edits per photo; targets on the held-out set: recall ≥ ${TARGETS.recall} at precision ≥ ${TARGETS.precision}, every edit ≥ ${TARGETS.perEditRecall}`,
  );

  const dump: string[] = [];
  let passed = true;
  if (args.media === 'video') return (await evaluateVideos(photos)) ? 0 : 1;
  if (args.split !== 'test') {
    await runSplit(
      'TUNING set (thresholds were chosen on these photos: not the figures that count)',
      assigned.filter((a) => a.split === 'tuning'),
      dump,
    );
  }
  if (args.split !== 'tuning') {
    const test = await runSplit(
      'HELD-OUT TEST set (photos never used for tuning: the figures that count)',
      assigned.filter((a) => a.split === 'test'),
      dump,
    );
    const worst = [...test.perEdit].sort((a, b) => a[1].recall - b[1].recall)[0]!;
    const checks = [
      [`recall ${test.recall.toFixed(4)} ≥ ${TARGETS.recall}`, test.recall >= TARGETS.recall],
      [
        `precision ${test.precision.toFixed(4)} ≥ ${TARGETS.precision}`,
        test.precision >= TARGETS.precision,
      ],
      [
        `lowest edit recall ${worst[1].recall.toFixed(3)} (${worst[0]}) ≥ ${TARGETS.perEditRecall}`,
        worst[1].recall >= TARGETS.perEditRecall,
      ],
    ] as const;
    console.log(
      `\ntargets (held-out): ${checks.map(([text, ok]) => `${ok ? 'PASS' : 'FAIL'} ${text}`).join('; ')}`,
    );
    passed = checks.every(([, ok]) => ok);
  }
  if (args.media === 'both') passed = (await evaluateVideos(photos)) && passed;
  if (args.dump) writeFileSync(args.dump, dump.join('\n') + '\n');
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return passed ? 0 : 1;
}

process.exitCode = await main();
