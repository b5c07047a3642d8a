// Video matching on clips the test makes with ffmpeg from real photos: edits of a video match it;
// a different video of similar material does not.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fingerprintCandidateVideo,
  fingerprintVideo,
  UnsupportedVideoError,
  VideoMatcher,
} from './video.ts';
import { seededRandom } from './synthetic-edits.ts';
import { VIDEO_EDIT_TYPES, videoEditFilter } from './synthetic-video-edits.ts';
import { PDQ_IMAGES_DIR } from '../testdata.ts';

const run = promisify(execFile);
const photos = PDQ_IMAGES_DIR;
const dir = mkdtempSync(join(tmpdir(), 'shark-video-'));
const ffmpeg = (...args: string[]) =>
  run('ffmpeg', ['-v', 'error', '-nostdin', '-y', ...args], { maxBuffer: 1 << 24 });
const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

/** A 20-second slideshow with a slow zoom on each of five photos (a "similar material" video pair). */
async function slideshow(name: string, images: string[]): Promise<string> {
  const inputs = images.flatMap((image) => [
    '-loop',
    '1',
    '-framerate',
    '25',
    '-t',
    '4',
    '-i',
    join(photos, image),
  ]);
  const chains = images.map(
    (_, i) =>
      `[${i}:v]scale=640:480,setsar=1,zoompan=z='min(1+on*0.002\\,1.2)':d=1:s=640x480:fps=25[v${i}]`,
  );
  const filter = `${chains.join(';')};${images.map((_, i) => `[v${i}]`).join('')}concat=n=${images.length}:v=1:a=0[out]`;
  const file = join(dir, `${name}.mp4`);
  await ffmpeg(...inputs, '-filter_complex', filter, '-map', '[out]', ...x264, '-t', '20', file);
  return file;
}

async function edit(source: string, name: string, args: string[]): Promise<string> {
  const file = join(dir, name);
  await ffmpeg('-i', source, ...args, file);
  return file;
}

let reference: string;
let other: string;
const matcher = new VideoMatcher();

beforeAll(async () => {
  reference = await slideshow('reference', [
    'labelme-subset-q0122.jpg',
    'labelme-subset-q0291.jpg',
    'labelme-subset-q0746.jpg',
    'labelme-subset-q1050.jpg',
    'bridge-mods-aaa-orig.jpg',
  ]);
  // Same style, same length, same zoom, other photos: similar material, a different video.
  other = await slideshow('other', [
    'labelme-subset-q2821.jpg',
    'threatexchange-tests-rgb.jpeg',
    'misc-images-wee.jpg',
    'misc-images-modes-YCbCr.jpg',
    'threatexchange-tests-letterboxed_sample-b.jpg',
  ]);
  matcher.addReference('reference', await fingerprintVideo(reference));
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('video matching', () => {
  const edits: [string, string, string[]][] = [
    [
      're-encoded at low quality',
      'reencode.mp4',
      ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '38', '-pix_fmt', 'yuv420p'],
    ],
    ['rescaled', 'small.mp4', ['-vf', 'scale=320:240', ...x264]],
    ['trimmed to 6 s from the middle', 'trimmed.mp4', ['-ss', '7', '-t', '6', ...x264]],
    ['letterboxed', 'letterbox.mp4', ['-vf', 'scale=640:360,pad=640:480:0:60:black', ...x264]],
    ['mirrored', 'mirrored.mp4', ['-vf', 'hflip', ...x264]],
    [
      'with a burned-in watermark',
      'watermark.mp4',
      [
        '-vf',
        'drawbox=x=20:y=20:w=260:h=60:color=white@0.7:t=fill,drawbox=x=400:y=400:w=200:h=50:color=black@0.5:t=fill',
        ...x264,
      ],
    ],
    // VP8 encodes slowly; at 320×240 the test stays quick (rescaling is covered on its own above).
    [
      'in a WebM container',
      'copy.webm',
      [
        '-vf',
        'scale=320:240',
        '-c:v',
        'libvpx',
        '-deadline',
        'realtime',
        '-cpu-used',
        '16',
        '-lag-in-frames',
        '0',
        '-b:v',
        '400k',
      ],
    ],
    ['in a QuickTime container', 'copy.mov', ['-c:v', 'mpeg4', '-q:v', '8']],
  ];

  it.each(edits)(
    'matches a copy %s',
    async (_label, name, args) => {
      const copy = await edit(reference, name, args);
      const result = matcher.match(await fingerprintCandidateVideo(copy));
      expect(result.referenceId).toBe('reference');
      expect(result.confidence).toBeGreaterThan(0.3);
      if (name === 'trimmed.mp4') expect(result.offsetSeconds).toBeGreaterThanOrEqual(6);
    },
    60_000,
  );

  // As re-uploaders dress a clip: shrunk into a larger black frame, a site name and handle in a
  // corner (on the frame's black border when framed), a large faint word across the middle.
  const dressed = (type: (typeof VIDEO_EDIT_TYPES)[number]) => [
    '-vf',
    videoEditFilter(type, seededRandom(7), { width: 640, height: 480 }),
    ...x264,
  ];

  it.each(VIDEO_EDIT_TYPES)(
    'matches a dressed-up copy: %s',
    async (type) => {
      const copy = await edit(reference, `dressed-${type}.mp4`, dressed(type));
      const result = matcher.match(await fingerprintCandidateVideo(copy));
      expect(result).toMatchObject({ referenceId: 'reference', offsetSeconds: 0 });
      expect(result.confidence).toBeGreaterThan(0.3);
    },
    60_000,
  );

  it.each(VIDEO_EDIT_TYPES)(
    'does not match a different video dressed up the same way: %s',
    async (type) => {
      const copy = await edit(other, `other-dressed-${type}.mp4`, dressed(type));
      expect(matcher.match(await fingerprintCandidateVideo(copy))).toMatchObject({
        referenceId: null,
        confidence: 0,
      });
    },
    60_000,
  );

  it('does not match a different video of similar material, nor its copies', async () => {
    expect(matcher.match(await fingerprintCandidateVideo(other))).toMatchObject({
      referenceId: null,
      confidence: 0,
    });
    const otherCopy = await edit(other, 'other-small.mp4', ['-vf', 'scale=320:240,hflip', ...x264]);
    expect(matcher.match(await fingerprintCandidateVideo(otherCopy)).referenceId).toBeNull();
  }, 60_000);

  it('stops matching once the reference is removed', async () => {
    const local = new VideoMatcher();
    local.addReference('gone', await fingerprintVideo(reference));
    local.removeReference('gone');
    expect(local.match(await fingerprintCandidateVideo(reference)).referenceId).toBeNull();
  }, 60_000);

  it('reports a file that is not a video clearly', async () => {
    const bogus = join(dir, 'bogus.mp4');
    writeFileSync(bogus, 'not a video at all');
    await expect(fingerprintVideo(bogus)).rejects.toBeInstanceOf(UnsupportedVideoError);
  });
});
