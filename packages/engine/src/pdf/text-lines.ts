// Many placed single lines of text (a table row's cells) drawn as one PDF text object. pdfkit's
// `doc.text` lays out, measures and wraps each call in its own saved state and text object, which for a
// listing of 100,000 rows (about a million cell lines) is most of the document's time. The lines here
// are written into the page's content as pdfkit's own line drawing writes them (the same position,
// font, glyphs and kerning), only grouped: the page looks the same, text extraction reads the same.
// pdfkit's internals it relies on are checked, and `doc.text` draws the lines should they be missing.

export interface PlacedLine {
  text: string;
  /** The line's top left corner, in the page's coordinates (as `doc.text(text, x, y)` takes them). */
  x: number;
  y: number;
}

interface GlyphPosition {
  xAdvance: number;
  advanceWidth: number;
  xOffset: number;
  yOffset: number;
}

/** What pdfkit (0.20) keeps about the current font and page and does not declare in its typings. */
interface PdfkitText {
  _font?: {
    id: string;
    ascender: number;
    ref(): unknown;
    encode?(text: string): [string[], GlyphPosition[]];
  };
  _fontSize: number;
  page: { fonts?: Record<string, unknown>; height: number };
}

/** A number as pdfkit writes it into a content stream. */
const pdfNumber = (n: number) => Math.round(n * 1e6) / 1e6;

/** The TJ operands of texts drawn lately, by font: long listings repeat most cells. */
const shownTexts = new Map<string, string | null>();
const SHOWN_TEXTS_KEPT = 5000;

/** `[<glyphs> kerning …] TJ` as pdfkit's line drawing writes `text`; null when it would place glyphs apart. */
function showText(font: NonNullable<PdfkitText['_font']>, text: string): string | null {
  const key = `${font.id}\n${text}`;
  const known = shownTexts.get(key);
  if (known !== undefined) return known;
  const [encoded, positions] = font.encode!(text);
  let shown: string | null = null;
  if (positions.every((p) => p.xOffset === 0 && p.yOffset === 0)) {
    const commands: string[] = [];
    let last = 0;
    const segment = (end: number) => {
      if (last < end) {
        const position = positions[end - 1]!;
        const advance = position.xAdvance - position.advanceWidth;
        commands.push(`<${encoded.slice(last, end).join('')}> ${pdfNumber(-advance)}`);
      }
      last = end;
    };
    positions.forEach((position, index) => {
      if (position.xAdvance - position.advanceWidth !== 0) segment(index + 1);
    });
    segment(positions.length);
    shown = `[${commands.join(' ')}] TJ`;
  }
  if (shownTexts.size >= SHOWN_TEXTS_KEPT) shownTexts.clear();
  shownTexts.set(key, shown);
  return shown;
}

/**
 * Draws each line at its place in the document's current font, size and fill colour, as
 * `doc.text(line.text, line.x, line.y, { lineBreak: false })` would. Leaves `doc.x` and `doc.y` at the
 * last line's corner.
 */
export function drawTextLines(doc: PDFKit.PDFDocument, lines: readonly PlacedLine[]): void {
  const state = doc as unknown as PdfkitText;
  const font = state._font;
  const drawn = lines.filter((line) => line.text !== '');
  if (drawn.length === 0) return;
  const fallback: PlacedLine[] = [];
  if (!font || typeof font.encode !== 'function' || !state.page.fonts) {
    fallback.push(...drawn);
  } else {
    const size = state._fontSize;
    const { height } = state.page;
    const dy = (font.ascender / 1000) * size;
    const content = [
      `q`,
      `1 0 0 -1 0 ${pdfNumber(height)} cm`,
      'BT',
      `/${font.id} ${pdfNumber(size)} Tf`,
    ];
    for (const line of drawn) {
      const shown = showText(font, line.text);
      if (shown === null) {
        fallback.push(line);
        continue;
      }
      content.push(`1 0 0 1 ${pdfNumber(line.x)} ${pdfNumber(height - line.y - dy)} Tm`, shown);
    }
    if (content.length > 4) {
      state.page.fonts[font.id] ??= font.ref();
      content.push('ET', 'Q');
      doc.addContent(content.join('\n'));
    }
  }
  for (const line of fallback) doc.text(line.text, line.x, line.y, { lineBreak: false });
  const last = drawn.at(-1)!;
  doc.x = last.x;
  doc.y = last.y;
}
