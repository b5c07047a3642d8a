// Recognises images and videos by their first bytes, not by their names.

export type MediaKind = 'image' | 'video';

export interface MediaType {
  kind: MediaKind;
  format: string;
}

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

/** The media type of a file from its first 64 bytes, or null when it is neither image nor video. */
export function sniffMediaType(head: Uint8Array): MediaType | null {
  const b = head;
  if (b.length < 4) return null;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { kind: 'image', format: 'jpeg' };
  if (b[0] === 0x89 && ascii(b, 1, 3) === 'PNG') return { kind: 'image', format: 'png' };
  if (ascii(b, 0, 4) === 'GIF8') return { kind: 'image', format: 'gif' };
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP')
    return { kind: 'image', format: 'webp' };
  if (
    (b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a && b[3] === 0) ||
    (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0 && b[3] === 0x2a)
  ) {
    return { kind: 'image', format: 'tiff' };
  }
  if (b[0] === 0x42 && b[1] === 0x4d) return { kind: 'image', format: 'bmp' };
  if (ascii(b, 4, 4) === 'ftyp') {
    const brand = ascii(b, 8, 4);
    if (['avif', 'avis'].includes(brand)) return { kind: 'image', format: 'avif' };
    if (['heic', 'heix', 'mif1', 'msf1', 'heim', 'heis'].includes(brand))
      return { kind: 'image', format: 'heif' };
    if (brand === 'qt  ') return { kind: 'video', format: 'mov' };
    return { kind: 'video', format: 'mp4' };
  }
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3)
    return { kind: 'video', format: 'matroska' };
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'AVI ')
    return { kind: 'video', format: 'avi' };
  if (ascii(b, 0, 3) === 'FLV') return { kind: 'video', format: 'flv' };
  if (ascii(b, 0, 4) === 'OggS') return { kind: 'video', format: 'ogg' };
  if (b[0] === 0 && b[1] === 0 && b[2] === 1 && (b[3] === 0xba || b[3] === 0xb3))
    return { kind: 'video', format: 'mpeg' };
  if (b[0] === 0x47 && b.length > 188 && b[188] === 0x47)
    return { kind: 'video', format: 'mpegts' };
  // QuickTime files may start with other atoms before ftyp.
  if (['moov', 'mdat', 'wide', 'free', 'skip'].includes(ascii(b, 4, 4)))
    return { kind: 'video', format: 'mov' };
  return null;
}

const MIME_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  avif: 'image/avif',
  heif: 'image/heif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  matroska: 'video/x-matroska',
  avi: 'video/x-msvideo',
  flv: 'video/x-flv',
  ogg: 'video/ogg',
  mpeg: 'video/mpeg',
  mpegts: 'video/mp2t',
};

/** The MIME type to serve or record for a sniffed media type. */
export const mimeTypeOf = (media: MediaType): string =>
  MIME_TYPES[media.format] ?? `${media.kind}/${media.format}`;
