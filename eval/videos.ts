// The video half of `npm run eval:match`: slideshow clips made with ffmpeg from the evaluation's
// photographs (a slow zoom on each), dressed up as re-uploaders do (synthetic-video-edits.ts), matched
// against the reference clips. Distractor clips, from photos no reference uses, get the same edits
// and must match nothing.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { hashSeed, seededRandom } from '@shark/engine/matching/synthetic-edits.ts';
import {
  VIDEO_EDIT_DESCRIPTIONS,
  VIDEO_EDIT_TYPES,
  videoEditFilter,
  type VideoEditType,
} from '@shark/engine/matching/synthetic-video-edits.ts';
import {
  fingerprintCandidateVideo,
  fingerprintVideo,
  VideoMatcher,
} from '@shark/engine/matching/video.ts';
import type { Photo } from './photos.ts';

const run = promisify(execFile);
const WIDTH = 640;
const HEIGHT = 360;
const PHOTOS_PER_CLIP = 4;
const SECONDS_PER_PHOTO = 3;
const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

const ffmpeg = (...args: string[]) =>
  run('ffmpeg', ['-v', 'error', '-nostdin', '-y', ...args], { maxBuffer: 1 << 24 });

export interface VideoTotals {
  recall: number;
  falseMatches: number;
}

/** A clip of the photos, each filling the frame and slowly zoomed, as a creator would upload it. */
async function slideshow(dir: string, name: string, photos: Photo[]): Promise<string> {
  const stills = await Promise.all(
    photos.map(async (photo, i) => {
      const raw = await photo.load();
      const file = path.join(dir, `${name}-${i}.png`);
      await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } })
        .png()
        .toFile(file);
      return file;
    }),
  );
  const inputs = stills.flatMap((file) => [
    '-loop',
    '1',
    '-framerate',
    '25',
    '-t',
    String(SECONDS_PER_PHOTO),
    '-i',
    file,
  ]);
  const chains = stills.map(
    (_, i) =>
      `[${i}:v]scale=${WIDTH}:${HEIGHT}:force_original_aspect_ratio=increase,crop=${WIDTH}:${HEIGHT},setsar=1,` +
      `zoompan=z='min(1+on*0.003\\,1.25)':d=1:s=${WIDTH}x${HEIGHT}:fps=25[v${i}]`,
  );
  const filter = `${chains.join(';')};${stills.map((_, i) => `[v${i}]`).join('')}concat=n=${stills.length}:v=1:a=0[out]`;
  const file = path.join(dir, `${name}.mp4`);
  await ffmpeg(...inputs, '-filter_complex', filter, '-map', '[out]', ...x264, '-crf', '20', file);
  return file;
}

interface Outcome {
  clip: string;
  edit: VideoEditType;
  isPositive: boolean;
  matched: string | null;
  distance: number | null;
}

/**
 * `clips` reference clips and as many distractor clips, PHOTOS_PER_CLIP photos each (fewer clips when
 * there are not enough photos). Returns the figures it printed.
 */
export async function runVideoEvaluation(
  photos: Photo[],
  clips: number,
  seed: number,
  verbose: boolean,
): Promise<VideoTotals> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shark-eval-video-'));
  try {
    const random = seededRandom(hashSeed('video-split', seed));
    const shuffled = photos.map((p) => ({ p, k: random() })).sort((a, b) => a.k - b.k);
    const count = Math.min(clips, Math.floor(shuffled.length / (2 * PHOTOS_PER_CLIP)));
    const groups = Array.from({ length: 2 * count }, (_, i) =>
      shuffled.slice(i * PHOTOS_PER_CLIP, (i + 1) * PHOTOS_PER_CLIP).map(({ p }) => p),
    );
    const matcher = new VideoMatcher();
    const made: { name: string; file: string; isReference: boolean }[] = [];
    for (const [i, group] of groups.entries()) {
      const isReference = i < count;
      const name = `${isReference ? 'reference' : 'distractor'}-${i % count}`;
      const file = await slideshow(dir, name, group);
      if (isReference) matcher.addReference(name, await fingerprintVideo(file));
      made.push({ name, file, isReference });
    }
    const outcomes: Outcome[] = [];
    let candidateMs = 0;
    let clipSeconds = 0;
    for (const clip of made) {
      for (const edit of VIDEO_EDIT_TYPES) {
        const filter = videoEditFilter(edit, seededRandom(hashSeed(seed, clip.name, edit)), {
          width: WIDTH,
          height: HEIGHT,
        });
        const copy = path.join(dir, `${clip.name}-${edit}.mp4`);
        await ffmpeg('-i', clip.file, '-vf', filter, ...x264, '-crf', '26', copy);
        const started = performance.now();
        const fingerprint = await fingerprintCandidateVideo(copy);
        const result = matcher.match(fingerprint);
        candidateMs += performance.now() - started;
        clipSeconds += fingerprint.durationSeconds;
        outcomes.push({
          clip: clip.name,
          edit,
          isPositive: clip.isReference,
          matched: result.referenceId,
          distance: result.distance,
        });
      }
    }
    return report(outcomes, count, candidateMs, clipSeconds, verbose);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function report(
  outcomes: Outcome[],
  count: number,
  candidateMs: number,
  clipSeconds: number,
  verbose: boolean,
): VideoTotals {
  const positives = outcomes.filter((o) => o.isPositive);
  const found = positives.filter((o) => o.matched === o.clip).length;
  const falseMatches = outcomes.filter((o) => o.matched !== null && o.matched !== o.clip);
  console.log(`\n== VIDEO: dressed-up copies of slideshow clips`);
  console.log(
    `${count} reference clips, ${count} distractor clips (${PHOTOS_PER_CLIP} photos × ${SECONDS_PER_PHOTO} s, ${WIDTH}×${HEIGHT}); ${positives.length} edited copies of references, ${outcomes.length - positives.length} edited distractors`,
  );
  console.log(`${'edit'.padEnd(20)} recall   copies  false matches  median distance  (edit)`);
  for (const edit of VIDEO_EDIT_TYPES) {
    const ofEdit = positives.filter((o) => o.edit === edit);
    const hits = ofEdit.filter((o) => o.matched === o.clip);
    const distances = hits.map((o) => o.distance!).sort((a, b) => a - b);
    const median = distances.length > 0 ? String(distances[distances.length >> 1]) : '-';
    console.log(
      `${edit.padEnd(20)} ${(hits.length / Math.max(1, ofEdit.length)).toFixed(3).padStart(6)}   ${String(ofEdit.length).padStart(6)}  ${String(falseMatches.filter((o) => o.edit === edit).length).padStart(13)}  ${median.padStart(15)}  ${VIDEO_EDIT_DESCRIPTIONS[edit]}`,
    );
  }
  const recall = found / Math.max(1, positives.length);
  console.log(
    `overall              recall ${recall.toFixed(4)}   false matches ${falseMatches.length}   (${found} of ${positives.length} copies found)`,
  );
  console.log(
    `speed                ${(candidateMs / outcomes.length).toFixed(0)} ms per candidate clip (fingerprint + match), ${((candidateMs / 1000 / clipSeconds) * 60).toFixed(1)} s per minute of video`,
  );
  if (verbose) {
    for (const o of outcomes) {
      if (o.matched === o.clip || (!o.isPositive && o.matched === null)) continue;
      console.log(
        `  ${o.isPositive && o.matched === null ? 'miss ' : 'FALSE'} ${o.edit.padEnd(20)} ${o.clip} → ${o.matched ?? 'none'}`,
      );
    }
  }
  return { recall, falseMatches: falseMatches.length };
}
