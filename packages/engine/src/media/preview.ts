// Previews of media for people: a small JPEG of a picture, or of a frame from a video, with the size
// of what it shows. Used for reference files and for found media alike.
import { spawn } from 'node:child_process';
import sharp from './sharp.ts';
import { FfmpegMissingError, UnsupportedVideoError } from '../matching/video.ts';

/** Long side of a thumbnail, in pixels. */
export const THUMBNAIL_MAX_SIDE = 320;
const LIMIT_INPUT_PIXELS = 268_402_689;

export class UnreadablePictureError extends Error {
  override readonly name = 'UnreadablePictureError';
}

export interface Thumbnail {
  jpeg: Buffer;
  /** Size of the picture as shown (EXIF orientation applied), not of the thumbnail. */
  width: number;
  height: number;
}

/** A JPEG whose long side is at most `maxSide` (never enlarged), transparency on white. */
export async function makeThumbnail(
  input: string | Buffer,
  maxSide = THUMBNAIL_MAX_SIDE,
): Promise<Thumbnail> {
  try {
    const meta = await sharp(input, {
      failOn: 'error',
      limitInputPixels: LIMIT_INPUT_PIXELS,
    }).metadata();
    const pageHeight = meta.pageHeight ?? meta.height;
    const isTurned = (meta.orientation ?? 1) >= 5;
    const jpeg = await sharp(input, { failOn: 'error', limitInputPixels: LIMIT_INPUT_PIXELS })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    return {
      jpeg,
      width: isTurned ? pageHeight : meta.width,
      height: isTurned ? meta.width : pageHeight,
    };
  } catch (error) {
    throw new UnreadablePictureError(`Not a readable picture: ${(error as Error).message}`);
  }
}

interface RunResult {
  stdout: Buffer;
  stderr: string;
  code: number | null;
}

function run(command: 'ffmpeg' | 'ffprobe', args: string[]): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new FfmpegMissingError() : error),
    );
    child.on('close', (code) => resolve({ stdout: Buffer.concat(chunks), stderr, code }));
  });
}

const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? '';

/** The video's duration in seconds (from its container, else its first video stream), or null if neither says. */
export async function probeVideoDuration(file: string): Promise<number | null> {
  const { stdout, stderr, code } = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'format=duration:stream=duration,codec_type',
    '-of',
    'json',
    file,
  ]);
  if (code !== 0)
    throw new UnsupportedVideoError(
      `Not a readable video: ${lastLine(stderr) || `ffprobe exited with ${code}`}`,
    );
  const parsed = JSON.parse(stdout.toString('utf8')) as {
    format?: { duration?: string };
    streams?: { duration?: string; codec_type?: string }[];
  };
  if (!parsed.streams?.some((stream) => stream.codec_type === 'video'))
    throw new UnsupportedVideoError('Not a readable video: it has no picture.');
  const duration = Number.parseFloat(parsed.format?.duration ?? parsed.streams[0]?.duration ?? '');
  return Number.isFinite(duration) && duration > 0 ? duration : null;
}

/** One frame of the video as PNG, at `atSeconds` or, past the end, the first frame. */
export async function extractVideoFrame(file: string, atSeconds: number): Promise<Buffer> {
  const frameAt = async (seconds: number) => {
    const { stdout, stderr, code } = await run('ffmpeg', [
      '-v',
      'error',
      '-nostdin',
      ...(seconds > 0 ? ['-ss', seconds.toFixed(3)] : []),
      '-i',
      file,
      '-map',
      '0:v:0',
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-c:v',
      'png',
      'pipe:1',
    ]);
    if (code !== 0)
      throw new UnsupportedVideoError(
        `Not a readable video: ${lastLine(stderr) || `ffmpeg exited with ${code}`}`,
      );
    return stdout;
  };
  const frame = atSeconds > 0 ? await frameAt(atSeconds) : Buffer.alloc(0);
  if (frame.length > 0) return frame;
  const first = await frameAt(0);
  if (first.length === 0)
    throw new UnsupportedVideoError('Not a readable video: no frame could be decoded.');
  return first;
}

/** A thumbnail of the frame at `share` (0–1) of the video's duration. */
export async function makeVideoThumbnail(
  file: string,
  share = 0.1,
): Promise<Thumbnail & { durationSeconds: number | null }> {
  const durationSeconds = await probeVideoDuration(file);
  const frame = await extractVideoFrame(file, durationSeconds ? durationSeconds * share : 0);
  return { ...(await makeThumbnail(frame)), durationSeconds };
}
