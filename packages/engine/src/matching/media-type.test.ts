import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sniffMediaType } from './media-type.ts';

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(
    values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])),
  );

describe('sniffMediaType', () => {
  it('recognises images that sharp writes', async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } });
    expect(sniffMediaType(await base.clone().jpeg().toBuffer())).toEqual({
      kind: 'image',
      format: 'jpeg',
    });
    expect(sniffMediaType(await base.clone().png().toBuffer())).toEqual({
      kind: 'image',
      format: 'png',
    });
    expect(sniffMediaType(await base.clone().webp().toBuffer())).toEqual({
      kind: 'image',
      format: 'webp',
    });
    expect(sniffMediaType(await base.clone().gif().toBuffer())).toEqual({
      kind: 'image',
      format: 'gif',
    });
    expect(sniffMediaType(await base.clone().tiff().toBuffer())).toEqual({
      kind: 'image',
      format: 'tiff',
    });
    expect(sniffMediaType(await base.clone().avif().toBuffer())).toEqual({
      kind: 'image',
      format: 'avif',
    });
  });

  it('recognises video containers by their signatures', () => {
    expect(sniffMediaType(bytes(0, 0, 0, 0x20, 'ftypisom', 0, 0))).toEqual({
      kind: 'video',
      format: 'mp4',
    });
    expect(sniffMediaType(bytes(0, 0, 0, 0x14, 'ftypqt  ', 0, 0))).toEqual({
      kind: 'video',
      format: 'mov',
    });
    expect(sniffMediaType(bytes(0x1a, 0x45, 0xdf, 0xa3, 0, 0))).toEqual({
      kind: 'video',
      format: 'matroska',
    });
    expect(sniffMediaType(bytes('RIFF', 0, 0, 0, 0, 'AVI ', 0))).toEqual({
      kind: 'video',
      format: 'avi',
    });
  });

  it('says null for anything else', () => {
    expect(sniffMediaType(bytes('%PDF-1.7 hello'))).toBeNull();
    expect(sniffMediaType(bytes('{"json": true}'))).toBeNull();
    expect(sniffMediaType(bytes(1, 2))).toBeNull();
  });
});
