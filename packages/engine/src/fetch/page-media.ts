// The pictures and videos a page embeds, as absolute http(s) URLs: <img> (lazy-loading attributes and
// the largest srcset candidate), <picture>/<source>, Open Graph and Twitter cards, <video> and its
// sources and poster, common players' configurations (JW Player, video.js, KVS flashvars), JSON-LD
// ImageObject/VideoObject, and links straight to media files. The page's own pictures (cards, JSON-LD,
// players) come first, so a cap keeps what the page is about.
import { load, type CheerioAPI } from 'cheerio';

export type MediaKind = 'image' | 'video';
export type MediaVia = 'img' | 'srcset' | 'og' | 'video' | 'source' | 'player' | 'json-ld' | 'link';

export interface MediaRef {
  url: string;
  kind: MediaKind;
  via: MediaVia;
}

export interface PageMediaOptions {
  /** Most media returned. Default 50. */
  maxMedia?: number;
}

export const DEFAULT_MAX_MEDIA = 50;

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
const MANIFEST_EXTENSIONS = new Set(['m3u8', 'm3u', 'mpd', 'f4m', 'ism']);
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

/** Attributes lazy-loading scripts keep the real picture in, most specific first. */
const LAZY_SRC = [
  'data-src',
  'data-lazy-src',
  'data-original',
  'data-lazy',
  'data-url',
  'data-full-src',
  'data-hi-res-src',
  'data-echo',
];
const LAZY_SRCSET = ['data-srcset', 'data-lazy-srcset'];

const OG_IMAGE = [
  'og:image',
  'og:image:url',
  'og:image:secure_url',
  'twitter:image',
  'twitter:image:src',
];
const OG_VIDEO = ['og:video', 'og:video:url', 'og:video:secure_url', 'twitter:player:stream'];

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

/** A dimension attribute of 2 pixels or fewer: a tracking pixel or spacer. */
function isTiny(value: string | undefined): boolean {
  if (value === undefined) return false;
  const number = Number.parseFloat(value);
  return Number.isFinite(number) && number <= 2 && !value.trim().endsWith('%');
}

class Collector {
  private readonly seen = new Set<string>();
  readonly found: MediaRef[] = [];

  constructor(
    private readonly base: URL,
    private readonly max: number,
  ) {}

  get isFull(): boolean {
    return this.found.length >= this.max;
  }

  add(raw: string | undefined | null, kind: MediaKind | null, via: MediaVia): void {
    if (this.isFull || !raw) return;
    // Players and JSON in scripts write "/" as "\/".
    const text = raw.trim().replace(/\\\//g, '/');
    if (text === '' || /^(data|blob|javascript):/i.test(text)) return;
    let url: URL;
    try {
      url = new URL(text, this.base);
    } catch {
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    url.hash = '';
    const href = url.href;
    if (MANIFEST_EXTENSIONS.has(extensionOf(href) ?? '')) return;
    const resolvedKind = kind ?? mediaKindOfUrl(href);
    if (!resolvedKind || this.seen.has(href)) return;
    this.seen.add(href);
    this.found.push({ url: href, kind: resolvedKind, via });
  }
}

/** The <base href> of the page, resolved against its URL. */
function baseOf($: CheerioAPI, pageUrl: string): URL {
  const page = new URL(pageUrl);
  const href = $('base[href]').first().attr('href');
  if (!href) return page;
  try {
    const base = new URL(href, page);
    return base.protocol === 'http:' || base.protocol === 'https:' ? base : page;
  } catch {
    return page;
  }
}

function fromMetaTags($: CheerioAPI, media: Collector): void {
  $('meta[property], meta[name]').each((_, element) => {
    const key = ($(element).attr('property') ?? $(element).attr('name') ?? '').trim().toLowerCase();
    const content = $(element).attr('content');
    if (OG_IMAGE.includes(key)) media.add(content, 'image', 'og');
    else if (OG_VIDEO.includes(key))
      media.add(content, mediaKindOfUrl(content ?? '') === 'image' ? 'image' : 'video', 'og');
  });
}

/** Every object in a JSON-LD document, however nested (@graph, arrays, properties). */
function* objectsOf(value: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > 10 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) yield* objectsOf(item, depth + 1);
    return;
  }
  const object = value as Record<string, unknown>;
  yield object;
  for (const child of Object.values(object)) yield* objectsOf(child, depth + 1);
}

function typesOf(object: Record<string, unknown>): string[] {
  const type = object['@type'];
  return (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === 'string');
}

function urlsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(urlsOf);
  if (value && typeof value === 'object' && typeof (value as { url?: unknown }).url === 'string')
    return [(value as { url: string }).url];
  return [];
}

function fromJsonLd($: CheerioAPI, media: Collector): void {
  $('script[type="application/ld+json" i]').each((_, element) => {
    let data: unknown;
    try {
      data = JSON.parse($(element).text());
    } catch {
      return;
    }
    for (const object of objectsOf(data)) {
      const types = typesOf(object);
      if (types.includes('VideoObject')) {
        for (const url of urlsOf(object.contentUrl)) media.add(url, 'video', 'json-ld');
        for (const url of urlsOf(object.thumbnailUrl)) media.add(url, 'image', 'json-ld');
      } else if (types.includes('ImageObject')) {
        for (const url of urlsOf(object.contentUrl ?? object.url))
          media.add(url, 'image', 'json-ld');
      }
    }
  });
}

/** "key": "value" / key: 'value' / key = "value" pairs in a player's script. */
const SCRIPT_PAIRS =
  /["']?\b(file|src|source|image|poster|video_url|video_alt_url|preview_url|contentUrl|url)\b["']?\s*[:=]\s*(["'])((?:(?!\2)[^\\\r\n]|\\.){1,2048})\2/g;

function fromPlayers($: CheerioAPI, media: Collector): void {
  // video.js reads its configuration from data-setup.
  $('[data-setup]').each((_, element) => {
    let setup: unknown;
    try {
      setup = JSON.parse($(element).attr('data-setup') ?? '');
    } catch {
      return;
    }
    const config = setup as { sources?: unknown; poster?: unknown };
    if (Array.isArray(config.sources)) {
      for (const source of config.sources as { src?: unknown; type?: unknown }[]) {
        if (typeof source?.src === 'string')
          media.add(
            source.src,
            typeof source.type === 'string' && source.type.startsWith('image/') ? 'image' : 'video',
            'player',
          );
      }
    }
    if (typeof config.poster === 'string') media.add(config.poster, 'image', 'player');
  });

  // Inline scripts: JW Player's setup({ file, image, sources: [{ file }], playlist: [...] }), KVS's
  // flashvars { video_url }, and the like. A value counts when its extension says it is media, or when
  // it is a player's `file` (JW Player files often have none).
  $('script:not([src])').each((_, element) => {
    const type = ($(element).attr('type') ?? '').toLowerCase();
    if (type !== '' && !type.includes('javascript') && type !== 'module') return;
    const code = $(element).text();
    if (code.length > 1_000_000) return;
    const isJwPlayer = /jwplayer\s*\(/i.test(code);
    for (const match of code.matchAll(SCRIPT_PAIRS)) {
      const key = match[1]!.toLowerCase();
      const value = match[3]!.replace(/\\(["'])/g, '$1');
      const byExtension = kindByExtension(value);
      if (byExtension) media.add(value, byExtension, 'player');
      else if (isJwPlayer && key === 'file') media.add(value, 'video', 'player');
      else if (isJwPlayer && key === 'image') media.add(value, 'image', 'player');
    }
  });
}

/** What the extension of a possibly relative URL says (the collector resolves it against the base). */
function kindByExtension(value: string): MediaKind | null {
  try {
    return mediaKindOfUrl(new URL(value.replace(/\\\//g, '/'), 'http://x.invalid/').href);
  } catch {
    return null;
  }
}

function fromVideos($: CheerioAPI, media: Collector): void {
  $('video').each((_, element) => {
    const video = $(element);
    media.add(video.attr('src') ?? video.attr('data-src'), 'video', 'video');
    video.find('source').each((_, source) => {
      const type = ($(source).attr('type') ?? '').toLowerCase();
      media.add(
        $(source).attr('src') ?? $(source).attr('data-src'),
        type.startsWith('image/') ? 'image' : 'video',
        'source',
      );
    });
    media.add(video.attr('poster') ?? video.attr('data-poster'), 'image', 'video');
  });
}

function fromImages($: CheerioAPI, media: Collector): void {
  $('img, picture source, input[type="image" i]').each((_, element) => {
    if (media.isFull) return false;
    const node = $(element);
    const tag = element.tagName.toLowerCase();
    if (tag === 'source') {
      const srcset = node.attr('srcset') ?? node.attr('data-srcset');
      media.add(srcset ? largestSrcsetCandidate(srcset) : node.attr('src'), 'image', 'source');
      return undefined;
    }
    if (isTiny(node.attr('width')) || isTiny(node.attr('height'))) return undefined;
    const srcset = [node.attr('srcset'), ...LAZY_SRCSET.map((name) => node.attr(name))].find(
      (value) => value && value.trim() !== '',
    );
    const largest = srcset ? largestSrcsetCandidate(srcset) : null;
    if (largest && !/^data:/i.test(largest)) {
      media.add(largest, 'image', 'srcset');
      return undefined;
    }
    // Lazy loaders keep a placeholder in src and the picture in a data- attribute.
    const lazy = LAZY_SRC.map((name) => node.attr(name)).find(
      (value) => value && value.trim() !== '' && !/^data:/i.test(value.trim()),
    );
    media.add(lazy ?? node.attr('src'), 'image', 'img');
    return undefined;
  });
}

function fromLinks($: CheerioAPI, media: Collector): void {
  $('a[href]').each((_, element) => {
    if (media.isFull) return false;
    const href = $(element).attr('href');
    if (!href) return undefined;
    // Only links whose own extension says media: a link to a page is the crawl's business, not ours.
    const kind = kindByExtension(href);
    if (kind) media.add(href, kind, 'link');
    return undefined;
  });
}

/** The media of a parsed page (the document is only read). */
export function extractPageMediaFrom(
  $: CheerioAPI,
  pageUrl: string,
  options: PageMediaOptions = {},
): MediaRef[] {
  const media = new Collector(
    baseOf($, pageUrl),
    Math.max(0, options.maxMedia ?? DEFAULT_MAX_MEDIA),
  );
  fromMetaTags($, media);
  fromJsonLd($, media);
  fromPlayers($, media);
  fromVideos($, media);
  fromImages($, media);
  fromLinks($, media);
  return media.found;
}

export function extractPageMedia(
  html: string,
  pageUrl: string,
  options: PageMediaOptions = {},
): MediaRef[] {
  return extractPageMediaFrom(load(html), pageUrl, options);
}
