// For tests: reads a PDF back with a real reader, poppler's pdftotext and pdfinfo (Debian's
// poppler-utils), so a test checks what a person opening the file would see.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function poppler(tool: 'pdftotext' | 'pdfinfo', args: string[]): string {
  try {
    return execFileSync(tool, args, { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${tool} is not installed: apt-get install poppler-utils`);
    }
    throw error;
  }
}

/** Runs a poppler tool on the PDF written to a temporary file, removed straight after. */
function onFile(pdf: Buffer, run: (file: string) => string): string {
  const dir = mkdtempSync(join(tmpdir(), 'shark-pdf-test-'));
  try {
    const file = join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return run(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A rectangle of a page in points from its top-left corner (pdftotext reads at 72 dpi: 1 px = 1 pt). */
export interface PdfBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ReadBackPdf {
  pages: number;
  title: string;
  /** The whole document's text, pages separated by form feeds. */
  text: string;
  /** The text of one page, numbered from 1 (`pdftotext -f N -l N`). */
  pageText(page: number): string;
  /** The text inside a box of one page, such as one column of a table. */
  boxText(page: number, box: PdfBox): string;
}

/** Reads the PDF back (each call runs poppler on a temporary copy of it). */
export function readBackPdf(pdf: Buffer): ReadBackPdf {
  const info = onFile(pdf, (file) => poppler('pdfinfo', [file]));
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  const pageArgs = (page: number) => {
    if (!Number.isInteger(page) || page < 1 || page > pages) {
      throw new Error(`the PDF has no page ${page} (it has ${pages})`);
    }
    return ['-enc', 'UTF-8', '-f', String(page), '-l', String(page)];
  };
  return {
    pages,
    title: /^Title:\s+(.*)$/m.exec(info)?.[1] ?? '',
    text: onFile(pdf, (file) => poppler('pdftotext', ['-enc', 'UTF-8', file, '-'])),
    pageText: (page) => onFile(pdf, (file) => poppler('pdftotext', [...pageArgs(page), file, '-'])),
    boxText: (page, box) =>
      onFile(pdf, (file) =>
        poppler('pdftotext', [
          ...pageArgs(page),
          '-x',
          String(Math.round(box.x)),
          '-y',
          String(Math.round(box.y)),
          '-W',
          String(Math.round(box.width)),
          '-H',
          String(Math.round(box.height)),
          file,
          '-',
        ]),
      ),
  };
}

/** Text with every run of white space removed: text extraction breaks lines where it likes. */
export function squashSpace(text: string): string {
  return text.replace(/\s+/g, '');
}

/** Every word poppler reads, with its box (`pdftotext -bbox`), page by page in reading order. */
export function wordBoxes(pdf: Buffer): string[] {
  const html = onFile(pdf, (file) => poppler('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-']));
  return [...html.matchAll(/<word ([^>]*)>([^<]*)<\/word>/g)].map(
    (match) => `${match[2]} ${match[1]}`,
  );
}
