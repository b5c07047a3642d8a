// Video speed: seconds of processing (ffmpeg sampling + PDQ per frame + matching) per minute of video,
// at 640×480 and 1280×720, on a one-minute slideshow made from real photos.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  fingerprintCandidateVideo,
  fingerprintVideo,
  VideoMatcher,
} from '@shark/engine/matching/video.ts';
import { PDQ_IMAGES_DIR } from '@shark/engine/testdata.ts';

const run = promisify(execFile);
const photos = PDQ_IMAGES_DIR;
const dir = mkdtempSync(path.join(tmpdir(), 'shark-bench-video-'));

async function oneMinuteVideo(width: number, height: number): Promise<string> {
  const images = readdirSync(photos)
    .filter((f) => f.endsWith('.jpg'))
    .slice(0, 15);
  const inputs = images.flatMap((image) => [
    '-loop',
    '1',
    '-framerate',
    '25',
    '-t',
    '4',
    '-i',
    path.join(photos, image),
  ]);
  const chains = images.map(
    (_, i) =>
      `[${i}:v]scale=${width}:${height},setsar=1,zoompan=z='min(1+on*0.002\\,1.2)':d=1:s=${width}x${height}:fps=25[v${i}]`,
  );
  const filter = `${chains.join(';')};${images.map((_, i) => `[v${i}]`).join('')}concat=n=${images.length}:v=1:a=0[out]`;
  const file = path.join(dir, `${width}x${height}.mp4`);
  await run('ffmpeg', [
    '-v',
    'error',
    '-nostdin',
    '-y',
    ...inputs,
    '-filter_complex',
    filter,
    '-map',
    '[out]',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  return file;
}

try {
  console.log('\nVideo fingerprinting and matching, per minute of video');
  console.log('resolution  reference s/min  candidate+match s/min');
  console.log('----------  ---------------  ---------------------');
  for (const [width, height] of [
    [640, 480],
    [1280, 720],
  ] as const) {
    const file = await oneMinuteVideo(width, height);
    let started = performance.now();
    const reference = await fingerprintVideo(file);
    const referenceSeconds = (performance.now() - started) / 1000;
    const matcher = new VideoMatcher();
    matcher.addReference('ref', reference);
    started = performance.now();
    const result = matcher.match(await fingerprintCandidateVideo(file));
    const candidateSeconds = (performance.now() - started) / 1000;
    if (result.referenceId !== 'ref') throw new Error('the video did not match itself');
    const minutes = reference.durationSeconds / 60;
    console.log(
      `${`${width}×${height}`.padEnd(10)}  ${(referenceSeconds / minutes).toFixed(2).padStart(15)}  ${(candidateSeconds / minutes).toFixed(2).padStart(21)}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
