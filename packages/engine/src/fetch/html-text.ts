// What a person sees of a fetched page: its title, its description and its visible text.
import { load, type CheerioAPI } from 'cheerio';

export interface PageText {
  title: string | null;
  /** The meta or Open Graph description: social profiles put the bio there. */
  description: string | null;
  /** Visible text with whitespace collapsed; block elements are separated by a space. */
  text: string;
}

/** The parts of a parsed node the text walk reads (cheerio's nodes have these). */
interface DomNode {
  type: string;
  name?: string;
  data?: string;
  children?: DomNode[];
}

/** Elements whose content is never shown as text. */
const HIDDEN = 'script, style, noscript, template, svg, canvas, iframe, object, head';

const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'td',
  'th',
  'tr',
  'ul',
  'option',
  'button',
  'label',
]);

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function extractPageText(html: string): PageText {
  return extractPageTextFrom(load(html));
}

/** The same from a document already parsed; removes its hidden elements (scripts included) as it goes. */
export function extractPageTextFrom($: CheerioAPI): PageText {
  const title = collapse($('title').first().text()) || null;
  const description =
    collapse(
      $('meta[name="description" i]').attr('content') ??
        $('meta[property="og:description" i]').attr('content') ??
        $('meta[name="twitter:description" i]').attr('content') ??
        '',
    ) || null;
  $(HIDDEN).remove();
  const parts: string[] = [];
  const walk = (nodes: readonly DomNode[]) => {
    for (const node of nodes) {
      if (node.type === 'text') parts.push(node.data ?? '');
      else if (node.type === 'tag') {
        const isBlock = BLOCK.has(node.name ?? '');
        if (isBlock) parts.push(' ');
        walk(node.children ?? []);
        if (isBlock) parts.push(' ');
      } else if (node.children) {
        walk(node.children);
      }
    }
  };
  const root = $.root().get(0) as DomNode | undefined;
  if (root) walk(root.children ?? []);
  return { title, description, text: collapse(parts.join('')) };
}

/**
 * The charset of a response: the Content-Type header's, else a <meta> in the first 1024 bytes,
 * else a byte-order mark, else UTF-8.
 */
export function charsetOf(contentType: string | null, body: Uint8Array): string {
  const fromHeader = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  if (fromHeader && isKnownCharset(fromHeader)) return fromHeader.toLowerCase();
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  const head = Buffer.from(body.subarray(0, 1024)).toString('latin1');
  const fromMeta = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
  if (fromMeta && isKnownCharset(fromMeta)) return fromMeta.toLowerCase();
  return 'utf-8';
}

function isKnownCharset(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

export function decodeBody(contentType: string | null, body: Uint8Array): string {
  return new TextDecoder(charsetOf(contentType, body)).decode(body);
}

export function isHtml(contentType: string | null): boolean {
  return /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType ?? '');
}

export function isPlainText(contentType: string | null): boolean {
  return /^\s*text\/plain\b/i.test(contentType ?? '');
}
