// Thumbnails of pictures and of video frames, on files the test makes with sharp and ffmpeg.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnsupportedVideoError } from '../matching/video.ts';
import {
  extractVideoFrame,
  makeThumbnail,
  makeVideoThumbnail,
  probeVideoDuration,
  UnreadablePictureError,
} from './preview.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'shark-preview-'));
let video: string;

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  video = join(dir, 'clip.mp4');
  // 4 s of a moving test pattern; the frame at 10% differs from the first.
  await run('ffmpeg', [
    '-v',
    'error',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=480x270:rate=25:duration=4',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    video,
  ]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('makeThumbnail', () => {
  it('shrinks the long side to 320 and reports the size of the original', async () => {
    const thumbnail = await makeThumbnail(await picture(1000, 600));
    const meta = await sharp(thumbnail.jpeg).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([320, 192]);
    expect([thumbnail.width, thumbnail.height]).toEqual([1000, 600]);
  });

  it('never enlarges a small picture', async () => {
    const meta = await sharp((await makeThumbnail(await picture(100, 50))).jpeg).metadata();
    expect([meta.width, meta.height]).toEqual([100, 50]);
  });

  it('applies the EXIF orientation, as a viewer shows the photo', async () => {
    const turned = await sharp(await picture(400, 200))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const thumbnail = await makeThumbnail(turned);
    expect([thumbnail.width, thumbnail.height]).toEqual([200, 400]);
    const meta = await sharp(thumbnail.jpeg).metadata();
    expect([meta.width, meta.height]).toEqual([160, 320]);
  });

  it('refuses bytes that are no picture', async () => {
    await expect(
      makeThumbnail(Buffer.from('just some text, not a picture')),
    ).rejects.toBeInstanceOf(UnreadablePictureError);
  });
});

describe('video thumbnails', () => {
  it('reads the duration and makes a thumbnail of a frame at 10%', async () => {
    const thumbnail = await makeVideoThumbnail(video);
    expect(thumbnail.durationSeconds).toBeCloseTo(4, 1);
    expect([thumbnail.width, thumbnail.height]).toEqual([480, 270]);
    const meta = await sharp(thumbnail.jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 180]);
  });

  it('takes the frame at the time asked, and the first frame when asked past the end', async () => {
    const first = await extractVideoFrame(video, 0);
    expect(await extractVideoFrame(video, 0.4)).not.toEqual(first);
    expect(await extractVideoFrame(video, 60)).toEqual(first);
  });

  it('refuses a file that is no video', async () => {
    const text = join(dir, 'notes.mp4');
    writeFileSync(text, 'not a video at all');
    await expect(probeVideoDuration(text)).rejects.toBeInstanceOf(UnsupportedVideoError);
  });
});
