// A video's frames as Shark samples them (ffmpeg: SAMPLE_FPS frames a second, grey, a square of
// `size` pixels), read as ffmpeg writes them, and where the picture is in them. Memory stays bounded
// whatever the video's length: a short video's frames are held and hashed after one pass; a longer
// one is read twice, the bars found on the first pass and each frame hashed as the second delivers it.
import { spawn } from 'node:child_process';
import { trimUniformBorders, type Rect } from './content-regions.ts';

export class FfmpegMissingError extends Error {
  override readonly name = 'FfmpegMissingError';
  constructor() {
    super('ffmpeg is not installed: video needs it (Debian: apt-get install ffmpeg).');
  }
}

export class UnsupportedVideoError extends Error {
  override readonly name = 'UnsupportedVideoError';
}

/** Frames held in memory for a one-pass read: 600 frames of 320×320 are about 60 MB. */
const MAX_HELD_FRAMES = 600;
/** A video no brighter than this anywhere is dark through and through: it has no bars to find. */
const BAR_LEVEL = 32;
/** A pixel whose grey level spans no more than this over the video is static (bars, overlays). */
const STATIC_RANGE = 40;

/** Runs ffmpeg over the video and hands each sampled frame to `onFrame` as it arrives. */
function readFrames(
  file: string,
  options: { fps: number; size: number },
  onFrame: (frame: Uint8Array) => void,
): Promise<number> {
  const { fps, size } = options;
  const args = [
    ...['-v', 'error', '-nostdin', '-i', file, '-map', '0:v:0', '-an', '-sn'],
    ...['-vf', `fps=${fps},scale=${size}:${size}:flags=area`],
    ...['-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'],
  ];
  const frameBytes = size * size;
  return new Promise<number>((resolve, reject) => {
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const partial = new Uint8Array(frameBytes);
    let filled = 0;
    let count = 0;
    let stderr = '';
    let failure: Error | null = null;
    child.stdout.on('data', (chunk: Buffer) => {
      if (failure) return;
      try {
        let offset = 0;
        while (offset < chunk.length) {
          const take = Math.min(frameBytes - filled, chunk.length - offset);
          partial.set(chunk.subarray(offset, offset + take), filled);
          filled += take;
          offset += take;
          if (filled === frameBytes) {
            onFrame(partial);
            count++;
            filled = 0;
          }
        }
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
        child.kill();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new FfmpegMissingError() : error),
    );
    child.on('close', (code) => {
      if (failure) reject(failure);
      else if (code === 0) resolve(count);
      else
        reject(
          new UnsupportedVideoError(
            `Not a readable video: ${stderr.trim().split('\n').at(-1) ?? `ffmpeg exited with ${code}`}`,
          ),
        );
    });
  });
}

/**
 * Where the picture is in the frame. Bars are found by the image matcher's border trimming on the
 * brightest value each pixel takes over the video, so that only lines dark in every frame are bars;
 * pixels that never change may be text or a logo drawn over the bars, and do not stop the trim.
 */
class PictureArea {
  private readonly brightest: Uint8Array;
  private readonly darkest: Uint8Array;

  constructor(private readonly size: number) {
    this.brightest = new Uint8Array(size * size);
    this.darkest = new Uint8Array(size * size).fill(255);
  }

  add(frame: Uint8Array): void {
    const { brightest, darkest } = this;
    for (let i = 0; i < frame.length; i++) {
      const v = frame[i]!;
      if (v > brightest[i]!) brightest[i] = v;
      if (v < darkest[i]!) darkest[i] = v;
    }
  }

  box(): Rect {
    const { size, brightest, darkest } = this;
    // An entirely dark video keeps its full frame (its frames will be low quality and not vote).
    if (brightest.every((v) => v <= BAR_LEVEL))
      return { left: 0, top: 0, width: size, height: size };
    const staticPixels = new Uint8Array(size * size);
    const data = new Uint8Array(size * size * 3);
    for (let i = 0; i < brightest.length; i++) {
      staticPixels[i] = brightest[i]! - darkest[i]! <= STATIC_RANGE ? 1 : 0;
      data.fill(brightest[i]!, i * 3, i * 3 + 3);
    }
    return trimUniformBorders({ width: size, height: size, data }, { staticPixels });
  }
}

/**
 * Each sampled frame's picture (the bars cut away), in order, handed to `onPicture` as grey values
 * with the picture's size. Returns how many frames there were; throws UnsupportedVideoError for none.
 */
export async function eachFramePicture(
  file: string,
  options: { fps: number; size: number; maxHeldFrames?: number },
  onPicture: (luma: Float32Array, width: number, height: number, index: number) => void,
): Promise<number> {
  const { size, maxHeldFrames = MAX_HELD_FRAMES } = options;
  const area = new PictureArea(size);
  let held: Uint8Array[] | null = [];
  const count = await readFrames(file, options, (frame) => {
    area.add(frame);
    if (held === null) return;
    if (held.length < maxHeldFrames) held.push(frame.slice());
    else held = null;
  });
  if (count === 0)
    throw new UnsupportedVideoError('Not a readable video: no frames could be decoded.');
  const box = area.box();
  let index = 0;
  const cut = (frame: Uint8Array) => {
    const luma = new Float32Array(box.width * box.height);
    for (let y = 0; y < box.height; y++)
      for (let x = 0; x < box.width; x++)
        luma[y * box.width + x] = frame[(box.top + y) * size + box.left + x]!;
    onPicture(luma, box.width, box.height, index++);
  };
  if (held) held.forEach(cut);
  // Too long to hold: read again, now that the bars are known.
  else await readFrames(file, options, cut);
  return count;
}
