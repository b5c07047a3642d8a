// pdfkit documents the way Shark prints them (US Letter, Helvetica, a numbered footer on every page)
// and the pieces every such document needs: text the standard fonts can show, wrapped text with a
// hanging indent, keeping a heading with what follows it, a letterhead on every page, and the finished
// file as bytes (or, for a document too long to hold, as a stream of finished pages).
import { createRequire } from 'node:module';
import { wrapLines } from './wrap-lines.ts';

/** The standard PDF fonts every reader has: nothing is embedded, so files stay small. */
export const PDF_FONTS = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;
export type PdfFontWeight = keyof typeof PDF_FONTS;

export interface CreatePdfOptions {
  title: string;
  author?: string;
  subject?: string;
  /** The document's creation date; now when left out. Fixing it makes the output reproducible. */
  createdAt?: Date;
  /** Printed at the foot of every page before "page N of M" (by `pdfToBuffer`). */
  footer?: string;
  /** `LETTER` (the default: notices and reports are for US recipients) or `A4`. */
  size?: 'LETTER' | 'A4';
  /** `portrait` (the default) or `landscape` (a wide table). */
  layout?: 'portrait' | 'landscape';
  /**
   * Margins in points to change: a taller top margin leaves room for a letterhead drawn there on
   * every page (`onPageAdded`). The bottom one keeps at least the footer's room.
   */
  margins?: Partial<PdfMargins>;
  /** The document's Producer; Shark when left out (a brand's documents name the brand). */
  producer?: string;
  /**
   * Pages are written out as each one is finished instead of being kept for `pdfToBuffer` to number:
   * for documents too long to hold whole. The footer then reads "<footer> · page N" (the total is not
   * known yet) and is drawn as each page starts. Read the document as a stream (`doc.on('data')`) and
   * finish it with `doc.end()`, or with `pdfToBuffer`.
   */
  isStreamed?: boolean;
}

export interface PdfMargins {
  top: number;
  left: number;
  right: number;
  bottom: number;
}

interface FooterSettings {
  footer: string | undefined;
  isStreamed: boolean;
}

/** Margins in points: one inch less a quarter, with room at the bottom for the footer. */
const MARGINS: PdfMargins = { top: 54, left: 54, right: 54, bottom: 72 };
const FOOTER_SIZE = 8;
/** The footer's top edge, measured up from the bottom of the page. */
const FOOTER_FROM_BOTTOM = 48;

const footers = new WeakMap<PDFKit.PDFDocument, FooterSettings>();

/**
 * A new document on its first page, in Helvetica 10 pt at the top margin. Pages are buffered so that
 * `pdfToBuffer` can number them once the total is known: finish with `pdfToBuffer`, not `doc.end()`
 * (unless `isStreamed`).
 */
type PdfDocumentClass = typeof import('pdfkit');
let pdfDocumentClass: PdfDocumentClass | undefined;

/**
 * pdfkit, loaded on the first document: with its font metrics it holds tens of MB that a server
 * which has not printed anything yet need not carry.
 */
function PdfDocument(): PdfDocumentClass {
  pdfDocumentClass ??= createRequire(import.meta.url)('pdfkit') as PdfDocumentClass;
  return pdfDocumentClass;
}

export function createPdf(options: CreatePdfOptions): PDFKit.PDFDocument {
  const margins = { ...MARGINS, ...options.margins };
  margins.bottom = Math.max(margins.bottom, MARGINS.bottom);
  const isStreamed = options.isStreamed === true;
  const PDFDocument = PdfDocument();
  const doc = new PDFDocument({
    size: options.size ?? 'LETTER',
    layout: options.layout ?? 'portrait',
    margins,
    bufferPages: !isStreamed,
    info: {
      Title: options.title,
      ...(options.author === undefined ? {} : { Author: options.author }),
      ...(options.subject === undefined ? {} : { Subject: options.subject }),
      Producer: options.producer ?? 'Shark',
      CreationDate: options.createdAt ?? new Date(),
    },
  });
  doc.font(PDF_FONTS.regular).fontSize(10);
  const footer = options.footer === undefined ? undefined : oneLine(options.footer);
  footers.set(doc, { footer, isStreamed });
  if (isStreamed) {
    let pageNumber = 0;
    const drawRunningFooter = () => {
      pageNumber += 1;
      drawFooter(doc, footer, `page ${pageNumber}`);
    };
    keepingPosition(doc, drawRunningFooter);
    onPageAdded(doc, drawRunningFooter);
  }
  return doc;
}

/**
 * Calls `draw` on every page added from now on, as the page starts (a letterhead, a running footer),
 * and then puts the position, font and fill colour back as they were: text that runs onto the new
 * page goes on where and as it would have.
 */
export function onPageAdded(doc: PDFKit.PDFDocument, draw: () => void): void {
  doc.on('pageAdded', () => keepingPosition(doc, draw));
}

/** pdfkit's text state, which its typings do not declare: what `doc.font`, `fontSize` and `fillColor` set. */
interface TextState {
  _font: unknown;
  _fontSize: number;
  _fontSource: unknown;
  _fontFamily: unknown;
  _fillColor?: [PDFKit.Mixins.ColorValue, number];
}

function keepingPosition(doc: PDFKit.PDFDocument, draw: () => void): void {
  const state = doc as unknown as TextState;
  const { x, y } = doc;
  const saved = {
    font: state._font,
    fontSize: state._fontSize,
    fontSource: state._fontSource,
    fontFamily: state._fontFamily,
    fillColor: state._fillColor,
  };
  draw();
  state._font = saved.font;
  state._fontSize = saved.fontSize;
  state._fontSource = saved.fontSource;
  state._fontFamily = saved.fontFamily;
  // The new page's graphics start black: the colour in use is set on it again.
  if (saved.fillColor !== undefined) doc.fillColor(saved.fillColor[0], saved.fillColor[1]);
  doc.x = x;
  doc.y = y;
}

/**
 * Numbers every page ("<footer> · page N of M"), ends the document and resolves to the file's bytes.
 * Call it once, after the last drawing call. (A streamed document's pages are numbered already.)
 */
export function pdfToBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const settings = footers.get(doc);
  if (settings !== undefined && !settings.isStreamed) drawFooters(doc, settings.footer);
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

function drawFooters(doc: PDFKit.PDFDocument, footer: string | undefined): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    drawFooter(doc, footer, `page ${index - start + 1} of ${count}`);
  }
}

function drawFooter(doc: PDFKit.PDFDocument, footer: string | undefined, label: string): void {
  const page = doc.page;
  // Text below the bottom margin would make pdfkit start a new page: lift the margin while writing.
  const bottom = page.margins.bottom;
  page.margins.bottom = 0;
  doc
    .font(PDF_FONTS.regular)
    .fontSize(FOOTER_SIZE)
    .fillColor('#666666')
    .text(
      standardFontText(footer === undefined ? label : `${footer} · ${label}`),
      page.margins.left,
      page.height - FOOTER_FROM_BOTTOM,
      { lineBreak: false },
    )
    .fillColor('black');
  page.margins.bottom = bottom;
}

/** The printable characters of Windows-1252 above ASCII that are not at the same code point in Unicode. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text the standard fonts can print: they hold Windows-1252 (Latin letters with accents, `§`, curly
 * quotes, dashes, `€`) and nothing else, and pdfkit would write any other character as a wrong
 * glyph. Each such character becomes "?", so a reader sees that something is missing; line breaks
 * are kept, other control characters become spaces.
 */
export function standardFontText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0x3f;
    if (char === '\n') out += char;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (code <= 0xff || WIN_ANSI_EXTRA.has(char)) out += char;
    else out += '?';
  }
  return out;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The width between the left and right margins of the current page. */
export function contentWidth(doc: PDFKit.PDFDocument): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** Starts a new page unless `height` points still fit above the bottom margin (keeps a heading with its text). */
export function ensureSpace(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > doc.page.maxY()) doc.addPage();
}

export interface WriteTextOptions {
  weight?: PdfFontWeight;
  size?: number;
  /** Space below the text, in points. */
  gapAfter?: number;
  color?: string;
}

/**
 * Text at the left margin, wrapped to the page (see `wrapLines`) and continued on new pages as
 * needed; leaves `doc.y` below it. Each line of `text` is a paragraph whose leading spaces indent all
 * of its wrapped lines (a hanging list); an empty line is a blank line. Printed with the standard
 * fonts (see `standardFontText`).
 */
export function writeText(
  doc: PDFKit.PDFDocument,
  text: string,
  options: WriteTextOptions = {},
): void {
  const size = options.size ?? 10;
  const leading = size * 1.3;
  doc
    .font(PDF_FONTS[options.weight ?? 'regular'])
    .fontSize(size)
    .fillColor(options.color ?? 'black');
  const left = doc.page.margins.left;
  for (const paragraph of standardFontText(text).split('\n')) {
    const indent = /^ */.exec(paragraph)?.[0] ?? '';
    // A deep indent still leaves at least half the width for the text.
    const indentWidth = Math.min(doc.widthOfString(indent), contentWidth(doc) / 2);
    for (const line of wrapLines(
      doc,
      paragraph.slice(indent.length),
      contentWidth(doc) - indentWidth,
    )) {
      if (doc.y + leading > doc.page.maxY()) doc.addPage();
      const top = doc.y;
      if (line !== '') doc.text(line, left + indentWidth, top, { lineBreak: false });
      doc.y = top + leading;
    }
  }
  doc.x = left;
  doc.y += options.gapAfter ?? 0;
}
