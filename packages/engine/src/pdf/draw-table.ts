// A bordered table for pdfkit documents that never loses a cell's text: cells wrap (long URLs
// included, see wrap-lines.ts), the table runs onto as many pages as it needs with its header row on
// each one, and a row taller than a page is continued on the next. pdfkit's own `doc.table` repeats no header and
// cuts a row that does not fit a page short, so the table is drawn here line by line. Rows can be given
// all at once (`drawTable`) or a batch at a time (`startTable`), for a table too long to hold.
import { PDF_FONTS, standardFontText, type PdfFontWeight } from './create-pdf.ts';
import { drawTextLines, type PlacedLine } from './text-lines.ts';
import { ellipsize, wrapLines } from './wrap-lines.ts';

export interface PdfTableColumn {
  header: string;
  /** In points. */
  width: number;
  align?: 'left' | 'center' | 'right';
  /**
   * The most lines a cell of this column shows; the last one ends in "…" when text is left out. For
   * a long listing whose full text is elsewhere (the report's CSV); every line is shown when left out.
   */
  maxLines?: number;
}

export interface DrawTableOptions extends TableOptions {
  /** One string per column; missing cells are empty. */
  rows: readonly (readonly string[])[];
}

export interface TableOptions {
  columns: readonly PdfTableColumn[];
  /** Background of the header row (a CSS colour such as `#eeeeee`); none when left out. */
  headerFill?: string;
  /** Font size of every cell, 8 pt by default. */
  fontSize?: number;
  /** Space inside each cell's border, 3 pt by default. */
  padding?: number;
  borderColor?: string;
}

/** Texts each column keeps the wrapped lines of (see `startTable`). */
const WRAPPED_CELLS_KEPT = 2000;
const MEASURED_PIECES_KEPT = 2000;

/**
 * Draws the table at the current position (`doc.y`, left margin) and leaves `doc.y` below it.
 * Cell text is printed with the standard fonts (see `standardFontText`). Throws when the columns are
 * wider than the page or one is too narrow to hold a character, or a row has more cells than there
 * are columns: all are the caller's bug, not bad input.
 */
export function drawTable(doc: PDFKit.PDFDocument, options: DrawTableOptions): void {
  const table = startTable(doc, options);
  table.addRows(options.rows);
  table.end();
}

export interface PdfTable {
  /** Draws these rows under the ones drawn so far, starting pages (under the header row) as needed. */
  addRows(rows: readonly (readonly string[])[]): void;
  /** Rows finished so far: while a page is being added, the number of rows above it. */
  readonly rowsDrawn: number;
  /** Leaves `doc.y` below the table and the font as `drawTable` does. */
  end(): void;
}

/**
 * Draws the header row at the current position now and the rows as they are given, for a table whose
 * rows are read a batch at a time (only the batch is held). Same drawing and errors as `drawTable`.
 */
export function startTable(doc: PDFKit.PDFDocument, options: TableOptions): PdfTable {
  const { columns } = options;
  const size = options.fontSize ?? 8;
  const padding = options.padding ?? 3;
  const leading = size * 1.25;
  const left = doc.page.margins.left;
  const tableWidth = columns.reduce((sum, column) => sum + column.width, 0);
  if (columns.length === 0) throw new Error('drawTable: a table needs at least one column');
  if (tableWidth > doc.page.width - left - doc.page.margins.right + 0.01) {
    throw new Error(
      `drawTable: the columns (${tableWidth} pt) are wider than the page's text area`,
    );
  }
  columns.forEach((column, index) => {
    if (!(column.width > 2 * padding + size)) {
      throw new Error(`drawTable: column ${index} ("${column.header}") is too narrow for any text`);
    }
    if (
      column.maxLines !== undefined &&
      !(Number.isInteger(column.maxLines) && column.maxLines > 0)
    ) {
      throw new Error(
        `drawTable: column ${index} ("${column.header}") needs maxLines of 1 or more`,
      );
    }
  });

  // The widths of the pieces the rows' cells were wrapped from (URL parts, words, pairs of letters for
  // their kerning), in the rows' font and size; cleared when full, so it stays small.
  const rowWidths = new Map<string, number>();
  const wrapCell = (text: string, column: PdfTableColumn, weight: PdfFontWeight): string[] => {
    const width = column.width - 2 * padding;
    if (rowWidths.size >= MEASURED_PIECES_KEPT) rowWidths.clear();
    const widths = weight === 'regular' ? rowWidths : new Map<string, number>();
    const lines = wrapLines(doc, standardFontText(text), width, widths);
    const max = column.maxLines;
    if (max === undefined || lines.length <= max) return lines;
    return [...lines.slice(0, max - 1), ellipsize(doc, lines[max - 1] ?? '', width)];
  };
  // Long listings repeat most cells (a status, a date, a host): each column remembers the lines of the
  // texts it wrapped lately, in the rows' font. Cleared when full, so it stays small.
  const wrapped = columns.map(() => new Map<string, string[]>());
  const wrapRow = (cells: readonly string[], weight: PdfFontWeight): string[][] => {
    doc.font(PDF_FONTS[weight]).fontSize(size);
    return columns.map((column, index) => {
      const text = cells[index] ?? '';
      if (weight !== 'regular') return wrapCell(text, column, weight);
      const memo = wrapped[index]!;
      let lines = memo.get(text);
      if (lines === undefined) {
        lines = wrapCell(text, column, weight);
        if (memo.size >= WRAPPED_CELLS_KEPT) memo.clear();
        memo.set(text, lines);
      }
      return lines;
    });
  };
  const linesIn = (cells: readonly string[][]) =>
    Math.max(1, ...cells.map((lines) => lines.length));

  /** Draws `count` lines of each cell as one bordered row at `doc.y`, then moves below it. */
  const drawRow = (
    cells: readonly string[][],
    count: number,
    weight: PdfFontWeight,
    fill?: string,
  ) => {
    const top = doc.y;
    const height = count * leading + 2 * padding;
    if (fill !== undefined) doc.rect(left, top, tableWidth, height).fill(fill);
    doc.font(PDF_FONTS[weight]).fontSize(size).fillColor('black');
    let x = left;
    const lines: PlacedLine[] = [];
    columns.forEach((column, index) => {
      const inner = column.width - 2 * padding;
      (cells[index] ?? []).slice(0, count).forEach((line, lineIndex) => {
        const align = column.align ?? 'left';
        const offset =
          align === 'left' ? 0 : (inner - doc.widthOfString(line)) / (align === 'right' ? 1 : 2);
        lines.push({ text: line, x: x + padding + offset, y: top + padding + lineIndex * leading });
      });
      x += column.width;
    });
    drawTextLines(doc, lines);
    // The cells' borders, one path stroked once: the same lines as a stroke per cell.
    doc.lineWidth(0.5).strokeColor(options.borderColor ?? '#555555');
    x = left;
    for (const column of columns) {
      doc.rect(x, top, column.width, height);
      x += column.width;
    }
    doc.stroke();
    doc.x = left;
    doc.y = top + height;
  };

  const header = wrapRow(
    columns.map((column) => column.header),
    'bold',
  );
  const headerLines = linesIn(header);
  const headerHeight = headerLines * leading + 2 * padding;
  const drawHeader = () => drawRow(header, headerLines, 'bold', options.headerFill);
  /** Whole lines of a row that fit between `doc.y` and the bottom margin. */
  const linesThatFit = () => Math.floor((doc.page.maxY() - doc.y - 2 * padding) / leading);
  const newPage = () => {
    doc.addPage();
    drawHeader();
    if (linesThatFit() < 1) {
      throw new Error('drawTable: the header row leaves no room for a row on a page');
    }
  };
  const linesOnFreshPage = Math.floor(
    (doc.page.maxY() - doc.page.margins.top - headerHeight - 2 * padding) / leading,
  );

  // The header never ends a page alone: it goes where at least the first row's first line fits.
  if (doc.y + headerHeight + leading + 2 * padding > doc.page.maxY()) doc.addPage();
  drawHeader();

  let rowsDrawn = 0;
  return {
    get rowsDrawn() {
      return rowsDrawn;
    },
    addRows(rows) {
      rows.forEach((row, index) => {
        if (row.length > columns.length) {
          throw new Error(
            `drawTable: row ${rowsDrawn + index} has ${row.length} cells for ${columns.length} columns`,
          );
        }
      });
      for (const row of rows) {
        let cells = wrapRow(row, 'regular');
        let isPageFresh = false;
        for (;;) {
          const needed = linesIn(cells);
          const room = linesThatFit();
          if (needed <= room) {
            drawRow(cells, needed, 'regular');
            break;
          }
          // A row that fits on a page is moved to the next one whole (as is one that would leave a
          // single line here); a row taller than a page fills what is left of it and goes on.
          if (!isPageFresh && (needed <= linesOnFreshPage || room < 2)) {
            newPage();
            isPageFresh = true;
            continue;
          }
          drawRow(cells, room, 'regular');
          cells = cells.map((lines) => lines.slice(room));
          newPage();
          isPageFresh = true;
        }
        rowsDrawn += 1;
      }
    },
    end() {
      doc.font(PDF_FONTS.regular).fontSize(10);
      doc.x = left;
      doc.y += 8;
    },
  };
}
