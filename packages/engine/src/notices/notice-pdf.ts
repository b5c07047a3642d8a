// The PDF copy of a notice (or impersonation report) kept with the takedown and given to the creator:
// the brand's letterhead, every block of the notice as sent, and a table of the infringing items.
import { contentWidth, createPdf, ensureSpace, pdfToBuffer, writeText } from '../pdf/create-pdf.ts';
import { drawTable } from '../pdf/draw-table.ts';
import type { ComposedDepictionNotice } from './depiction-notice.ts';
import type { ImpersonationReport } from './impersonation-report.ts';
import type { ComposedNotice, NoticeBlock, NoticeBrand } from './notice-types.ts';
import { formatDateTime, multiLine, oneLine } from './notice-text.ts';

function drawBlock(doc: PDFKit.PDFDocument, block: NoticeBlock): void {
  switch (block.kind) {
    case 'heading':
      ensureSpace(doc, 60);
      writeText(doc, block.text, { weight: 'bold', size: 14, gapAfter: 6 });
      return;
    case 'fields':
      writeText(doc, block.rows.map((row) => `${row.label}: ${row.value}`).join('\n'), {
        gapAfter: 6,
      });
      return;
    case 'paragraph':
      writeText(doc, block.text, { gapAfter: 6 });
      return;
    case 'section':
    case 'element':
      if (block.heading !== null) {
        ensureSpace(doc, 48);
        writeText(doc, block.heading, { weight: 'bold', size: 11, gapAfter: 2 });
      }
      writeText(doc, block.text, { gapAfter: 6 });
      return;
  }
}

/** The notice as a PDF (US Letter, standard fonts). Resolves to the file's bytes. */
export function renderNoticePdf(
  notice: ComposedNotice | ImpersonationReport | ComposedDepictionNotice<string>,
  brand: Pick<NoticeBrand, 'productName' | 'agentEmail' | 'agentPostalAddress' | 'websiteUrl'>,
): Promise<Buffer> {
  const reference = 'noticeId' in notice ? notice.noticeId : notice.reportId;
  const doc = createPdf({
    title: notice.subject,
    author: oneLine(brand.productName),
    createdAt: notice.sentAt,
    footer: `${oneLine(brand.productName)} · ${reference}`,
  });

  writeText(doc, oneLine(brand.productName), { weight: 'bold', size: 18, gapAfter: 2 });
  writeText(
    doc,
    `${oneLine(brand.websiteUrl)} · ${oneLine(brand.agentEmail)} · ${multiLine(brand.agentPostalAddress).split('\n').join(', ')}`,
    { size: 8, gapAfter: 4 },
  );
  const left = doc.page.margins.left;
  doc
    .lineWidth(0.5)
    .strokeColor('#999999')
    .moveTo(left, doc.y)
    .lineTo(left + contentWidth(doc), doc.y)
    .stroke();
  doc.y += 12;
  writeText(doc, `Subject: ${notice.subject}`, { weight: 'bold', gapAfter: 8 });

  for (const block of notice.blocks) drawBlock(doc, block);

  if ('items' in notice) {
    ensureSpace(doc, 80);
    doc.y += 6;
    writeText(doc, 'Schedule A: infringing items', { weight: 'bold', size: 11, gapAfter: 4 });
    drawTable(doc, {
      headerFill: '#e8e8e8',
      columns: [
        { header: '#', width: 22, align: 'right' },
        { header: 'Page URL', width: 168 },
        { header: 'Media file URL', width: 148 },
        { header: 'Work (matched reference)', width: 100 },
        { header: 'Found', width: 66 },
      ],
      rows: notice.items.map((item) => [
        String(item.number),
        item.pageUrl,
        item.mediaUrl ?? '(the page itself)',
        `${item.workRef} "${item.workTitle}"${item.referenceName === null ? '' : ` (${item.referenceName})`}` +
          (item.kind === 'impersonation' ? ', impersonating account' : ''),
        formatDateTime(item.foundAt),
      ]),
    });
  }
  if ('depictions' in notice) {
    ensureSpace(doc, 80);
    doc.y += 6;
    writeText(doc, 'Schedule A: the depictions', { weight: 'bold', size: 11, gapAfter: 4 });
    drawTable(doc, {
      headerFill: '#e8e8e8',
      columns: [
        { header: '#', width: 22, align: 'right' },
        { header: 'Page URL', width: 190 },
        { header: 'Image URL', width: 170 },
        { header: 'What it is', width: 56 },
        { header: 'Found', width: 66 },
      ],
      rows: notice.depictions.map((row) => [
        String(row.number),
        row.pageUrl,
        row.mediaUrl ?? '(the page itself)',
        row.nature === 'forgery' ? 'Forgery' : 'Intimate, no consent',
        formatDateTime(row.foundAt),
      ]),
    });
  }
  return pdfToBuffer(doc);
}
