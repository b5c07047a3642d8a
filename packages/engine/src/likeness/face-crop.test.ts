import { describe, expect, it } from 'vitest';
import { cutSquare, squareAround } from './face-crop.ts';

/** A `width`×`height` RGB picture whose every byte says where it is: (y·width + x)·3 + c, mod 251. */
function numbered(width: number, height: number): Uint8Array {
  return Uint8Array.from({ length: width * height * 3 }, (_, i) => i % 251);
}

const at = (pixels: Uint8Array | Float32Array, width: number, x: number, y: number) =>
  [0, 1, 2].map((c) => pixels[(y * width + x) * 3 + c]);

describe('squareAround', () => {
  it('cuts a box at the picture edges and centres it in a square', () => {
    expect(squareAround(100, 80, { x: -5.5, y: 10.2, width: 30, height: 50 })).toEqual({
      left: 0,
      top: 10,
      width: 24,
      height: 50,
      side: 50,
      before: [0, 13],
    });
  });

  it('finds nothing for a box outside the picture', () => {
    expect(squareAround(100, 80, { x: 120, y: 10, width: 30, height: 30 })).toBeNull();
  });
});

describe('cutSquare', () => {
  it("copies the box's pixels into the square, black around them", () => {
    const picture = numbered(20, 10);
    const crop = squareAround(20, 10, { x: 3, y: 2, width: 6, height: 4 })!;
    expect(crop.side).toBe(6);
    expect(crop.before).toEqual([1, 0]);
    const square = cutSquare(picture, 20, crop);
    expect(square).toHaveLength(6 * 6 * 3);
    for (let y = 0; y < 6; y++) {
      for (let x = 0; x < 6; x++) {
        const inside = y >= 1 && y < 5;
        expect(at(square, 6, x, y)).toEqual(inside ? at(picture, 20, 3 + x, 2 + y - 1) : [0, 0, 0]);
      }
    }
  });

  it('pads on the left and right of a tall box', () => {
    const picture = numbered(8, 8);
    const crop = squareAround(8, 8, { x: 2, y: 0, width: 2, height: 6 })!;
    const square = cutSquare(picture, 8, crop);
    expect(crop.before).toEqual([0, 2]);
    expect(at(square, 6, 1, 3)).toEqual([0, 0, 0]);
    expect(at(square, 6, 2, 3)).toEqual(at(picture, 8, 2, 3));
    expect(at(square, 6, 3, 5)).toEqual(at(picture, 8, 3, 5));
    expect(at(square, 6, 4, 0)).toEqual([0, 0, 0]);
  });
});
