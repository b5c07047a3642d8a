import { describe, expect, it } from 'vitest';
import {
  applySimilarity,
  chipTemplate,
  chipToImage,
  cutChip,
  fitSimilarity,
  type Point,
  type Similarity,
} from './face-align.ts';

const rotateScaleShift = (angle: number, scale: number, tx: number, ty: number): Similarity => ({
  a: scale * Math.cos(angle),
  b: scale * Math.sin(angle),
  tx,
  ty,
});

describe('fitSimilarity', () => {
  it('recovers a rotation, scale and shift from points it moved', () => {
    const truth = rotateScaleShift(0.3, 2.5, 40, -12);
    const from: Point[] = [
      { x: 0, y: 0 },
      { x: 10, y: 3 },
      { x: -4, y: 8 },
      { x: 7, y: -6 },
    ];
    const fitted = fitSimilarity(
      from,
      from.map((p) => applySimilarity(truth, p)),
    );
    expect(fitted.a).toBeCloseTo(truth.a, 9);
    expect(fitted.b).toBeCloseTo(truth.b, 9);
    expect(fitted.tx).toBeCloseTo(truth.tx, 9);
    expect(fitted.ty).toBeCloseTo(truth.ty, 9);
  });

  it('refuses lists of different lengths and points that all coincide', () => {
    expect(() => fitSimilarity([{ x: 0, y: 0 }], [])).toThrow(/same length/);
    const same = [
      { x: 1, y: 1 },
      { x: 1, y: 1 },
    ];
    expect(() => fitSimilarity(same, same)).toThrow(/coincide/);
  });
});

describe('chipToImage', () => {
  it('maps the chip onto a face whose landmarks lie where the mean face puts them, turned and scaled', () => {
    const truth = rotateScaleShift(-0.4, 3, 500, 220);
    const template = chipTemplate();
    // 17 jaw points first (not used by the fit), then the template's 51 points moved by `truth`.
    const landmarks = [
      ...Array.from({ length: 17 }, () => ({ x: 9999, y: -9999 })),
      ...template.map((p) => applySimilarity(truth, p)),
    ];
    const fitted = chipToImage(landmarks);
    expect(Math.hypot(fitted.a, fitted.b)).toBeCloseTo(3, 6);
    expect(Math.atan2(fitted.b, fitted.a)).toBeCloseTo(-0.4, 6);
  });

  it('needs all 68 landmarks', () => {
    expect(() => chipToImage([{ x: 0, y: 0 }])).toThrow(/68/);
  });
});

describe('cutChip', () => {
  it('copies the picture pixel for pixel under the identity, and is black outside it', () => {
    const width = 4;
    const height = 3;
    const data = Uint8Array.from({ length: width * height * 3 }, (_, i) => (i * 7) % 256);
    const image = { data, width, height, channels: 3 };
    const identity = { a: 1, b: 0, tx: 0, ty: 0 };
    const chip = cutChip(image, identity, 3);
    for (let y = 0; y < 3; y++) {
      for (let x = 0; x < 3; x++) {
        for (let c = 0; c < 3; c++) {
          expect(chip[(y * 3 + x) * 3 + c]).toBe(data[(y * width + x) * 3 + c]);
        }
      }
    }
    const outside = cutChip(image, { a: 1, b: 0, tx: 100, ty: 100 }, 2);
    expect([...outside]).toEqual(Array.from({ length: 12 }, () => 0));
  });
});
