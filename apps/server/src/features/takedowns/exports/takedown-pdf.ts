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
import type { ReportRow } from '#server/features/takedowns/report/takedown-report-repository.ts';
import type { BrandLogo } from './brand-logo.ts';
import { barChart, drawLogo, INK, MUTED, put, RULE, tint, type Doc } from './pdf-drawing.ts';

/** A4 landscape; the letterhead is drawn in the top margin of every page. */
const MARGINS = { top: 72, left: 36, right: 36 };
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

/** The dark web's figures in a sentence, with what happens to them. */
export function darkWebLine(darkWeb: NonNullable<DashboardSummary['darkWeb']>): string {
  return (
    `Dark web: ${darkWeb.found} found on Tor onion sites, ${darkWeb.noticesSent} notices sent, ` +
    `${darkWeb.removed} removed, ${darkWeb.noContact} with no contact given. Onion sites have no host ` +
    'or registrar: a notice goes only where the site or our catalog gives a contact; otherwise the ' +
    'finding stays on record and copies on the open web are taken down as usual.'
  );
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
  if (summary.darkWeb) writeText(doc, darkWebLine(summary.darkWeb), { size: 8, color: INK });
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
