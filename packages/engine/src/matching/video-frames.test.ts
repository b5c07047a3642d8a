// Reading a video's frames: the picture inside black bars is found, and a video too long to hold is
// read a second time with the same pictures in the same order as a one-pass read.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachFramePicture, UnsupportedVideoError } from './video-frames.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'shark-video-frames-'));
let framed: string;

beforeAll(async () => {
  framed = join(dir, 'framed.mp4');
  // A moving test pattern shrunk into the middle of a larger black frame.
  await run('ffmpeg', [
    ...['-v', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25'],
    ...['-t', '4', '-vf', 'pad=640:480:160:120:black', '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-pix_fmt', 'yuv420p', framed],
  ]);
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function pictures(file: string, maxHeldFrames?: number) {
  const seen: { width: number; height: number; sum: number; index: number }[] = [];
  const count = await eachFramePicture(
    file,
    { fps: 2, size: 160, ...(maxHeldFrames === undefined ? {} : { maxHeldFrames }) },
    (luma, width, height, index) => {
      let sum = 0;
      for (const v of luma) sum += v;
      seen.push({ width, height, sum, index });
    },
  );
  return { count, seen };
}

describe('video frames', () => {
  it('cuts the black frame away from each sampled picture', async () => {
    const { count, seen } = await pictures(framed);
    expect(count).toBe(8);
    expect(seen.map((p) => p.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // The pattern fills the middle half of the frame: 80×80 of the 160×160 sample (less any dark
    // edge of the pattern itself), the same cut for every frame.
    for (const { width, height } of seen) {
      expect(width).toBeGreaterThanOrEqual(70);
      expect(width).toBeLessThanOrEqual(82);
      expect(height).toBeGreaterThanOrEqual(70);
      expect(height).toBeLessThanOrEqual(82);
    }
    expect(new Set(seen.map((p) => `${p.width}×${p.height}`)).size).toBe(1);
  });

  it('reads a video too long to hold twice and gives the same pictures', async () => {
    const held = await pictures(framed);
    const twice = await pictures(framed, 3);
    expect(twice.count).toBe(held.count);
    expect(twice.seen).toEqual(held.seen);
  });

  it('refuses a file that is not a video', async () => {
    const text = join(dir, 'not-a-video.mp4');
    await run('sh', ['-c', `printf 'hello' > ${text}`]);
    await expect(pictures(text)).rejects.toBeInstanceOf(UnsupportedVideoError);
  });
});
