// Gathers a page's media as the extractors find them: resolves each against the page's base, keeps
// http(s) only, drops streaming manifests and repeats, and stops at the cap.
import { extensionOf, MANIFEST_EXTENSIONS, mediaKindOfUrl, type MediaKind } from './media-url.ts';

export type MediaVia =
  | 'img'
  | 'srcset'
  | 'og'
  | 'video'
  | 'source'
  | 'player'
  | 'json-ld'
  | 'link'
  /** A style attribute or a lazy loader's data-bg attribute. */
  | 'background'
  /** A <style> sheet. */
  | 'css';

export interface MediaRef {
  url: string;
  kind: MediaKind;
  via: MediaVia;
}

/** A dimension attribute of 2 pixels or fewer: a tracking pixel or spacer. */
export function isTiny(value: string | undefined): boolean {
  if (value === undefined) return false;
  const number = Number.parseFloat(value);
  return Number.isFinite(number) && number <= 2 && !value.trim().endsWith('%');
}

export class Collector {
  private readonly seen = new Set<string>();
  readonly found: MediaRef[] = [];

  constructor(
    private readonly base: URL,
    private readonly max: number,
  ) {}

  get isFull(): boolean {
    return this.found.length >= this.max;
  }

  /** The absolute http(s) URL a value names, without its fragment; null for anything else. */
  resolve(raw: string | undefined | null): URL | null {
    if (!raw) return null;
    // Players and JSON in scripts write "/" as "\/".
    const text = raw.trim().replace(/\\\//g, '/');
    if (text === '' || /^(data|blob|javascript):/i.test(text)) return null;
    let url: URL;
    try {
      url = new URL(text, this.base);
    } catch {
      return null;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url;
  }

  add(raw: string | undefined | null, kind: MediaKind | null, via: MediaVia): void {
    if (this.isFull) return;
    const url = this.resolve(raw);
    if (!url) return;
    const href = url.href;
    if (MANIFEST_EXTENSIONS.has(extensionOf(href) ?? '')) return;
    const resolvedKind = kind ?? mediaKindOfUrl(href);
    if (!resolvedKind || this.seen.has(href)) return;
    this.seen.add(href);
    this.found.push({ url: href, kind: resolvedKind, via });
  }
}
