// What a URL or a Content-Type says a file is (picture, video, streaming manifest), and the largest
// candidate of a srcset: the URL rules the page-media extractors share.

export type MediaKind = 'image' | 'video';

const IMAGE_EXTENSIONS = new Set([
  'jpg',
  'jpeg',
  'jpe',
  'jfif',
  'png',
  'webp',
  'gif',
  'avif',
  'bmp',
  'tif',
  'tiff',
  'heic',
  'heif',
]);
// Streaming manifests are left out: they name more URLs, which only a guarded fetch may follow, and
// the matcher reads files, not streams.
export const MANIFEST_EXTENSIONS = new Set(['m3u8', 'm3u', 'mpd', 'f4m', 'ism']);
const VIDEO_EXTENSIONS = new Set([
  'mp4',
  'm4v',
  'webm',
  'mov',
  'mkv',
  'avi',
  'wmv',
  'flv',
  'mpg',
  'mpeg',
  '3gp',
  'ogv',
  'ts',
]);

/** Files a page styles itself with that are never a photo or a video: icons, fonts, scripts. */
const NON_PICTURE_EXTENSIONS = new Set([
  'svg',
  'svgz',
  'ico',
  'cur',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'eot',
  'css',
  'js',
  'htc',
]);

/** "jpg" for ".../a.JPG?x=1", "mp4" for KVS's ".../123.mp4/"; null without an extension. */
export function extensionOf(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const match = /\.([a-z0-9]{2,5})\/?$/i.exec(path);
  return match ? match[1]!.toLowerCase() : null;
}

/** What a URL's extension says it is, or null. */
export function mediaKindOfUrl(url: string): MediaKind | null {
  const extension = extensionOf(url);
  if (extension === null) return null;
  if (IMAGE_EXTENSIONS.has(extension)) return 'image';
  if (VIDEO_EXTENSIONS.has(extension)) return 'video';
  return null;
}

/** The media kind of a Content-Type, or null. */
export function mediaKindOfContentType(contentType: string | null): MediaKind | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type.startsWith('image/') && type !== 'image/svg+xml') return 'image';
  if (type.startsWith('video/')) return 'video';
  return null;
}

/**
 * The candidate of a srcset with the largest width (or density); candidates without a descriptor count
 * as 1x. URLs may contain commas, so the list is read as the HTML standard's parser does.
 */
export function largestSrcsetCandidate(srcset: string): string | null {
  let best: { url: string; size: number; isWidth: boolean } | null = null;
  let position = 0;
  const text = srcset;
  while (position < text.length) {
    while (position < text.length && /[\s,]/.test(text[position]!)) position++;
    if (position >= text.length) break;
    const start = position;
    while (position < text.length && !/\s/.test(text[position]!)) position++;
    let url = text.slice(start, position);
    let descriptor = '';
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      const end = text.indexOf(',', position);
      descriptor = text.slice(position, end === -1 ? text.length : end).trim();
      position = end === -1 ? text.length : end + 1;
    }
    if (url === '') continue;
    const width = /^(\d+)w$/i.exec(descriptor);
    const density = /^(\d*\.?\d+)x$/i.exec(descriptor);
    const candidate = width
      ? { url, size: Number(width[1]), isWidth: true }
      : { url, size: density ? Number(density[1]) : 1, isWidth: false };
    // Widths beat densities when a list mixes them (it should not): they say more about the file.
    if (
      !best ||
      (candidate.isWidth && !best.isWidth) ||
      (candidate.isWidth === best.isWidth && candidate.size > best.size)
    )
      best = candidate;
  }
  return best?.url ?? null;
}

/** What the extension of a possibly relative URL says (the collector resolves it against the base). */
export function kindByExtension(value: string): MediaKind | null {
  try {
    return mediaKindOfUrl(new URL(value.replace(/\\\//g, '/'), 'http://x.invalid/').href);
  } catch {
    return null;
  }
}

/** Whether the URL's extension says it is an icon, a font or code rather than a picture. */
export function isNonPictureUrl(url: string): boolean {
  try {
    return NON_PICTURE_EXTENSIONS.has(
      extensionOf(new URL(url.replace(/\\\//g, '/'), 'http://x.invalid/').href) ?? '',
    );
  } catch {
    return false;
  }
}
