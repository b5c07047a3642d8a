// Tables drawn with drawTable and read back by poppler, page by page (pdftotext -f N -l N).
import { describe, expect, it } from 'vitest';
import { createPdf, pdfToBuffer, writeText } from './create-pdf.ts';
import { drawTable, startTable, type PdfTableColumn } from './draw-table.ts';
import { readBackPdf, squashSpace } from './test-poppler.ts';

const columns: PdfTableColumn[] = [
  { header: 'Row', width: 40, align: 'right' },
  { header: 'Address', width: 260 },
  { header: 'Status', width: 80, align: 'center' },
  { header: 'Checked', width: 100 },
];

describe('drawTable', () => {
  it('runs 200 rows over several pages with the header row on every page', async () => {
    const doc = createPdf({ title: 'table', footer: 'T' });
    writeText(doc, 'Takedown report', { weight: 'bold', size: 14, gapAfter: 8 });
    const rows = Array.from({ length: 200 }, (_, index) => [
      String(index + 1),
      `https://site${index % 7}.example/videos/${index}/${'long-path-part/'.repeat(index % 3)}watch?id=${index}`,
      index % 2 === 0 ? 'removed' : 'pending',
      '2025-03-05 09:30 UTC',
    ]);
    drawTable(doc, { columns, rows, headerFill: '#eeeeee' });
    writeText(doc, 'After the table');
    const read = readBackPdf(await pdfToBuffer(doc));

    expect(read.pages).toBeGreaterThan(3);
    for (let page = 1; page <= read.pages; page += 1) {
      const text = read.pageText(page);
      for (const column of columns) expect(text, `page ${page}`).toContain(column.header);
    }
    // The first column holds 1 to 200 in order, each once.
    const numbers = Array.from({ length: read.pages }, (_, index) =>
      read.boxText(index + 1, { x: 55, y: 0, width: 38, height: 720 }),
    )
      .join('\n')
      .split(/\s+/)
      .filter((word) => /^\d+$/.test(word));
    expect(numbers).toEqual(rows.map((row) => row[0]));
    // Each address is whole in the second column (which also crosses the text above and below the
    // table), in order, however it wrapped.
    const addresses = Array.from({ length: read.pages }, (_, index) =>
      read.boxText(index + 1, { x: 95, y: 0, width: 258, height: 720 }),
    )
      .join('\n')
      .replace(/^Address$/gm, '');
    expect(squashSpace(addresses)).toContain(rows.map((row) => row[1]).join(''));
    expect(read.pageText(read.pages)).toContain('After the table');
  });

  it('continues a row taller than a page on the next pages, under the header', async () => {
    const doc = createPdf({ title: 'tall' });
    const tall = `https://example.com/${'abcdefghij'.repeat(800)}`;
    drawTable(doc, {
      columns,
      rows: [
        ['1', 'short'],
        ['2', tall, 'pending'],
        ['3', 'last'],
      ],
    });
    const read = readBackPdf(await pdfToBuffer(doc));
    // It starts under the short row on page 1 (a row taller than a page does not skip one).
    expect(read.pages).toBe(2);
    expect(squashSpace(read.pageText(1))).toContain('1short2https://example.com/abcdefghij');
    const column = Array.from({ length: read.pages }, (_, index) =>
      read.boxText(index + 1, { x: 95, y: 0, width: 258, height: 720 }),
    ).join('\n');
    expect(squashSpace(column.replace(/^Address$/gm, ''))).toBe(`short${tall}last`);
    for (let page = 1; page <= read.pages; page += 1)
      expect(read.pageText(page)).toContain('Address');
  });

  it('prints text the standard fonts cannot show as "?" and leaves missing cells empty', async () => {
    const doc = createPdf({ title: 'cells' });
    drawTable(doc, { columns, rows: [['1', 'Jané 日本'], []] });
    const text = readBackPdf(await pdfToBuffer(doc)).pageText(1);
    expect(text).toContain('Jané ??');
  });

  it('refuses columns wider than the page and rows with more cells than columns', () => {
    const doc = createPdf({ title: 'bad' });
    expect(() => drawTable(doc, { columns: [{ header: 'A', width: 600 }], rows: [] })).toThrow(
      /wider than the page/,
    );
    expect(() => drawTable(doc, { columns, rows: [['1', '2', '3', '4', '5']] })).toThrow(
      /row 0 has 5 cells for 4 columns/,
    );
    expect(() => drawTable(doc, { columns: [], rows: [] })).toThrow(/at least one column/);
    expect(() => drawTable(doc, { columns: [{ header: 'A', width: 5 }], rows: [] })).toThrow(
      /column 0 \("A"\) is too narrow/,
    );
    expect(() =>
      drawTable(doc, { columns: [{ header: 'A', width: 50, maxLines: 0 }], rows: [] }),
    ).toThrow(/maxLines of 1 or more/);
  });

  it('shows at most maxLines of a cell, the last ending in "…", and every line of the others', async () => {
    const doc = createPdf({ title: 'max lines' });
    const url = `https://example.com/${'segment/'.repeat(60)}end`;
    drawTable(doc, {
      columns: [
        { header: 'Cut', width: 150, maxLines: 2 },
        { header: 'Whole', width: 150 },
      ],
      rows: [[url, url]],
    });
    const read = readBackPdf(await pdfToBuffer(doc));
    const cut = read
      .boxText(1, { x: 54, y: 0, width: 150, height: 720 })
      .trim()
      .split('\n')
      .slice(1);
    expect(cut).toHaveLength(2);
    expect(cut[1]?.endsWith('…')).toBe(true);
    expect(url.startsWith(squashSpace(cut.join('')).slice(0, -1))).toBe(true);
    const whole = read
      .boxText(1, { x: 204, y: 0, width: 150, height: 720 })
      .replace(/^Whole$/m, '');
    expect(squashSpace(whole)).toBe(url);
  });
});

describe('startTable', () => {
  it('takes rows a batch at a time, counts them, and draws the same table as drawTable', async () => {
    const rows = Array.from({ length: 120 }, (_, index) => [
      String(index + 1),
      `https://site.example/${index}/${'part/'.repeat(index % 9)}`,
      'pending',
      '2025-03-05',
    ]);
    const whole = createPdf({ title: 'same', createdAt: new Date('2025-03-05T00:00:00Z') });
    drawTable(whole, { columns, rows });

    const batched = createPdf({ title: 'same', createdAt: new Date('2025-03-05T00:00:00Z') });
    const table = startTable(batched, { columns });
    const counts: number[] = [];
    // A page added while the table runs sees how many rows are above it.
    batched.on('pageAdded', () => counts.push(table.rowsDrawn));
    for (let start = 0; start < rows.length; start += 25) {
      table.addRows(rows.slice(start, start + 25));
      expect(table.rowsDrawn).toBe(Math.min(rows.length, start + 25));
    }
    table.end();

    const [a, b] = [readBackPdf(await pdfToBuffer(whole)), readBackPdf(await pdfToBuffer(batched))];
    expect(b.pages).toBe(a.pages);
    expect(b.text).toBe(a.text);
    expect(counts).toHaveLength(b.pages - 1);
    // Each count is the first row number printed on that page, less one.
    counts.forEach((count, index) => {
      const first = /^\s*(\d+)\s*$/m.exec(
        b.boxText(index + 2, { x: 55, y: 60, width: 38, height: 660 }),
      )?.[1];
      expect(Number(first), `page ${index + 2}`).toBe(count + 1);
    });
    expect(() => table.addRows([['1', '2', '3', '4', '5']])).toThrow(
      /row 120 has 5 cells for 4 columns/,
    );
  });
});
