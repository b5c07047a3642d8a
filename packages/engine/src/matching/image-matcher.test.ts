// The robust matcher on every edit type, on photos from packages/engine/testdata/pdq and pictures generated with
// sharp; distractors must match nothing. (The full measurement is `npm run eval:match`.)
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { fingerprintCandidate, fingerprintReference } from './image-fingerprint.ts';
import { ImageMatcher } from './image-matcher.ts';
import {
  applyEdit,
  EDIT_TYPES,
  generatedPicture,
  hashSeed,
  seededRandom,
  toRaw,
  type RawImage,
} from './synthetic-edits.ts';
import { PDQ_IMAGES_DIR } from '../testdata.ts';

const testdata = PDQ_IMAGES_DIR;

const jpeg = (raw: RawImage, quality = 92) =>
  sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();

const references: Record<string, () => Promise<RawImage>> = {
  bridge: () => toRaw(`${testdata}bridge-mods-aaa-orig.jpg`),
  houses: () => toRaw(`${testdata}labelme-subset-q1050.jpg`),
  generated: () => generatedPicture(7),
};
const distractors: Record<string, () => Promise<RawImage>> = {
  people: () => toRaw(`${testdata}labelme-subset-q0291.jpg`),
  generatedOther: () => generatedPicture(8),
};

describe('ImageMatcher on edited copies', () => {
  const matcher = new ImageMatcher();
  const raws = new Map<string, RawImage>();

  beforeAll(async () => {
    for (const [id, load] of Object.entries({ ...references, ...distractors }))
      raws.set(id, await load());
    for (const id of Object.keys(references))
      matcher.add(id, await fingerprintReference(await jpeg(raws.get(id)!, 95)));
  });

  it.each(EDIT_TYPES)('finds the reference of each %s copy', async (edit) => {
    for (const id of Object.keys(references)) {
      const file = await applyEdit(raws.get(id)!, edit, seededRandom(hashSeed('test', id, edit)));
      const result = matcher.match(await fingerprintCandidate(file));
      expect(result.referenceId, `${edit} of ${id}`).toBe(id);
      expect(result.confidence).toBeGreaterThan(0.5);
      expect(result.confidence).toBeLessThanOrEqual(1);
      expect(Number.isInteger(result.distance)).toBe(true);
    }
  });

  it('matches no edit of a distractor', async () => {
    for (const id of Object.keys(distractors)) {
      for (const edit of EDIT_TYPES) {
        const file = await applyEdit(raws.get(id)!, edit, seededRandom(hashSeed('test', id, edit)));
        const result = matcher.match(await fingerprintCandidate(file));
        expect(result, `${edit} of ${id}`).toEqual({
          referenceId: null,
          distance: null,
          confidence: result.confidence,
        });
        expect(result.confidence).toBeLessThanOrEqual(0.5);
        expect(result.confidence).toBeGreaterThanOrEqual(0);
      }
    }
  });
});

describe('ImageMatcher API', () => {
  it('answers "no match" with an empty index', async () => {
    const matcher = new ImageMatcher();
    const candidate = await fingerprintCandidate(await jpeg(await generatedPicture(1)));
    expect(matcher.match(candidate)).toEqual({ referenceId: null, distance: null, confidence: 0 });
    expect(matcher.size).toBe(0);
  });

  it('replaces a reference added again under the same id, and forgets a removed one', async () => {
    const matcher = new ImageMatcher();
    const first = await generatedPicture(21);
    const second = await generatedPicture(22);
    matcher.add('a', await fingerprintReference(await jpeg(first)));
    matcher.add('b', await fingerprintReference(await jpeg(second)));
    const copyOfFirst = await fingerprintCandidate(await jpeg(first, 70));
    const copyOfSecond = await fingerprintCandidate(await jpeg(second, 70));
    expect(matcher.match(copyOfFirst).referenceId).toBe('a');

    // "a" now holds the second picture: the first no longer matches anything.
    matcher.add('a', await fingerprintReference(await jpeg(second)));
    expect(matcher.size).toBe(2);
    expect(matcher.match(copyOfFirst).referenceId).toBeNull();
    expect(['a', 'b']).toContain(matcher.match(copyOfSecond).referenceId);

    expect(matcher.remove('a')).toBe(true);
    expect(matcher.remove('a')).toBe(false);
    expect(matcher.has('a')).toBe(false);
    expect(matcher.match(copyOfSecond).referenceId).toBe('b');
    expect(matcher.remove('b')).toBe(true);
    expect(matcher.match(copyOfSecond).referenceId).toBeNull();
  });

  it('explains its decision with the evidence it weighed', async () => {
    const matcher = new ImageMatcher();
    const picture = await generatedPicture(31);
    matcher.add('ref', await fingerprintReference(await jpeg(picture)));
    const cropped = await applyEdit(picture, 'crop-one-side', seededRandom(5));
    const explanation = matcher.explain(await fingerprintCandidate(cropped));
    expect(explanation.referenceId).toBe('ref');
    expect(explanation.evidence[0]).toMatchObject({
      referenceId: 'ref',
      mirrored: false,
      view: 'full',
    });
    expect(explanation.evidence[0]!.inliers).toBeGreaterThanOrEqual(10);
    // A blurred-fill letterbox moves the whole file's PDQ far away; re-hashed in the reference's frame
    // after alignment, the copy is close again, and that distance is the one reported.
    const letterboxed = matcher.explain(
      await fingerprintCandidate(await applyEdit(picture, 'pad-blur', seededRandom(5))),
    );
    expect(letterboxed.referenceId).toBe('ref');
    expect(letterboxed.distance).toBeLessThanOrEqual(31);
    const mirrored = matcher.explain(
      await fingerprintCandidate(await applyEdit(picture, 'mirror', seededRandom(5))),
    );
    expect(mirrored.referenceId).toBe('ref');
    expect(
      mirrored.evidence[0]!.mirrored ||
        mirrored.evidence[0]!.pdqDistance <= matcher.options.pdqAccept,
    ).toBe(true);
  });
});
