// drawTextLines against doc.text: the same words at the same places, read back by poppler.
import { describe, expect, it } from 'vitest';
import { createPdf, PDF_FONTS, pdfToBuffer } from './create-pdf.ts';
import { wordBoxes } from './test-poppler.ts';
import { drawTextLines, type PlacedLine } from './text-lines.ts';

const LINES: PlacedLine[] = [
  { text: 'AVAWAY To Ty: kerned pairs', x: 40, y: 60 },
  { text: 'https://tube.example/watch/123?id=9&x=Ye', x: 40.25, y: 69.375 },
  { text: 'Café à 5 € — “quoted”', x: 300.125, y: 60 },
  { text: '', x: 10, y: 10 },
  { text: 'Removed', x: 512.3333, y: 500.7 },
];

async function drawn(draw: (doc: PDFKit.PDFDocument, lines: PlacedLine[]) => void) {
  const doc = createPdf({ title: 'lines', createdAt: new Date(Date.UTC(2026, 0, 1)) });
  for (const [font, size] of [
    [PDF_FONTS.regular, 7.5],
    [PDF_FONTS.bold, 11],
  ] as const) {
    doc.font(font).fontSize(size).fillColor('#1f2937');
    draw(
      doc,
      LINES.map((line) => ({ ...line, y: line.y + (size > 10 ? 200 : 0) })),
    );
    doc.addPage();
  }
  return pdfToBuffer(doc);
}

describe('drawTextLines', () => {
  it('puts each line where doc.text puts it, in the current font and size', async () => {
    const expected = wordBoxes(
      await drawn((doc, lines) => {
        for (const line of lines)
          if (line.text !== '') doc.text(line.text, line.x, line.y, { lineBreak: false });
      }),
    );
    const actual = wordBoxes(await drawn((doc, lines) => drawTextLines(doc, lines)));
    expect(expected.length).toBeGreaterThan(20);
    expect(actual).toEqual(expected);
  });

  it('leaves the position at the last line drawn', async () => {
    const doc = createPdf({ title: 'position' });
    drawTextLines(doc, LINES);
    expect({ x: doc.x, y: doc.y }).toEqual({ x: 512.3333, y: 500.7 });
    drawTextLines(doc, []);
    expect({ x: doc.x, y: doc.y }).toEqual({ x: 512.3333, y: 500.7 });
    await pdfToBuffer(doc);
  });
});
