// `shark match` at scale: 1,000 candidate images against 1,000 references, through FileMatcher (the
// code path of `npx shark match`), with the time to fingerprint the references, the time to
// fingerprint and match the candidates, and the process's memory as the candidates stream through.
//   BENCH_MATCH_N   references and candidates (default 1000)
// Pictures are generated (there are not 1,000 installable photos); half the candidates are edited
// copies of references (every edit type in turn), half pictures never added.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { FileMatcher } from '@shark/engine/matching/match-files.ts';
import {
  applyEdit,
  EDIT_TYPES,
  generatedPicture,
  hashSeed,
  seededRandom,
} from '@shark/engine/matching/synthetic-edits.ts';

const n = Number(process.env.BENCH_MATCH_N ?? 1000);
const dir = mkdtempSync(path.join(tmpdir(), 'shark-bench-match-'));
const refs = path.join(dir, 'refs');
const candidates = path.join(dir, 'candidates');
mkdirSync(refs);
mkdirSync(candidates);

const sizeOf = (i: number) => [640 + (i % 7) * 80, 480 + (i % 5) * 60] as const;
const picture = (seed: number) => generatedPicture(hashSeed('match-1k', seed), ...sizeOf(seed));
const name = (i: number) => `${String(i).padStart(5, '0')}.jpg`;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

try {
  process.stdout.write(`\nGenerating ${n} references and ${n} candidates (not timed)… `);
  const copyOf = new Map<string, string>();
  for (let i = 0; i < n; i++) {
    const raw = await picture(i);
    writeFileSync(
      path.join(refs, name(i)),
      await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } })
        .jpeg({ quality: 92 })
        .toBuffer(),
    );
  }
  for (let k = 0; k < n; k++) {
    const isCopy = k % 2 === 0;
    const seed = isCopy ? (k * 7919) % n : n + k;
    const edit = EDIT_TYPES[k % EDIT_TYPES.length]!;
    writeFileSync(
      path.join(candidates, name(k)),
      await applyEdit(await picture(seed), edit, seededRandom(hashSeed(seed, 'match-1k', edit))),
    );
    if (isCopy) copyOf.set(path.join(candidates, name(k)), path.join(refs, name(seed)));
  }
  console.log('done');

  const matcher = new FileMatcher();
  const started = performance.now();
  const loaded = await matcher.loadReferences(refs);
  const referencesSeconds = (performance.now() - started) / 1000;
  const rssAfterReferences = process.memoryUsage().rss;
  const samples: string[] = [];
  let found = 0;
  let falseMatches = 0;
  let errors = 0;
  let seen = 0;
  let peakRss = rssAfterReferences;
  for await (const result of matcher.matchDirectory(candidates)) {
    seen++;
    if (result.error) errors++;
    else if (result.reference !== null && result.reference === copyOf.get(result.candidate))
      found++;
    else if (result.reference !== null) {
      falseMatches++;
      console.log(
        `false match: ${path.basename(result.candidate)} (${copyOf.has(result.candidate) ? `copy of ${path.basename(copyOf.get(result.candidate)!)}` : 'never added'}, edit ${EDIT_TYPES[Number(path.basename(result.candidate, '.jpg')) % EDIT_TYPES.length]}) → ${path.basename(result.reference)}, distance ${result.distance}, confidence ${result.confidence}`,
      );
    }
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    if (seen % Math.max(1, Math.floor(n / 5)) === 0)
      samples.push(`${seen}: ${mb(process.memoryUsage().rss)} MB`);
  }
  const totalSeconds = (performance.now() - started) / 1000;
  await matcher.close();

  console.log(
    `\nshark match: ${n} candidates against ${loaded.images} references, ${matcher.threads} fingerprint threads`,
  );
  console.log(`references fingerprinted and indexed  ${referencesSeconds.toFixed(1)} s`);
  console.log(
    `candidates fingerprinted and matched  ${(totalSeconds - referencesSeconds).toFixed(1)} s (${(n / (totalSeconds - referencesSeconds)).toFixed(1)} images/s)`,
  );
  console.log(
    `total                                 ${totalSeconds.toFixed(1)} s  (target: under 60 s for 1,000 × 1,000)`,
  );
  console.log(
    `copies found ${found} of ${Math.ceil(n / 2)}, false matches ${falseMatches}, errors ${errors}`,
  );
  console.log(
    `memory (RSS) after references ${mb(rssAfterReferences)} MB; while candidates stream, after ${samples.join(', ')}; peak ${mb(peakRss)} MB`,
  );
  if (errors > 0 || falseMatches > 0) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
