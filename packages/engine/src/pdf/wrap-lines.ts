// Line breaking for pdfkit text measured in the document's current font. pdfkit's own wrapper breaks
// URLs after "-", and PDF readers take a line ending in "-" for a hyphenated word and join it without
// the hyphen when text is copied or extracted (poppler does): a printed URL would come out wrong.
// Lines here never end in "-" unless a whole line is hyphens.

/** Where a line may end inside a word too wide for a line: after URL punctuation. */
const BREAK_AFTER = /[/?&=#_.,;:+]/;

/** Splits a word into pieces that each end where a line may break inside it. */
function wordPieces(word: string): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    piece += char;
    if (BREAK_AFTER.test(char)) {
      pieces.push(piece);
      piece = '';
    }
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/**
 * Breaks text into lines no wider than `width` points in the document's current font and size. Lines
 * break at spaces; a word wider than a whole line (a long URL) starts on the current line and breaks
 * after `/`, `?`, `&`, `=`, `.` and the like, or between characters where a piece is still too wide.
 * Each `\n` starts a new line. Every character except the spaces lines break at is kept, in order.
 */
export function wrapLines(
  doc: PDFKit.PDFDocument,
  text: string,
  width: number,
  widths: Map<string, number> = new Map(),
): string[] {
  // Widths are added up piece by piece (measuring whole lines again and again is quadratic, and an
  // 8,192-character URL is allowed), with the kerning between two pieces added where they meet, so
  // the sum is the width pdfkit draws. `widths` remembers them; a caller wrapping many texts in one
  // font and size passes the same map each time, so that common pieces are measured once.
  const measure = (value: string) => {
    let measured = widths.get(value);
    if (measured === undefined) {
      measured = doc.widthOfString(value);
      widths.set(value, measured);
    }
    return measured;
  };
  const kerning = (left: string, right: string) =>
    left === '' || right === '' ? 0 : measure(`${left}${right}`) - measure(left) - measure(right);
  const lastChar = (value: string) => [...value.slice(-2)].at(-1) ?? '';
  const firstChar = (value: string) => String.fromCodePoint(value.codePointAt(0) ?? 0x20);
  const limit = width + 1e-9;

  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  /** The line's last character, for the kerning with what is added to it. */
  let tail = '';
  const widthWith = (next: string) =>
    next === '' ? lineWidth : lineWidth + kerning(tail, firstChar(next)) + measure(next);
  const append = (next: string) => {
    if (next === '') return;
    lineWidth = widthWith(next);
    line += next;
    tail = lastChar(next);
  };
  const clear = () => {
    line = '';
    lineWidth = 0;
    tail = '';
  };
  const flush = () => {
    if (line.trim() !== '') lines.push(line.trimEnd());
    clear();
  };

  for (const paragraph of text.split('\n')) {
    for (const word of paragraph.split(' ')) {
      const separated = line === '' ? word : ` ${word}`;
      if (widthWith(separated) <= limit) {
        append(separated);
        continue;
      }
      if (measure(word) <= limit) {
        flush();
        append(word);
        continue;
      }
      // Wider than a line: fill this line with its pieces, then as many lines as it takes.
      if (line !== '') append(' ');
      for (const piece of wordPieces(word)) {
        if (widthWith(piece) <= limit) {
          append(piece);
          continue;
        }
        flush();
        if (measure(piece) <= limit) {
          append(piece);
          continue;
        }
        const chars = [...piece];
        for (let index = 0; index < chars.length; index += 1) {
          const char = chars[index] ?? '';
          if (line !== '' && widthWith(char) > limit) {
            // Never end a line on a hyphen: readers would join the next line to it without one.
            let carried = '';
            while (line.length > 1 && line.endsWith('-')) {
              carried = `-${carried}`;
              line = line.slice(0, -1);
            }
            lines.push(line);
            clear();
            if (carried !== '') append(carried);
          }
          append(char);
        }
      }
    }
    if (line.trim() === '') {
      lines.push('');
      clear();
    } else flush();
  }
  return lines;
}

const ELLIPSIS = '…';

/**
 * `text` on one line of `width` points in the document's current font: whole when it fits, else its
 * longest start that fits with "…" after it (for a label, or a table cell limited to a few lines).
 */
export function fitLine(doc: PDFKit.PDFDocument, text: string, width: number): string {
  const line = text.replace(/\s+/g, ' ');
  return doc.widthOfString(line) <= width + 1e-9 ? line : ellipsize(doc, line, width);
}

/** The longest start of `text` that fits `width` with "…" after it (the "…" alone when none does). */
export function ellipsize(doc: PDFKit.PDFDocument, text: string, width: number): string {
  const chars = [...text];
  const fits = (length: number) =>
    doc.widthOfString(`${chars.slice(0, length).join('')}${ELLIPSIS}`) <= width + 1e-9;
  // Binary search on the length: the width only grows as characters are added.
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return `${chars.slice(0, low).join('').trimEnd()}${ELLIPSIS}`;
}
