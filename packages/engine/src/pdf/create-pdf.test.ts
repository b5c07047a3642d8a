// Documents made with createPdf and read back by poppler (pdfinfo, pdftotext).
import { describe, expect, it } from 'vitest';
import { createPdf, onPageAdded, pdfToBuffer, standardFontText, writeText } from './create-pdf.ts';
import { readBackPdf, squashSpace } from './test-poppler.ts';

describe('createPdf and pdfToBuffer', () => {
  it('sets the metadata and numbers every page in the footer', async () => {
    const doc = createPdf({
      title: 'Takedown report — Jané',
      author: 'Shark',
      createdAt: new Date('2025-03-05T09:30:00Z'),
      footer: 'Shark · R-7',
    });
    for (let page = 1; page <= 3; page += 1) {
      if (page > 1) doc.addPage();
      writeText(doc, `Body of page ${page}`);
    }
    const pdf = await pdfToBuffer(doc);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const read = readBackPdf(pdf);
    expect(read.pages).toBe(3);
    expect(read.title).toBe('Takedown report — Jané');
    for (let page = 1; page <= 3; page += 1) {
      const text = read.pageText(page);
      expect(text).toContain(`Body of page ${page}`);
      expect(text).toContain(`Shark · R-7 · page ${page} of 3`);
    }
  });

  it('numbers the pages without a footer text too, and adds no page for the footer', async () => {
    const doc = createPdf({ title: 'plain' });
    writeText(doc, 'only page');
    const read = readBackPdf(await pdfToBuffer(doc));
    expect(read.pages).toBe(1);
    expect(read.pageText(1)).toContain('page 1 of 1');
  });
});

describe('a streamed document', () => {
  it('writes pages out as they finish, numbers each as it starts and draws the letterhead on each', async () => {
    const doc = createPdf({
      title: 'Long report',
      footer: 'Brand',
      size: 'A4',
      layout: 'landscape',
      margins: { top: 80, left: 36, right: 36 },
      producer: 'Brand',
      isStreamed: true,
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    let letterheads = 0;
    onPageAdded(doc, () => {
      letterheads += 1;
      doc.font('Helvetica-Bold').fontSize(14).fillColor('#aa0000');
      doc.text(`Letterhead ${letterheads}`, 36, 30, { lineBreak: false });
    });
    writeText(doc, 'A line of the report.\n'.repeat(120), { size: 9, color: '#000000' });
    // The finished pages were written out as the next ones began: the stream does not wait for the end
    // (pdfkit hands out what it wrote on the next turn of the event loop).
    await new Promise<void>((resolve) => setImmediate(resolve));
    const beforeEnd = Buffer.concat(chunks).toString('latin1');
    expect(beforeEnd.match(/\/Type \/Page\b/g)?.length).toBeGreaterThan(1);
    expect(beforeEnd).not.toContain('%%EOF');
    const ended = new Promise<void>((resolve) => doc.once('end', resolve));
    doc.end();
    await ended;
    const read = readBackPdf(Buffer.concat(chunks));

    expect(read.pages).toBe(letterheads + 1);
    expect(read.pages).toBeGreaterThan(2);
    for (let page = 1; page <= read.pages; page += 1) {
      const text = read.pageText(page);
      expect(text).toContain(`Brand · page ${page}`);
      expect(text).not.toMatch(/page \d+ of \d+/);
      if (page > 1) expect(text).toContain(`Letterhead ${page - 1}`);
    }
    // The text runs on below the letterhead in its own font: as many lines fit on each full page.
    const lines = (page: number) => read.pageText(page).match(/A line of the report\./g)?.length;
    expect(lines(2)).toBe(lines(1));
    // In 9 pt a line is under 100 pt wide (it would be wider in the letterhead's 14 pt).
    expect(read.boxText(2, { x: 136, y: 80, width: 600, height: 430 }).trim()).toBe('');
    expect(squashSpace(read.boxText(2, { x: 36, y: 0, width: 770, height: 79 }))).toBe(
      'Letterhead1',
    );
  });
});

describe('writeText', () => {
  it('wraps long URLs inside the page and runs onto new pages with nothing lost', async () => {
    const doc = createPdf({ title: 'long', footer: 'F' });
    const urls = Array.from(
      { length: 80 },
      (_, index) =>
        `https://leaks${index}.example/${'segment-'.repeat(12)}${index}?query=${'q'.repeat(90)}&n=${index}`,
    );
    writeText(doc, urls.map((url, index) => `${index + 1}. Page: ${url}`).join('\n'));
    const read = readBackPdf(await pdfToBuffer(doc));
    expect(read.pages).toBeGreaterThan(2);
    const text = squashSpace(read.text.replace(/^F · page \d+ of \d+$/gm, ''));
    expect(text).toBe(squashSpace(urls.map((url, index) => `${index + 1}. Page: ${url}`).join('')));
    // Nothing is printed in the right margin (US Letter is 612 pt wide, margins 54 pt).
    for (let page = 1; page <= read.pages; page += 1) {
      expect(read.boxText(page, { x: 559, y: 0, width: 53, height: 792 }).trim()).toBe('');
    }
  });

  it('indents the wrapped lines of an indented line', async () => {
    const doc = createPdf({ title: 'indent' });
    writeText(doc, `W1. A work\n        ${'description words '.repeat(30)}`);
    const read = readBackPdf(await pdfToBuffer(doc));
    // The left margin is 54 pt; the indented lines start about 22 pt further in.
    expect(read.boxText(1, { x: 50, y: 0, width: 20, height: 700 })).not.toContain('description');
    expect(squashSpace(read.boxText(1, { x: 70, y: 0, width: 490, height: 700 }))).toContain(
      squashSpace('description words '.repeat(30)),
    );
  });
});

describe('standardFontText', () => {
  it('keeps Windows-1252 characters and replaces the others with "?"', () => {
    expect(standardFontText('Jané “café” — § 5 € œ')).toBe('Jané “café” — § 5 € œ');
    expect(standardFontText('Doe 日本 🙂 Ω')).toBe('Doe ?? ? ?');
    expect(standardFontText('a\tb\u0085c\nd')).toBe('a b c\nd');
  });
});
