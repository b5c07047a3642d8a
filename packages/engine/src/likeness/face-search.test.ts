// Face search on real photographs (face-api's sample photos): faces found, embeddings of unit length,
// and a forgery made of one person's face on another's photo that embeds as the first person.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cosine, facesIn, unitLength } from './face-search.ts';
import { FACE_SAMPLE_PHOTOS } from './face-testdata.ts';
import { LIKENESS_THRESHOLD } from './likeness.ts';
import { makeFaceSwap } from './synthetic-forgery.ts';

async function cropAround(
  file: string,
  box: { x: number; y: number; width: number; height: number },
) {
  const { width = 0, height = 0 } = await sharp(file).metadata();
  const left = Math.max(0, Math.round((box.x - box.width) * width));
  const top = Math.max(0, Math.round((box.y - box.height) * height));
  return sharp(file)
    .extract({
      left,
      top,
      width: Math.min(width - left, Math.round(box.width * 3 * width)),
      height: Math.min(height - top, Math.round(box.height * 3 * height)),
    })
    .jpeg()
    .toBuffer();
}

describe('face search', () => {
  it('finds every face of a group photo, each embedded at unit length', async () => {
    const faces = await facesIn(FACE_SAMPLE_PHOTOS[4]!);
    expect(faces.length).toBeGreaterThanOrEqual(4);
    for (const face of faces) {
      expect(face.embedding).toHaveLength(128);
      expect(cosine(face.embedding, face.embedding)).toBeCloseTo(1, 5);
      expect(face.box.width).toBeGreaterThan(0);
      expect(face.box.x + face.box.width).toBeLessThanOrEqual(1.01);
    }
  });

  it('finds no face in a picture of none', async () => {
    const plain = await sharp({
      create: { width: 400, height: 300, channels: 3, background: '#7a9' },
    })
      .jpeg()
      .toBuffer();
    expect(await facesIn(plain)).toEqual([]);
  });

  it("embeds a forgery of one person's face on another's photo as the first person", async () => {
    const [source] = await facesIn(FACE_SAMPLE_PHOTOS[1]!);
    const others = await facesIn(FACE_SAMPLE_PHOTOS[4]!);
    // The other photo's clearly seen face least like the source face: a different person.
    const target = others
      .filter((face) => face.score >= 0.6)
      .sort(
        (a, b) => cosine(a.embedding, source!.embedding) - cosine(b.embedding, source!.embedding),
      )[0]!;
    const targetPhoto = await cropAround(FACE_SAMPLE_PHOTOS[4]!, target.box);
    const [targetFace] = await facesIn(targetPhoto);
    const forgery = await makeFaceSwap(FACE_SAMPLE_PHOTOS[1]!, targetPhoto);
    const [forged] = await facesIn(forgery);
    expect(forged).toBeDefined();
    const toSource = cosine(forged!.embedding, source!.embedding);
    const toTarget = cosine(forged!.embedding, targetFace!.embedding);
    expect(toSource).toBeGreaterThan(toTarget);
  });

  it('finds a close-up whose face fills the picture and embeds it as in the group photo', async () => {
    const [face] = await facesIn(FACE_SAMPLE_PHOTOS[1]!);
    const { width = 0, height = 0 } = await sharp(FACE_SAMPLE_PHOTOS[1]).metadata();
    const margin = 0.1;
    const left = Math.max(0, Math.round((face!.box.x - margin * face!.box.width) * width));
    const top = Math.max(0, Math.round((face!.box.y - margin * face!.box.height) * height));
    // Larger than the detector's first canvas holds as a face, and larger than the landmark
    // network's input by more than twice.
    const closeUp = await sharp(FACE_SAMPLE_PHOTOS[1])
      .extract({
        left,
        top,
        width: Math.min(width - left, Math.round((1 + 2 * margin) * face!.box.width * width)),
        height: Math.min(height - top, Math.round((1 + 2 * margin) * face!.box.height * height)),
      })
      .resize({ width: 600 })
      .jpeg()
      .toBuffer();
    const found = await facesIn(closeUp);
    expect(found).toHaveLength(1);
    expect(found[0]!.box.width).toBeGreaterThan(0.6);
    expect(cosine(found[0]!.embedding, face!.embedding)).toBeGreaterThan(LIKENESS_THRESHOLD);
  });

  it('finds a portrait whose face and brow take two thirds of its height, as in the group photo', async () => {
    const [face] = await facesIn(FACE_SAMPLE_PHOTOS[1]!);
    const { width = 0, height = 0 } = await sharp(FACE_SAMPLE_PHOTOS[1]).metadata();
    const margin = 0.25;
    const left = Math.max(0, Math.round((face!.box.x - margin * face!.box.width) * width));
    const top = Math.max(0, Math.round((face!.box.y - margin * face!.box.height) * height));
    const portrait = await sharp(FACE_SAMPLE_PHOTOS[1])
      .extract({
        left,
        top,
        width: Math.min(width - left, Math.round((1 + 2 * margin) * face!.box.width * width)),
        height: Math.min(height - top, Math.round((1 + 2 * margin) * face!.box.height * height)),
      })
      .jpeg()
      .toBuffer();
    const found = await facesIn(portrait);
    expect(found).toHaveLength(1);
    expect(found[0]!.box.height).toBeGreaterThan(0.4);
    expect(cosine(found[0]!.embedding, face!.embedding)).toBeGreaterThan(LIKENESS_THRESHOLD);
  });

  it('scales a vector to unit length and leaves a zero vector at zero', () => {
    expect([...unitLength(Float32Array.from([3, 4]))]).toEqual([
      0.6000000238418579, 0.800000011920929,
    ]);
    expect([...unitLength(new Float32Array(2))]).toEqual([0, 0]);
  });
});
