// The pictures CSS paints: url() and image-set() values of background declarations, read from a style
// attribute or a style sheet. Telegram's channel previews and many galleries show photos this way, often
// from CDN URLs without an extension. Sprite sheets, emoji and icons are left out where CSS shows them.

export interface CssDeclaration {
  property: string;
  value: string;
}

/** Declarations that paint a picture behind an element, custom properties that hold one included. */
const BACKGROUND_PROPERTY =
  /^(?:-webkit-)?background(?:-image)?$|^--[\w-]*(?:bg|background|image|img|photo|picture|poster)[\w-]*$/i;
const POSITION_PROPERTY = /^background(?:-position(?:-[xy])?)?$/i;
/** A negative pixel offset shifts a sprite sheet under a small box. */
const NEGATIVE_OFFSET = /(?:^|[\s,])-\d*\.?\d+px\b/;
/** File or folder names that say the picture is decoration, not a photo. */
const DECORATIVE_PATH =
  /(?:^|[/_.-])(?:emoji|emojis|icons?|sprites?|favicon|smil(?:ies|eys?)|emoticons?)(?:[/_.-]|$)/i;

/** Removes CSS escapes: "\\31 " is "1", "\\)" is ")", an escaped newline is nothing. */
function unescapeCss(text: string): string {
  return text.replace(
    /\\(?:([0-9a-f]{1,6})[ \t\n\r\f]?|(\r\n|[\n\r\f])|([\s\S]))/gi,
    (_, hex, newline, char) => {
      if (hex) {
        const codePoint = Number.parseInt(hex as string, 16);
        return codePoint === 0 || codePoint > 0x10ffff ? '\uFFFD' : String.fromCodePoint(codePoint);
      }
      if (newline) return '';
      return char as string;
    },
  );
}

/** Reads a quoted string starting at `start` (the quote); returns its text and the index after it. */
function readString(text: string, start: number): [string, number] {
  const quote = text[start]!;
  let i = start + 1;
  let raw = '';
  while (i < text.length && text[i] !== quote) {
    if (text[i] === '\\' && i + 1 < text.length) {
      raw += text.slice(i, i + 2);
      i += 2;
    } else raw += text[i++];
  }
  return [unescapeCss(raw), i + 1];
}

/** Reads the inside of url( from `start`; returns the URL and the index after the closing parenthesis. */
function readUrl(text: string, start: number): [string, number] {
  let i = start;
  while (/\s/.test(text[i] ?? '')) i++;
  if (text[i] === '"' || text[i] === "'") {
    const [url, after] = readString(text, i);
    const close = text.indexOf(')', after);
    return [url.trim(), close === -1 ? text.length : close + 1];
  }
  let raw = '';
  while (i < text.length && text[i] !== ')') {
    if (text[i] === '\\' && i + 1 < text.length) {
      raw += text.slice(i, i + 2);
      i += 2;
    } else raw += text[i++];
  }
  return [unescapeCss(raw.trim()), i + 1];
}

/** The index of the parenthesis that closes the one opened just before `start`. */
function closingParen(text: string, start: number): number {
  let depth = 1;
  for (let i = start; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\\') i++;
    else if (char === '"' || char === "'") i = readString(text, i)[1] - 1;
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return i;
  }
  return text.length;
}

/** Splits on commas outside parentheses and strings. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\\') i++;
    else if (char === '"' || char === "'") i = readString(text, i)[1] - 1;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts;
}

/** The candidate of an image-set() with the highest resolution (1x when it names none). */
function largestImageSetCandidate(args: string): string | null {
  let best: { url: string; density: number } | null = null;
  for (const part of splitTopLevel(args)) {
    const trimmed = part.trim();
    let url: string | null = null;
    let rest = trimmed;
    const urlMatch = /^(?:url|src)\(/i.exec(trimmed);
    if (urlMatch) {
      const [value, after] = readUrl(trimmed, urlMatch[0].length);
      url = value;
      rest = trimmed.slice(after);
    } else if (trimmed.startsWith('"') || trimmed.startsWith("'")) {
      const [value, after] = readString(trimmed, 0);
      url = value;
      rest = trimmed.slice(after);
    }
    if (!url) continue;
    const resolution = /(\d*\.?\d+)(x|dppx|dpi|dpcm)\b/i.exec(rest.replace(/type\([^)]*\)/gi, ''));
    let density = 1;
    if (resolution) {
      const amount = Number(resolution[1]);
      const unit = resolution[2]!.toLowerCase();
      density = unit === 'dpi' ? amount / 96 : unit === 'dpcm' ? (amount * 2.54) / 96 : amount;
    }
    if (!best || density > best.density) best = { url, density };
  }
  return best?.url ?? null;
}

/** The picture URLs in a CSS value: each url(), and the largest candidate of each image-set(). */
export function cssValueUrls(value: string): string[] {
  const urls: string[] = [];
  let i = 0;
  while (i < value.length) {
    const char = value[i]!;
    if (char === '"' || char === "'") {
      i = readString(value, i)[1];
      continue;
    }
    const isWordStart = i === 0 || !/[\w-]/.test(value[i - 1]!);
    const rest = value.slice(i, i + 20).toLowerCase();
    if (isWordStart && rest.startsWith('url(')) {
      const [url, after] = readUrl(value, i + 4);
      if (url) urls.push(url);
      i = after;
    } else if (isWordStart && /^(?:-webkit-)?image-set\(/.test(rest)) {
      const open = value.indexOf('(', i) + 1;
      const close = closingParen(value, open);
      const url = largestImageSetCandidate(value.slice(open, close));
      if (url) urls.push(url);
      i = close + 1;
    } else i++;
  }
  return urls;
}

/**
 * The declaration blocks of a style sheet, nested rules (@media, @supports) included, or the one
 * block of a style attribute. Selectors and at-rule preludes are dropped.
 */
export function declarationBlocks(css: string): CssDeclaration[][] {
  const blocks: CssDeclaration[][] = [];
  const stack: CssDeclaration[][] = [[]];
  let current = '';
  const flush = () => {
    const colon = current.indexOf(':');
    if (colon > 0) {
      const property = current.slice(0, colon).trim().toLowerCase();
      const value = current
        .slice(colon + 1)
        .replace(/!\s*important\s*$/i, '')
        .trim();
      if (property && value) stack[stack.length - 1]!.push({ property, value });
    }
    current = '';
  };
  for (let i = 0; i < css.length; i++) {
    const char = css[i]!;
    if (char === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end === -1 ? css.length : end + 1;
    } else if (char === '\\') {
      current += css.slice(i, i + 2);
      i++;
    } else if (char === '"' || char === "'") {
      const after = readString(css, i)[1];
      current += css.slice(i, after);
      i = after - 1;
    } else if (char === '(') {
      const close = closingParen(css, i + 1);
      current += css.slice(i, close + 1);
      i = close;
    } else if (char === '{') {
      current = '';
      stack.push([]);
    } else if (char === '}') {
      flush();
      if (stack.length > 1) blocks.push(stack.pop()!);
    } else if (char === ';') flush();
    else current += char;
  }
  flush();
  while (stack.length > 0) blocks.push(stack.pop()!);
  return blocks.filter((block) => block.length > 0);
}

/** A box of 2 pixels or fewer, or a background shifted by a negative offset (a sprite sheet). */
function isSpriteOrPixel(block: CssDeclaration[]): boolean {
  for (const { property, value } of block) {
    if ((property === 'width' || property === 'height') && /^\d*\.?\d+px$/i.test(value))
      if (Number.parseFloat(value) <= 2) return true;
    if (
      POSITION_PROPERTY.test(property) &&
      NEGATIVE_OFFSET.test(value.replace(/url\([^)]*\)/gi, ''))
    )
      return true;
  }
  return false;
}

/** Whether a URL's path says it is an emoji, an icon or a sprite. */
export function isDecorativeUrl(url: string): boolean {
  let path = url;
  try {
    path = new URL(url, 'http://x.invalid/').pathname;
  } catch {
    // A URL the collector will refuse anyway.
  }
  return DECORATIVE_PATH.test(path);
}

/** The pictures one declaration block paints behind its element. */
export function backgroundUrls(block: CssDeclaration[]): string[] {
  if (isSpriteOrPixel(block)) return [];
  return block
    .filter((declaration) => BACKGROUND_PROPERTY.test(declaration.property))
    .flatMap((declaration) => cssValueUrls(declaration.value))
    .filter((url) => !isDecorativeUrl(url));
}

/** The pictures a style sheet or a style attribute paints as backgrounds, in order. */
export function cssBackgroundUrls(css: string): string[] {
  return declarationBlocks(css).flatMap(backgroundUrls);
}
