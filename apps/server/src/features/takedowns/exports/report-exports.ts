// The report's exports as byte streams the response sends as they come: each time the reader wants
// more, the next batch of rows is read and written (CSV text, or PDF pages), so memory holds one batch
// whatever the number of rows, and a reader that goes away stops the reading.
import {
  RECIPIENT_ROLE_LABELS,
  SITE_KIND_LABELS,
  TAKEDOWN_KIND_LABELS,
  TAKEDOWN_STATUS_LABELS,
  type TakedownFilters,
} from '@shark/contracts/takedown-report.ts';
import { isOnionHost } from '@shark/engine/fetch/onion.ts';
import { csvLine, csvLines, type CsvValue } from './csv.ts';
import { createPdfReportWriter, type PdfReportInput } from './takedown-pdf.ts';
import type { ReportRow } from '#server/features/takedowns/report/takedown-report-repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : '');

export const CSV_HEADER = [
  'Takedown ID',
  'Status',
  'Kind',
  'Page URL',
  'Host',
  'Site kind',
  'Confirmed at',
  'Notice sent at',
  'Removed at',
  'Last checked at',
  'Recipient',
  'Recipient role',
  'Recipient address',
  // Last, so that the columns before it keep their places in sheets made from earlier exports.
  'Dark web',
] as const;

function csvRecord(row: ReportRow): CsvValue[] {
  return [
    row.id,
    TAKEDOWN_STATUS_LABELS[row.status],
    TAKEDOWN_KIND_LABELS[row.kind],
    row.pageUrl,
    row.host,
    SITE_KIND_LABELS[row.siteKind],
    iso(row.confirmedAt),
    iso(row.noticeSentAt),
    iso(row.removedAt),
    iso(row.lastCheckedAt),
    row.recipientName,
    row.recipientRole ? RECIPIENT_ROLE_LABELS[row.recipientRole] : null,
    row.recipientAddress,
    isOnionHost(row.host) ? 'yes' : 'no',
  ];
}

export function csvExportStream(batches: AsyncGenerator<ReportRow[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let isHeaderSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!isHeaderSent) {
          isHeaderSent = true;
          controller.enqueue(encoder.encode(csvLine(CSV_HEADER)));
          return;
        }
        const next = await batches.next();
        if (next.done) {
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(csvLines(next.value.map(csvRecord))));
      },
      async cancel() {
        await batches.return(undefined);
      },
    },
    // One batch waits at most: the next is read only once the response has taken this one.
    { highWaterMark: 1 },
  );
}

/** The PDF: the summary page first, then the table, a batch of rows per pull. */
export function pdfExportStream(
  input: PdfReportInput & { filters: TakedownFilters },
  batches: AsyncGenerator<ReportRow[]>,
): ReadableStream<Uint8Array> {
  const writer = createPdfReportWriter(input);
  const chunks: Buffer[] = [];
  let hasEnded = false;
  let failure: Error | null = null;
  writer.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => writer.doc.once('end', resolve));
  writer.doc.once('error', (error: Error) => {
    failure = error;
  });
  let isStarted = false;
  // pdfkit hands out what it wrote on the next turns of the event loop.
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        while (chunks.length === 0 && !hasEnded) {
          if (!isStarted) {
            isStarted = true;
            writer.start();
          } else {
            const next = await batches.next();
            if (next.done) {
              writer.end();
              await ended;
              hasEnded = true;
            } else {
              writer.rows(next.value);
            }
          }
          await settle();
          if (failure) throw failure;
        }
        if (chunks.length > 0) controller.enqueue(new Uint8Array(Buffer.concat(chunks.splice(0))));
        if (hasEnded && chunks.length === 0) controller.close();
      },
      async cancel() {
        await batches.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}
