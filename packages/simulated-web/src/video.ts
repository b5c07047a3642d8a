// The optional video of the simulated web (ffmpeg): the creator's reference clip, and the leaked copy a
// tube page plays (rescaled, trimmed, watermarked, re-encoded) through <video> and a player configuration.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { generatedPicture, hashSeed } from '@shark/engine/matching/synthetic-edits.ts';

const run = promisify(execFile);
const X264 = [
  '-c:v',
  'libx264',
  '-preset',
  'ultrafast',
  '-pix_fmt',
  'yuv420p',
  '-threads',
  '1',
  '-bitexact',
];
const STILLS = 4;
const SECONDS_PER_STILL = 3;

export async function hasFfmpeg(): Promise<boolean> {
  try {
    await run('ffmpeg', ['-version']);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes `reference` (a 12-second slideshow with a slow zoom over generated stills) and `copy` (8 seconds
 * of it from second 2, at 320×240, with a burned-in watermark, re-encoded at low quality) into `dir`.
 */
export async function makeVideos(
  dir: string,
  seed: number,
  names: { reference: string; copy: string },
): Promise<{ reference: string; copy: string }> {
  const stills: string[] = [];
  for (let i = 0; i < STILLS; i++) {
    const raw = await generatedPicture(hashSeed(seed, 'video-still', i), 640, 480);
    const file = join(dir, `still-${i}.png`);
    await writeFile(
      file,
      await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } })
        .png()
        .toBuffer(),
    );
    stills.push(file);
  }
  const ffmpeg = (...args: string[]) =>
    run('ffmpeg', ['-v', 'error', '-nostdin', '-y', ...args], { maxBuffer: 1 << 24 });
  const inputs = stills.flatMap((file) => [
    '-loop',
    '1',
    '-framerate',
    '25',
    '-t',
    String(SECONDS_PER_STILL),
    '-i',
    file,
  ]);
  const chains = stills.map(
    (_, i) =>
      `[${i}:v]scale=640:480,setsar=1,zoompan=z='min(1+on*0.003\\,1.2)':d=1:s=640x480:fps=25[v${i}]`,
  );
  const filter = `${chains.join(';')};${stills.map((_, i) => `[v${i}]`).join('')}concat=n=${stills.length}:v=1:a=0[out]`;
  const reference = join(dir, names.reference);
  await ffmpeg(
    ...inputs,
    '-filter_complex',
    filter,
    '-map',
    '[out]',
    ...X264,
    '-t',
    String(STILLS * SECONDS_PER_STILL),
    reference,
  );
  const copy = join(dir, names.copy);
  await ffmpeg(
    '-ss',
    '2',
    '-i',
    reference,
    '-t',
    '8',
    '-vf',
    'scale=320:240,drawbox=x=10:y=10:w=120:h=28:color=white@0.6:t=fill',
    ...X264,
    '-crf',
    '34',
    copy,
  );
  return { reference, copy };
}
