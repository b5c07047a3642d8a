// Faces in a picture and how close each is to a creator's enrolled face: detection, alignment onto
// the mean face, the recognition network's 128 numbers scaled to unit length, and cosine similarity.
import sharp from '../media/sharp.ts';
import { CHIP_SIZE, chipToImage, cutChip, type Point, type RgbImage } from './face-align.ts';
import { DETECTOR_CANVAS_SIDE, type DetectedBox } from './face-networks.ts';
import { faceRuntime } from './face-runtime.ts';

export interface FaceSearchOptions {
  /** The detector's largest canvas side (a multiple of 32). */
  inputSize?: number;
  /** The least detector score kept. */
  minScore?: number;
  /** The least face height kept, in pixels of the picture as looked at. */
  minFaceSize?: number;
  /** Pictures are looked at with their longer side at most this. */
  maxSide?: number;
}

/** The canvas side of the second look, for close-ups. */
const CLOSE_UP_SIDE = 160;
/** The least canvas side: four cells of the detector's grid. */
const MIN_CANVAS_SIDE = 128;
/**
 * The picture's longest side in the first look, in pixels of the canvas: the scale at which it took
 * 0.8 of a 416-pixel canvas framed in black, so that the same faces are found as then.
 */
const FIRST_LOOK_SIDE = 333;
/** The share of the smallest square a picture takes in the second look for a close-up face. */
const CLOSE_UP_SHARE = 0.55;

export const FACE_SEARCH_DEFAULTS: Required<FaceSearchOptions> = {
  inputSize: DETECTOR_CANVAS_SIDE,
  minScore: 0.3,
  minFaceSize: 40,
  maxSide: 640,
};

export interface FoundFace {
  /** Where the face is, as fractions of the picture's width and height. */
  box: { x: number; y: number; width: number; height: number };
  /** The detector's score, 0 to 1. */
  score: number;
  /** The face's embedding, unit length (128 numbers). */
  embedding: Float32Array;
}

export class UnreadablePictureError extends Error {
  override readonly name = 'UnreadablePictureError';
}

/** Decodes a picture (EXIF orientation applied) to RGB with its longer side at most `maxSide`. */
export async function decodeForFaces(
  input: string | Buffer,
  maxSide = FACE_SEARCH_DEFAULTS.maxSide,
): Promise<RgbImage> {
  try {
    const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: 268_402_689 })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: info.channels };
  } catch (error) {
    throw new UnreadablePictureError(`Not a readable picture: ${(error as Error).message}`);
  }
}

/** A face the detector found. */
export interface LandmarkedFace {
  /** In pixels of the picture. */
  box: { x: number; y: number; width: number; height: number };
  score: number;
  /** The 68 landmarks, in pixels of the picture. */
  landmarks: Point[];
}

/** Every face the detector finds in a decoded RGB picture, at least `minFaceSize` high, with its landmarks. */
export async function detectFaces(
  image: RgbImage,
  options: FaceSearchOptions = {},
): Promise<LandmarkedFace[]> {
  const { inputSize, minScore, minFaceSize } = { ...FACE_SEARCH_DEFAULTS, ...options };
  if (image.channels !== 3) throw new Error('face search reads RGB pictures (3 channels)');
  // The detector reads a canvas of at most `inputSize` a side with the picture scaled into it: the
  // networks' working memory is bounded whatever the pictures' sizes (WebAssembly memory only
  // grows), and no large tensor is made. A smaller picture is read at its own size, not enlarged.
  // The canvas follows the picture's shape (each side rounded up to the network's stride of 32):
  // the cost grows with its area, and a landscape picture needs no square of black around it.
  const longest = Math.max(image.width, image.height);
  // The picture fills the first look's canvas, with no black frame around it: the frame cost a third
  // of the detector's work on every picture, and the faces it helped find (a face that fills the
  // whole picture, which the detector learnt with some of its surroundings) are found by the second
  // look, which frames the picture in black.
  let boxes = await detectOnCanvas(
    image,
    Math.min(1, Math.min(FIRST_LOOK_SIDE, inputSize) / longest),
    1,
    inputSize,
    minScore,
  );
  // Nothing: a close-up whose face is too large for the detector is found at a smaller scale. Its
  // face fills most of the picture, so a small canvas still shows it far larger than the least face
  // the detector finds, and costs a fraction of the first look.
  if (boxes.length === 0) {
    boxes = await detectOnCanvas(
      image,
      (CLOSE_UP_SIDE * CLOSE_UP_SHARE) / longest,
      CLOSE_UP_SHARE,
      CLOSE_UP_SIDE,
      minScore,
    );
  }
  // A face too small to be recognised costs no landmarks or embedding.
  boxes = boxes.filter(({ box }) => box.height >= minFaceSize);
  if (boxes.length === 0) return [];
  // The landmarks are read on the picture itself, not on the canvas: a face the detector found on a
  // small canvas keeps every pixel the picture has for its alignment.
  const runtime = await faceRuntime();
  const landmarks = await runtime.landmarks(
    image.data,
    image.width,
    image.height,
    boxes.map(({ box }) => box),
  );
  return boxes.map((face, i) => ({ ...face, landmarks: landmarks[i]! }));
}

/** The canvas side holding `length` pixels of picture as `share` of it. */
function canvasSide(length: number, share: number, most: number): number {
  return Math.min(most, Math.max(MIN_CANVAS_SIDE, Math.ceil(length / share / 32) * 32));
}

/** The boxes the detector finds on the picture scaled by `scale` into a canvas, in pixels of the picture. */
async function detectOnCanvas(
  image: RgbImage,
  scale: number,
  share: number,
  most: number,
  minScore: number,
): Promise<DetectedBox[]> {
  const runtime = await faceRuntime();
  const width = canvasSide(image.width * scale, share, most);
  const height = canvasSide(image.height * scale, share, most);
  const canvas = await pictureOnCanvas(image, scale, width, height);
  const detected = await runtime.detect(Float32Array.from(canvas.data), width, height, minScore);
  return detected.map(({ box, score }) => ({
    box: {
      x: (box.x - canvas.left) / scale,
      y: (box.y - canvas.top) / scale,
      width: box.width / scale,
      height: box.height / scale,
    },
    score,
  }));
}

/** Every face in a decoded RGB picture, largest first. */
export async function facesInImage(
  image: RgbImage,
  options: FaceSearchOptions = {},
): Promise<FoundFace[]> {
  const runtime = await faceRuntime();
  const kept = await detectFaces(image, options);
  const chips = kept.map(({ landmarks }) => cutChip(image, chipToImage(landmarks), CHIP_SIZE));
  const embeddings = await runtime.embed(chips, CHIP_SIZE);
  const faces = kept.map(({ box, score }, i) => ({
    box: {
      x: box.x / image.width,
      y: box.y / image.height,
      width: box.width / image.width,
      height: box.height / image.height,
    },
    score,
    embedding: unitLength(embeddings[i]!),
  }));
  return faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
}

/** The picture scaled by `scale` into the middle of a black `canvasWidth`×`canvasHeight` canvas, RGB. */
async function pictureOnCanvas(
  image: RgbImage,
  scale: number,
  canvasWidth: number,
  canvasHeight: number,
): Promise<{ data: Uint8Array; left: number; top: number }> {
  const width = Math.max(1, Math.min(canvasWidth, Math.round(image.width * scale)));
  const height = Math.max(1, Math.min(canvasHeight, Math.round(image.height * scale)));
  const left = Math.floor((canvasWidth - width) / 2);
  const top = Math.floor((canvasHeight - height) / 2);
  const raw = { width: image.width, height: image.height, channels: 3 as const };
  const { data } = await sharp(image.data, { raw })
    .resize(width, height, { fit: 'fill' })
    .extend({
      left,
      top,
      right: canvasWidth - width - left,
      bottom: canvasHeight - height - top,
      background: { r: 0, g: 0, b: 0 },
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, left, top };
}

/** Every face in a picture file or its bytes. */
export async function facesIn(
  input: string | Buffer,
  options: FaceSearchOptions = {},
): Promise<FoundFace[]> {
  return facesInImage(
    await decodeForFaces(input, options.maxSide ?? FACE_SEARCH_DEFAULTS.maxSide),
    options,
  );
}

export function unitLength(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const v of vector) sum += v * v;
  const norm = Math.sqrt(sum);
  const out = new Float32Array(vector.length);
  if (norm === 0) return out;
  for (let i = 0; i < vector.length; i++) out[i] = vector[i]! / norm;
  return out;
}

/** Cosine similarity of two unit-length embeddings. */
export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error('cosine: embeddings of different lengths');
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i]! * b[i]!;
  return dot;
}
