// Real photographs with faces that tests and benchmarks read, from an installed package.
import { createRequire } from 'node:module';
import path from 'node:path';

const faceApiDir = path.dirname(
  createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json'),
);

/** Six 1920-pixel family photographs, three to five faces each, shipped with @vladmandic/face-api. */
export const FACE_SAMPLE_PHOTOS = [1, 2, 3, 4, 5, 6].map((n) =>
  path.join(faceApiDir, 'demo', `sample${n}.jpg`),
);
