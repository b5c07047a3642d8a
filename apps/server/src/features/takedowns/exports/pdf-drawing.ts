// Drawing helpers of the branded PDF report (pdfkit): its colours, one line of text placed and
// aligned, a tint of the brand's colour, the brand's logo (or its monogram) and the vector bar charts.
import { PDF_FONTS, standardFontText } from '@shark/engine/pdf/create-pdf.ts';
import { fitLine } from '@shark/engine/pdf/wrap-lines.ts';
import type { BrandConfig } from '#server/config/brands.ts';
import type { BrandLogo } from './brand-logo.ts';

export type Doc = PDFKit.PDFDocument;

export const INK = '#1f2937';
export const MUTED = '#6b7280';
export const RULE = '#d1d5db';

/** Mixes a colour with white: `share` of the colour is kept. */
export function tint(hex: string, share: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((n >> shift) & 255) * share + 255 * (1 - share));
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

/** One line of text at (x, y), aligned within `width` (measured here: pdfkit aligns only wrapped text). */
export function put(
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

/** An image pdfkit has read (`doc.openImage`, which its typings leave out): drawn by `doc.image`. */
interface OpenedImage {
  width: number;
  height: number;
}

const openedImages = new WeakMap<Doc, Map<Buffer, OpenedImage | null>>();

/**
 * The picture read once per document: pdfkit embeds an image object each time it is given the bytes,
 * so a logo on every page would be decoded and written out again on every page. The object opened
 * here is embedded once and each page refers to it. Null for bytes pdfkit cannot read.
 */
function openedImage(doc: Doc, data: Buffer): OpenedImage | null {
  let images = openedImages.get(doc);
  if (!images) {
    images = new Map();
    openedImages.set(doc, images);
  }
  if (!images.has(data)) {
    let image: OpenedImage | null = null;
    try {
      image = (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(data);
    } catch {
      // An image pdfkit cannot read: the caller draws the monogram.
    }
    images.set(data, image);
  }
  return images.get(data) ?? null;
}

/** The logo in a `size`-point square at (x, y), or a monogram in the brand's colour. */
export function drawLogo(
  doc: Doc,
  logo: BrandLogo | null,
  brand: BrandConfig,
  x: number,
  y: number,
  size: number,
): void {
  const image = logo ? openedImage(doc, logo.data) : null;
  if (logo && image) {
    try {
      doc.image(image as unknown as Buffer, x, y, { fit: [size, size] });
      return;
    } catch {
      // Bytes pdfkit read the header of but cannot draw: the monogram, here and on later pages.
      openedImages.get(doc)?.set(logo.data, null);
    }
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

/** A bar chart: one bar per value (two side by side when `second` is given), labels under the bars. */
export function barChart(
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
