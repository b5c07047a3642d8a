// The pictures of the simulated web: the creator's reference photos, the edited copies leakers post,
// unrelated pictures and look-alikes. Every picture is described by a small value and rendered from a
// seed on first use (then cached), so the same seed gives the same bytes on every run.
import sharp from 'sharp';
import {
  applyEdit,
  generatedPicture,
  hashSeed,
  seededRandom,
  toRaw,
  type EditType,
  type RawImage,
} from '@shark/engine/matching/synthetic-edits.ts';

export type Picture =
  /** The reference file itself, byte for byte (what the creator uploads and posts officially). */
  | { kind: 'reference'; reference: number }
  /** An edited copy of a reference, as leakers post it. */
  | { kind: 'copy'; reference: number; edit: EditType; variant: number }
  /** A picture unrelated to the creator. */
  | { kind: 'unrelated'; variant: number }
  /** A different picture of the same kind, with the same kind of edit as a copy (a shared watermark). */
  | { kind: 'lookalike'; edit: EditType; variant: number }
  /** A small thumbnail of another picture, as a search page shows it. */
  | { kind: 'thumbnail'; of: Picture; width: number }
  /** Bytes the test supplied (real photographs, forgeries it made), by name. */
  | { kind: 'supplied'; name: string };

export const REFERENCE_SIZE = { width: 640, height: 480 } as const;

/** Edits a matcher must see through; all of them are checked against the engine's matcher in tests. */
export const COPY_EDITS = [
  'watermark-text',
  'crop-center',
  'mirror',
  'resize',
  'jpeg-low',
  'pad-black',
  'crop-one-side',
  'greyscale',
  'watermark-logo',
  'crop-two-sides',
] as const satisfies readonly EditType[];

export function pictureKey(picture: Picture): string {
  switch (picture.kind) {
    case 'reference':
      return `reference-${picture.reference}`;
    case 'copy':
      return `copy-${picture.reference}-${picture.edit}-${picture.variant}`;
    case 'unrelated':
      return `unrelated-${picture.variant}`;
    case 'lookalike':
      return `lookalike-${picture.edit}-${picture.variant}`;
    case 'thumbnail':
      return `thumbnail-${picture.width}-${pictureKey(picture.of)}`;
    case 'supplied':
      return `supplied-${picture.name}`;
  }
}

const jpeg = (raw: RawImage, quality: number) =>
  sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } })
    .jpeg({ quality })
    .toBuffer();

/**
 * Renders and caches pictures for one seed. Rendering is serialised per picture (one promise per key),
 * so concurrent requests for the same picture render it once.
 */
export class PictureStore {
  private readonly cache = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly seed: number,
    private readonly supplied: ReadonlyMap<string, Buffer> = new Map(),
  ) {}

  bytes(picture: Picture): Promise<Buffer> {
    const key = pictureKey(picture);
    let pending = this.cache.get(key);
    if (!pending) {
      pending = this.render(picture);
      this.cache.set(key, pending);
      // A failed render is not kept, so the next request tries again.
      pending.catch(() => this.cache.delete(key));
    }
    return pending;
  }

  /** How many rendered pictures are held (for tests of the bulk mode's memory use). */
  get size(): number {
    return this.cache.size;
  }

  private async render(picture: Picture): Promise<Buffer> {
    const { width, height } = REFERENCE_SIZE;
    switch (picture.kind) {
      case 'supplied': {
        const bytes = this.supplied.get(picture.name);
        if (!bytes) throw new Error(`no supplied picture named ${picture.name}`);
        return bytes;
      }
      case 'reference': {
        const raw = await generatedPicture(
          hashSeed(this.seed, 'reference', picture.reference),
          width,
          height,
        );
        return jpeg(raw, 92);
      }
      case 'copy': {
        // Leakers edit the file they got: the reference as published, decoded.
        const raw = await toRaw(
          await this.bytes({ kind: 'reference', reference: picture.reference }),
        );
        const random = seededRandom(
          hashSeed(this.seed, 'copy', picture.reference, picture.edit, picture.variant),
        );
        return applyEdit(raw, picture.edit, random);
      }
      case 'unrelated': {
        const raw = await generatedPicture(
          hashSeed(this.seed, 'unrelated', picture.variant),
          width,
          height,
        );
        return jpeg(raw, 88);
      }
      case 'lookalike': {
        const raw = await generatedPicture(
          hashSeed(this.seed, 'lookalike', picture.variant),
          width,
          height,
        );
        const random = seededRandom(
          hashSeed(this.seed, 'lookalike-edit', picture.edit, picture.variant),
        );
        return applyEdit(raw, picture.edit, random);
      }
      case 'thumbnail': {
        const source = await this.bytes(picture.of);
        return sharp(source).resize({ width: picture.width }).jpeg({ quality: 80 }).toBuffer();
      }
    }
  }
}

/**
 * The same JPEG with a comment segment naming `tag`: different bytes (and SHA-256) for the same pixels,
 * so bulk pages can serve many distinct files from a few rendered pictures without re-encoding.
 */
export function tagJpeg(jpegBytes: Buffer, tag: string): Buffer {
  if (jpegBytes[0] !== 0xff || jpegBytes[1] !== 0xd8) throw new Error('not a JPEG');
  const text = Buffer.from(tag, 'utf8').subarray(0, 60000);
  const segment = Buffer.alloc(4 + text.length);
  segment[0] = 0xff;
  segment[1] = 0xfe;
  segment.writeUInt16BE(text.length + 2, 2);
  text.copy(segment, 4);
  return Buffer.concat([jpegBytes.subarray(0, 2), segment, jpegBytes.subarray(2)]);
}

/** The media type of rendered bytes (every picture is a JPEG or, for some edits, a PNG). */
export function imageContentType(bytes: Buffer): string {
  return bytes[0] === 0x89 && bytes[1] === 0x50 ? 'image/png' : 'image/jpeg';
}
