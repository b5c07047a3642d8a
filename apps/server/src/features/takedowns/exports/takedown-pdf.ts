// The branded PDF takedown report: a summary page (the dashboard's figures, the removal rate and its
// definition, vector bar charts of removals over time and by kind of site), then the table of takedowns
// under the brand's letterhead on every page. Drawn with the engine's pdfkit helpers (createPdf,
// startTable, writeText, fitLine): rows are drawn a batch at a time as the reader asks for more and the
// document is streamed, each page written out once finished, so it is never held whole.
import {
  PDF_FONTS,
  contentWidth,
  createPdf,
  onPageAdded,
  standardFontText,
  writeText,
} from '@shark/engine/pdf/create-pdf.ts';
import { startTable, type PdfTable, type PdfTableColumn } from '@shark/engine/pdf/draw-table.ts';
import { fitLine } from '@shark/engine/pdf/wrap-lines.ts';
import {
  RECIPIENT_ROLE_LABELS,
  SITE_KIND_LABELS,
  TAKEDOWN_KIND_LABELS,
  TAKEDOWN_STATUS_LABELS,
  formatRemovalRate,
  type DashboardSummary,
  type TakedownFilters,
} from '@shark/contracts/takedown-report.ts';
import type { BrandConfig } from '#server/config/brands.ts';
import type { BrandLogo, Paint, Stroke } from './brand-logo.ts';
import type { ReportRow } from '#server/features/takedowns/report/takedown-report-repository.ts';

type Doc = PDFKit.PDFDocument;

/** A4 landscape; the letterhead is drawn in the top margin of every page. */
const MARGINS = { top: 72, left: 36, right: 36 };
const INK = '#1f2937';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const TABLE_FONT_SIZE = 7.5;

interface Column extends PdfTableColumn {
  value: (row: ReportRow) => string;
}

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : '');

// 769 pt: the width between the margins. Addresses show two lines at most (ending in "…" when cut):
// the CSV export has every one whole.
const COLUMNS: Column[] = [
  { header: 'Status', width: 62, value: (r) => TAKEDOWN_STATUS_LABELS[r.status] },
  { header: 'Kind', width: 62, value: (r) => TAKEDOWN_KIND_LABELS[r.kind] },
  { header: 'Page', width: 213, maxLines: 2, value: (r) => r.pageUrl },
  { header: 'Host', width: 100, maxLines: 2, value: (r) => r.host },
  { header: 'Site kind', width: 70, value: (r) => SITE_KIND_LABELS[r.siteKind] },
  { header: 'Confirmed', width: 52, value: (r) => day(r.confirmedAt) },
  { header: 'Notice sent', width: 52, value: (r) => day(r.noticeSentAt) },
  { header: 'Removed', width: 52, value: (r) => day(r.removedAt) },
  {
    header: 'Recipient',
    width: 106,
    maxLines: 2,
    value: (r) =>
      r.recipientName
        ? `${r.recipientName} (${RECIPIENT_ROLE_LABELS[r.recipientRole ?? 'site']})`
        : '',
  },
];

export interface PdfReportInput {
  brand: BrandConfig;
  logo: BrandLogo | null;
  /** Whose report it is (name and e-mail). */
  owner: string;
  summary: DashboardSummary;
  filters: TakedownFilters;
  /** Rows matching the filters. */
  total: number;
  generatedAt: Date;
}

/** Mixes a colour with white: `share` of the colour is kept. */
function tint(hex: string, share: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((n >> shift) & 255) * share + 255 * (1 - share));
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

/** One line of text at (x, y), aligned within `width` (measured here: pdfkit aligns only wrapped text). */
function put(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  options: { width?: number; align?: 'left' | 'center' | 'right' } = {},
): void {
  const width = options.width;
  const printable = standardFontText(text);
  let left = x;
  if (width !== undefined && options.align && options.align !== 'left') {
    const room = width - doc.widthOfString(printable);
    left = x + (options.align === 'right' ? room : room / 2);
  }
  doc.text(printable, left, y, { lineBreak: false });
}

function paintFor(
  doc: Doc,
  paint: Paint,
  box: { x: number; y: number; width: number; height: number },
): string | PDFKit.PDFGradient {
  if (paint.kind === 'color') return paint.color;
  // objectBoundingBox units: the gradient's ends are fractions of the shape's box.
  const gradient = doc.linearGradient(
    box.x + paint.x1 * box.width,
    box.y + paint.y1 * box.height,
    box.x + paint.x2 * box.width,
    box.y + paint.y2 * box.height,
  );
  for (const stop of paint.stops) gradient.stop(stop.offset, stop.color);
  return gradient;
}

function finish(
  doc: Doc,
  fill: Paint | null,
  stroke: Stroke | null,
  box: { x: number; y: number; width: number; height: number },
  fallback: string,
): void {
  const fillPaint = fill
    ? fill.kind === 'gradient' && box.width === 0
      ? fallback
      : paintFor(doc, fill, box)
    : null;
  if (stroke) {
    doc.lineWidth(stroke.width).lineCap(stroke.cap).lineJoin(stroke.join);
    const strokePaint =
      stroke.paint.kind === 'color'
        ? stroke.paint.color
        : (stroke.paint.stops[0]?.color ?? fallback);
    if (fillPaint) doc.fillAndStroke(fillPaint, strokePaint);
    else doc.stroke(strokePaint);
  } else if (fillPaint) {
    doc.fill(fillPaint);
  }
}

/** The logo in a `size`-point square at (x, y), or a monogram in the brand's colour. */
function drawLogo(
  doc: Doc,
  logo: BrandLogo | null,
  brand: BrandConfig,
  x: number,
  y: number,
  size: number,
): void {
  if (logo?.kind === 'raster') {
    try {
      doc.image(logo.data, x, y, { fit: [size, size] });
      return;
    } catch {
      // An image pdfkit cannot read: the monogram below.
    }
  }
  if (logo?.kind === 'vector') {
    const [minX, minY, width, height] = logo.viewBox;
    const scale = size / Math.max(width, height);
    doc.save();
    doc.translate(x, y).scale(scale).translate(-minX, -minY);
    for (const shape of logo.shapes) {
      if (shape.kind === 'rect') {
        if (shape.rx > 0) doc.roundedRect(shape.x, shape.y, shape.width, shape.height, shape.rx);
        else doc.rect(shape.x, shape.y, shape.width, shape.height);
        finish(doc, shape.fill, shape.stroke, shape, brand.theme.light);
      } else if (shape.kind === 'circle') {
        doc.circle(shape.cx, shape.cy, shape.r);
        finish(
          doc,
          shape.fill,
          shape.stroke,
          { x: shape.cx - shape.r, y: shape.cy - shape.r, width: 2 * shape.r, height: 2 * shape.r },
          brand.theme.light,
        );
      } else {
        doc.path(shape.d);
        // A path's box is not known here: a gradient on it is drawn in its first colour.
        const fill =
          shape.fill?.kind === 'gradient'
            ? { kind: 'color' as const, color: shape.fill.stops[0]?.color ?? brand.theme.light }
            : shape.fill;
        finish(doc, fill, shape.stroke, { x: 0, y: 0, width: 0, height: 0 }, brand.theme.light);
      }
    }
    doc.restore();
    return;
  }
  doc.roundedRect(x, y, size, size, size / 4).fill(brand.theme.dark);
  doc
    .font(PDF_FONTS.bold)
    .fontSize(size * 0.55)
    .fillColor('#ffffff');
  put(doc, brand.name.slice(0, 1).toUpperCase(), x, y + size * 0.22, {
    width: size,
    align: 'center',
  });
}

function describeFilters(filters: TakedownFilters): string {
  const parts: string[] = [];
  if (filters.status && filters.status.length > 0)
    parts.push(`status ${filters.status.map((s) => TAKEDOWN_STATUS_LABELS[s]).join(', ')}`);
  if (filters.kind) parts.push(`kind ${TAKEDOWN_KIND_LABELS[filters.kind]}`);
  if (filters.siteKind) parts.push(`site kind ${SITE_KIND_LABELS[filters.siteKind]}`);
  if (filters.q) parts.push(`address contains "${filters.q}"`);
  if (filters.from) parts.push(`confirmed from ${filters.from}`);
  if (filters.to) parts.push(`confirmed until ${filters.to}`);
  return parts.length === 0 ? 'All takedowns' : `Takedowns with ${parts.join('; ')}`;
}

/** A bar chart: one bar per value (two side by side when `second` is given), labels under the bars. */
function barChart(
  doc: Doc,
  box: { x: number; y: number; width: number; height: number },
  title: string,
  bars: { label: string; value: number; second?: number }[],
  colors: { first: string; second?: string; legend: [string, string?] },
): void {
  doc.font(PDF_FONTS.bold).fontSize(10).fillColor(INK);
  put(doc, title, box.x, box.y);
  const legendY = box.y + 14;
  doc.font(PDF_FONTS.regular).fontSize(7);
  doc.rect(box.x, legendY + 1, 7, 7).fill(colors.first);
  doc.fillColor(MUTED);
  put(doc, colors.legend[0], box.x + 10, legendY);
  if (colors.second && colors.legend[1]) {
    const offset = box.x + 20 + doc.widthOfString(colors.legend[0]);
    doc.rect(offset, legendY + 1, 7, 7).fill(colors.second);
    doc.fillColor(MUTED);
    put(doc, colors.legend[1], offset + 10, legendY);
  }
  const plot = {
    x: box.x + 28,
    y: box.y + 32,
    width: box.width - 28,
    height: box.height - 32 - 22,
  };
  const max = Math.max(1, ...bars.map((b) => Math.max(b.value, b.second ?? 0)));
  // Axis: zero, the middle and the top, with whole numbers.
  const top = max <= 4 ? max : Math.ceil(max / 4) * 4;
  doc.lineWidth(0.5).strokeColor(RULE);
  for (const tick of [0, top / 2, top]) {
    const y = plot.y + plot.height - (tick / top) * plot.height;
    doc
      .moveTo(plot.x, y)
      .lineTo(plot.x + plot.width, y)
      .stroke();
    doc.font(PDF_FONTS.regular).fontSize(6.5).fillColor(MUTED);
    put(doc, Number.isInteger(tick) ? String(tick) : tick.toFixed(1), box.x, y - 3, {
      width: 24,
      align: 'right',
    });
  }
  const slot = plot.width / Math.max(1, bars.length);
  const barWidth = Math.max(2, Math.min(28, slot * (colors.second ? 0.36 : 0.6)));
  bars.forEach((bar, i) => {
    const cx = plot.x + slot * i + slot / 2;
    const draw = (value: number, x: number, color: string) => {
      const h = (value / top) * plot.height;
      if (h > 0) doc.rect(x, plot.y + plot.height - h, barWidth, h).fill(color);
    };
    if (colors.second && bar.second !== undefined) {
      draw(bar.value, cx - barWidth - 1, colors.first);
      draw(bar.second, cx + 1, colors.second);
    } else {
      draw(bar.value, cx - barWidth / 2, colors.first);
    }
    doc.font(PDF_FONTS.regular).fontSize(6.5).fillColor(MUTED);
    put(doc, fitLine(doc, bar.label, slot - 2), cx - slot / 2, plot.y + plot.height + 4, {
      width: slot,
      align: 'center',
    });
  });
}

function drawHeader(doc: Doc, input: PdfReportInput, subtitle: string): void {
  const { brand } = input;
  const left = doc.page.margins.left;
  doc.rect(0, 0, doc.page.width, 6).fill(brand.theme.dark);
  drawLogo(doc, input.logo, brand, left, 20, 30);
  doc.font(PDF_FONTS.bold).fontSize(16).fillColor(INK);
  put(doc, `${brand.name} · Takedown report`, left + 40, 22);
  doc.font(PDF_FONTS.regular).fontSize(8.5).fillColor(MUTED);
  put(doc, fitLine(doc, subtitle, contentWidth(doc) - 40), left + 40, 42);
}

function drawSummaryPage(doc: Doc, input: PdfReportInput): void {
  const { summary, brand } = input;
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  drawHeader(
    doc,
    input,
    `For ${input.owner} · generated ${input.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  );
  let y = doc.page.margins.top;
  const figures: [string, string, string][] = [
    ['Found', String(summary.totals.found), 'possible copies and impersonators not dismissed'],
    ['Confirmed', String(summary.totals.confirmed), 'takedowns opened'],
    ['Notices sent', String(summary.totals.noticesSent), 'takedowns with a notice sent'],
    ['Removed', String(summary.totals.removed), 'pages taken down'],
    ['Pending', String(summary.totals.pending), 'takedowns still in progress'],
    [
      'Removal rate',
      formatRemovalRate(summary.removalRate.rate),
      `${summary.removalRate.numerator} of ${summary.removalRate.denominator} enforced takedowns`,
    ],
  ];
  const gap = 8;
  const boxWidth = (width - gap * (figures.length - 1)) / figures.length;
  figures.forEach(([label, value, note], i) => {
    const x = left + i * (boxWidth + gap);
    doc.roundedRect(x, y, boxWidth, 62, 6).fill(tint(brand.theme.light, 0.12));
    doc.font(PDF_FONTS.regular).fontSize(8).fillColor(MUTED);
    put(doc, label, x + 8, y + 8);
    doc.font(PDF_FONTS.bold).fontSize(18).fillColor(INK);
    put(doc, value, x + 8, y + 21);
    doc.font(PDF_FONTS.regular).fontSize(6.5).fillColor(MUTED);
    put(doc, fitLine(doc, note, boxWidth - 16), x + 8, y + 46);
  });
  doc.y = y + 72;
  writeText(doc, summary.removalRate.definition, { size: 8, color: INK });
  y = Math.max(y + 96, doc.y + 6);

  const chartWidth = (width - 24) / 2;
  const chartHeight = 190;
  const monthLabel = (start: string) =>
    new Date(`${start}T00:00:00Z`).toLocaleDateString('en-GB', {
      month: 'short',
      year: '2-digit',
      timeZone: 'UTC',
    });
  barChart(
    doc,
    { x: left, y, width: chartWidth, height: chartHeight },
    'Removals over the last 12 months',
    summary.series.points.map((p) => ({ label: monthLabel(p.start), value: p.removed })),
    { first: brand.theme.dark, legend: ['Removed'] },
  );
  barChart(
    doc,
    { x: left + chartWidth + 24, y, width: chartWidth, height: chartHeight },
    'By kind of site',
    summary.bySiteKind.map((k) => ({
      label: SITE_KIND_LABELS[k.siteKind],
      value: k.found,
      second: k.removed,
    })),
    {
      first: tint(brand.theme.light, 0.45),
      second: brand.theme.dark,
      legend: ['Found', 'Removed'],
    },
  );
  doc.y = y + chartHeight + 16;
  writeText(
    doc,
    `${describeFilters(input.filters)}: ${input.total} ${input.total === 1 ? 'takedown' : 'takedowns'}, listed from the next page.`,
    { size: 8, color: MUTED, gapAfter: 16 },
  );
  if (input.total === 0) {
    writeText(doc, 'No takedowns match these filters.', { weight: 'bold', color: INK });
  }
}

/**
 * Draws the report into a streamed pdfkit document as the caller feeds it rows. `start` draws the
 * summary page; `rows` adds rows to the table (starting pages as they fill); `end` finishes the document.
 */
export function createPdfReportWriter(input: PdfReportInput): {
  doc: Doc;
  start(): void;
  rows(rows: readonly ReportRow[]): void;
  end(): void;
} {
  const doc = createPdf({
    title: `${input.brand.name} takedown report`,
    author: input.brand.name,
    producer: input.brand.name,
    createdAt: input.generatedAt,
    footer: input.brand.name,
    size: 'A4',
    layout: 'landscape',
    margins: MARGINS,
    isStreamed: true,
  });
  let table: PdfTable | null = null;

  return {
    doc,
    start() {
      drawSummaryPage(doc, input);
      // Every page after the summary is a page of the table, under the letterhead.
      onPageAdded(doc, () =>
        drawHeader(
          doc,
          input,
          `${describeFilters(input.filters)} · from row ${(table?.rowsDrawn ?? 0) + 1} of ${input.total}`,
        ),
      );
    },
    rows(rows) {
      if (rows.length === 0) return;
      if (table === null) {
        doc.addPage();
        table = startTable(doc, {
          columns: COLUMNS,
          headerFill: tint(input.brand.theme.light, 0.3),
          borderColor: RULE,
          fontSize: TABLE_FONT_SIZE,
        });
      }
      table.addRows(rows.map((row) => COLUMNS.map((column) => column.value(row))));
    },
    end() {
      table?.end();
      doc.end();
    },
  };
}
