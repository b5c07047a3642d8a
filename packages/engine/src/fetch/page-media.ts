// The pictures and videos a page embeds, as absolute http(s) URLs: <img> (lazy-loading attributes and
// the largest srcset candidate), <picture>/<source>, CSS backgrounds (style attributes, lazy data-bg
// attributes, <style> sheets), Open Graph and Twitter cards, microdata and <link rel="image_src">,
// <video> and its sources and poster, common players' configurations (JW Player, video.js, KVS
// flashvars), JSON-LD pictures and videos, links straight to media files, and links around a thumbnail
// that may lead to the full file. The page's own pictures (cards, JSON-LD, players) come first and
// guessed links last, so a cap keeps what the page is about.
import { load, type CheerioAPI } from 'cheerio';
import { siteKeyOf } from '../discovery/site-key.ts';
import { Collector, isTiny, type MediaRef, type MediaVia } from './media-collector.ts';
import {
  extensionOf,
  isNonPictureUrl,
  kindByExtension,
  largestSrcsetCandidate,
} from './media-url.ts';
import { cssBackgroundUrls, cssValueUrls, isDecorativeUrl } from './page-media-css.ts';

export type { MediaKind } from './media-url.ts';
export type { MediaRef, MediaVia } from './media-collector.ts';
export interface PageMediaOptions {
  /** Most media returned. Default 50. */
  maxMedia?: number;
}

export const DEFAULT_MAX_MEDIA = 50;

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
/** Microdata properties naming the page's picture. */
const ITEMPROP_IMAGE = ['image', 'thumbnailurl'];
/** Attributes lazy loaders keep a background picture in (a URL, or a CSS url() value). */
const LAZY_BACKGROUND = ['data-bg', 'data-background', 'data-background-image'];

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
      media.add(content, kindByExtension(content ?? '') === 'image' ? 'image' : 'video', 'og');
  });
  $('meta[itemprop], link[itemprop], link[rel~="image_src" i]').each((_, element) => {
    const node = $(element);
    const isImageSrc = /(^|\s)image_src(\s|$)/i.test(node.attr('rel') ?? '');
    const prop = (node.attr('itemprop') ?? '').trim().toLowerCase();
    if (isImageSrc || ITEMPROP_IMAGE.includes(prop))
      media.add(node.attr('content') ?? node.attr('href'), 'image', 'og');
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
      // Any object's picture: a post's, an article's, a person's ("image": a URL, a list, an ImageObject).
      for (const url of urlsOf(object.image)) media.add(url, 'image', 'json-ld');
    }
  });
}

/** "key": "value" / key: 'value' / key = "value" pairs in a player's script. */
const SCRIPT_PAIRS =
  /["']?\b(file|src|source|image|poster|video_url|video_alt_url|preview_url|contentUrl|url)\b["']?\s*[:=]\s*(["'])((?:(?!\2)[^\\\r\n]|\\.){1,2048})\2/g;

/** A quoted string in a script that is an absolute or root-relative address. */
const SCRIPT_STRINGS = /(["'])((?:https?:\\?\/\\?\/|\\?\/)[^"'\s<>]{1,2048}?)\1/g;

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
    // Any other string that is an address of a media file, whatever the player calls its key
    // (mediaDefinitions[].videoUrl, image_url, sources[].hls…): players name them in many ways.
    for (const match of code.matchAll(SCRIPT_STRINGS)) {
      const value = match[2]!.replace(/\\\//g, '/');
      const byExtension = kindByExtension(value);
      if (byExtension) media.add(value, byExtension, 'player');
    }
  });
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

/** The pictures an element's style attribute or lazy data-bg attribute paints behind it. */
function backgroundsOf(node: ReturnType<CheerioAPI>): string[] {
  if (isTiny(node.attr('width')) || isTiny(node.attr('height'))) return [];
  const lazy = LAZY_BACKGROUND.flatMap((name) => {
    const value = node.attr(name)?.trim();
    if (!value) return [];
    return /\burl\(|image-set\(/i.test(value) ? cssValueUrls(value) : [value];
  }).filter((url) => !isDecorativeUrl(url));
  const style = node.attr('style');
  return [...lazy, ...(style ? cssBackgroundUrls(style) : [])];
}

/** A background's URL is a picture whatever its extension says, unless it says icon, font or code. */
function addBackground(media: Collector, url: string, via: MediaVia): void {
  if (!isNonPictureUrl(url)) media.add(url, 'image', via);
}

const BACKGROUND_SELECTOR = ['[style]', ...LAZY_BACKGROUND.map((name) => `[${name}]`)].join(', ');

/** Images and backgrounds in document order, so a gallery of either keeps its order under a cap. */
function fromImages($: CheerioAPI, media: Collector): void {
  $(`img, picture source, input[type="image" i], ${BACKGROUND_SELECTOR}`).each((_, element) => {
    if (media.isFull) return false;
    const node = $(element);
    const tag = element.tagName.toLowerCase();
    for (const url of backgroundsOf(node)) addBackground(media, url, 'background');
    if (tag === 'source' && node.parent().is('picture')) {
      const srcset = node.attr('srcset') ?? node.attr('data-srcset');
      media.add(srcset ? largestSrcsetCandidate(srcset) : node.attr('src'), 'image', 'source');
      return undefined;
    }
    if (tag !== 'img' && tag !== 'input') return undefined;
    if (tag === 'input' && (node.attr('type') ?? '').toLowerCase() !== 'image') return undefined;
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

/** Backgrounds in the page's own style sheets (hero pictures, covers); sheets from elsewhere are not read. */
function fromStyleSheets($: CheerioAPI, media: Collector): void {
  $('style').each((_, element) => {
    if (media.isFull) return false;
    const css = $(element).text();
    if (css.length > 1_000_000) return undefined;
    for (const url of cssBackgroundUrls(css)) addBackground(media, url, 'css');
    return undefined;
  });
}

/** Hosts that serve files: a cdn/img/media/… label, or a provider's file CDN. */
const MEDIA_HOST_LABEL =
  /^(?:cdn|img|imgs|image|images|media|pics?|photos?|i|thumbs?|files?|uploads?|static|content|dl|downloads?|videos?|s|v)[\d-]*$/;
const MEDIA_HOST_SUFFIXES = ['telesco.pe', 'twimg.com', 'redd.it', 'imgur.com', 'cloudfront.net'];
/** Class names of a profile picture or a logo that links to its profile or home page. */
const AVATAR_CLASS = /avatar|userpic|user_?photo|profile|logo/i;
/** Path segments of pages, not files: a grid of related videos or a viewer page links through these. */
const PAGE_SEGMENT =
  /^(?:videos?|watch|embed|view(?:er)?|posts?|threads?|topics?|users?|members?|profiles?|u|tags?|categor(?:y|ies)|search|page|channels?|models?|pornstars?|albums?|galler(?:y|ies)|forums?|login|register|sign-?up)$/i;

function isMediaHost(hostname: string): boolean {
  const labels = hostname.toLowerCase().split('.');
  if (labels.some((label) => label.includes('cdn'))) return true;
  if (MEDIA_HOST_SUFFIXES.some((s) => hostname === s || hostname.endsWith(`.${s}`))) return true;
  return labels.length > 2 && labels.slice(0, -2).some((label) => MEDIA_HOST_LABEL.test(label));
}

/**
 * The link around a thumbnail, as in <a href="/full/123"><img src="/thumbs/123_small.jpg"></a>: the full
 * file, often at an address without an extension. Taken when the link is nothing but the picture (not an
 * avatar or a logo), leads somewhere other than this page or a site's front page, has no extension and no
 * path segment that says page (/videos/, /view/, /users/…), and stays on this site, on the thumbnail's
 * host or on a media host. The match stage reads the answer's bytes, so a link that turns out to be a
 * page costs one fetch and finds nothing.
 */
function fromThumbnailLinks($: CheerioAPI, media: Collector, pageUrl: string): void {
  const page = media.resolve(pageUrl);
  const pageSite = siteKeyOf(pageUrl);
  $('a[href]').each((_, element) => {
    if (media.isFull) return false;
    const link = $(element);
    const image = link.find('img').first();
    if (image.length === 0 || link.text().trim() !== '') return undefined;
    const classes = [
      link,
      ...link
        .find('[class]')
        .toArray()
        .map((child) => $(child)),
    ]
      .map((node) => node.attr('class') ?? '')
      .join(' ');
    if (AVATAR_CLASS.test(classes)) return undefined;
    if (isTiny(image.attr('width')) || isTiny(image.attr('height'))) return undefined;
    const url = media.resolve(link.attr('href'));
    if (!url || url.href === page?.href || url.pathname === '/') return undefined;
    if (extensionOf(url.href) !== null) return undefined;
    if (url.pathname.split('/').some((segment) => PAGE_SEGMENT.test(segment))) return undefined;
    const thumbnail = media.resolve(image.attr('src') ?? image.attr('data-src'));
    const isNearby =
      siteKeyOf(url.href) === pageSite || url.host === thumbnail?.host || isMediaHost(url.hostname);
    if (isNearby) media.add(url.href, 'image', 'link');
    return undefined;
  });
}

function fromLinks($: CheerioAPI, media: Collector): void {
  $('a[href]').each((_, element) => {
    if (media.isFull) return false;
    const href = $(element).attr('href');
    if (!href) return undefined;
    // Links whose own extension says media; links around thumbnails are guessed last, apart.
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
  fromStyleSheets($, media);
  fromLinks($, media);
  fromThumbnailLinks($, media, pageUrl);
  return media.found;
}

export function extractPageMedia(
  html: string,
  pageUrl: string,
  options: PageMediaOptions = {},
): MediaRef[] {
  return extractPageMediaFrom(load(html), pageUrl, options);
}
