// The face search a pool thread runs for a scan: the faces of a picture, or of frames sampled across a
// video, each with its embedding. Plain data (typed arrays included) that crosses a thread boundary.
import { extractVideoFrame, probeVideoDuration } from '../media/preview.ts';
import { facesIn, type FoundFace } from './face-search.ts';

/** Frames looked at in a video, spread evenly over its length. */
export const VIDEO_FACE_FRAMES = 6;

export interface PictureFaces {
  /** The picture the boxes refer to: for a video, the frame (JPEG); for a picture, null. */
  frame: Uint8Array | null;
  faces: FoundFace[];
}

const asBuffer = (input: Uint8Array) =>
  Buffer.from(input.buffer, input.byteOffset, input.byteLength);

export async function facesOfPicture(input: Uint8Array): Promise<PictureFaces[]> {
  return [{ frame: null, faces: await facesIn(asBuffer(input)) }];
}

/** Faces on frames at 1/12, 3/12 … 11/12 of the video (a frame without faces is left out). */
export async function facesOfVideo(file: string): Promise<PictureFaces[]> {
  const duration = await probeVideoDuration(file);
  const times =
    duration && duration > 0
      ? Array.from(
          { length: VIDEO_FACE_FRAMES },
          (_, i) => (duration * (2 * i + 1)) / (2 * VIDEO_FACE_FRAMES),
        )
      : [0];
  const found: PictureFaces[] = [];
  for (const at of times) {
    const frame = await extractVideoFrame(file, at).catch(() => null);
    if (!frame) continue;
    const faces = await facesIn(frame);
    if (faces.length > 0) found.push({ frame: new Uint8Array(frame), faces });
  }
  return found;
}
