// Shark's forward passes give what face-api's own give on the same weights and the same input: the
// same boxes and scores, landmarks within a pixel (face-api shifts them by the unrounded box corner,
// Shark by the corner of the pixels it cut) and the same embedding.
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { faceRuntime, type FaceRuntime } from './face-runtime.ts';
import { FACE_SAMPLE_PHOTOS } from './face-testdata.ts';
import { cosine, unitLength } from './face-search.ts';

interface ApiTensor {
  dispose(): void;
}
interface ApiFace {
  detection: { score: number; box: { x: number; y: number; width: number; height: number } };
  landmarks: { positions: { x: number; y: number }[] };
}
interface FaceApi {
  tf: { tensor3d(values: Int32Array, shape: number[], dtype: 'int32'): ApiTensor };
  nets: Record<
    'tinyFaceDetector' | 'faceLandmark68Net' | 'faceRecognitionNet',
    {
      loadFromDisk(dir: string): Promise<void>;
      computeFaceDescriptor?(input: ApiTensor): Promise<Float32Array>;
    }
  >;
  TinyFaceDetectorOptions: new (o: { inputSize: number; scoreThreshold: number }) => object;
  detectAllFaces(input: ApiTensor, options: object): { withFaceLandmarks(): Promise<ApiFace[]> };
}

const SIDE = 416;
let runtime: FaceRuntime;
let faceapi: FaceApi;

beforeAll(async () => {
  runtime = await faceRuntime();
  const require = createRequire(import.meta.url);
  const { info, log } = console;
  console.info = console.log = () => undefined;
  try {
    faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  } finally {
    Object.assign(console, { info, log });
  }
  const models = path.join(
    path.dirname(require.resolve('@vladmandic/face-api/package.json')),
    'model',
  );
  const { tinyFaceDetector, faceLandmark68Net, faceRecognitionNet } = faceapi.nets;
  for (const net of [tinyFaceDetector, faceLandmark68Net, faceRecognitionNet]) {
    await net.loadFromDisk(models);
  }
}, 60_000);

async function squareOf(file: string): Promise<Buffer> {
  return sharp(file)
    .resize(SIDE, SIDE, { fit: 'contain', background: '#000' })
    .removeAlpha()
    .raw()
    .toBuffer();
}

describe("Shark's face networks", () => {
  it("find the boxes and landmarks face-api's own passes find", async () => {
    const pixels = await squareOf(FACE_SAMPLE_PHOTOS[4]!);
    const boxes = await runtime.detect(Float32Array.from(pixels), SIDE, SIDE, 0.3);
    const landmarks = await runtime.landmarks(
      pixels,
      SIDE,
      SIDE,
      boxes.map(({ box }) => box),
    );
    const ours = boxes.map((found, i) => ({ ...found, landmarks: landmarks[i]! }));
    const input = faceapi.tf.tensor3d(Int32Array.from(pixels), [SIDE, SIDE, 3], 'int32');
    const theirs = await faceapi
      .detectAllFaces(
        input,
        new faceapi.TinyFaceDetectorOptions({ inputSize: SIDE, scoreThreshold: 0.3 }),
      )
      .withFaceLandmarks();
    input.dispose();
    expect(ours.length).toBeGreaterThanOrEqual(4);
    expect(ours).toHaveLength(theirs.length);
    const byScore = [...theirs].sort((a, b) => b.detection.score - a.detection.score);
    ours.forEach((face, i) => {
      const reference = byScore[i]!;
      expect(face.score).toBeCloseTo(reference.detection.score, 3);
      expect(face.box.x).toBeCloseTo(reference.detection.box.x, 1);
      expect(face.box.y).toBeCloseTo(reference.detection.box.y, 1);
      expect(face.box.width).toBeCloseTo(reference.detection.box.width, 1);
      face.landmarks.forEach((point, k) => {
        const expected = reference.landmarks.positions[k]!;
        expect(Math.abs(point.x - expected.x)).toBeLessThan(1.5);
        expect(Math.abs(point.y - expected.y)).toBeLessThan(1.5);
      });
    });
  });

  it("embed a face chip as face-api's recognition network does", async () => {
    const chip = await sharp(FACE_SAMPLE_PHOTOS[1])
      .resize(150, 150, { fit: 'cover' })
      .removeAlpha()
      .raw()
      .toBuffer();
    const ours = unitLength((await runtime.embed([chip], 150))[0]!);
    const input = faceapi.tf.tensor3d(Int32Array.from(chip), [150, 150, 3], 'int32');
    const theirs = unitLength(await faceapi.nets.faceRecognitionNet.computeFaceDescriptor!(input));
    input.dispose();
    expect(cosine(ours, theirs)).toBeGreaterThan(0.9999);
  });

  it('embed several chips in one pass as each alone', async () => {
    const chips = await Promise.all(
      FACE_SAMPLE_PHOTOS.slice(0, 3).map((file) =>
        sharp(file).resize(150, 150, { fit: 'cover' }).removeAlpha().raw().toBuffer(),
      ),
    );
    const together = await runtime.embed(chips, 150);
    expect(together).toHaveLength(chips.length);
    for (const [i, chip] of chips.entries()) {
      const [alone] = await runtime.embed([chip], 150);
      expect(cosine(unitLength(together[i]!), unitLength(alone!))).toBeGreaterThan(0.9999);
    }
    expect(cosine(unitLength(together[0]!), unitLength(together[1]!))).toBeLessThan(0.99);
  });
});
