// Turns a paste (one entry per line) or a CSV file (value, note and optionally kind columns, with or
// without a header row) into numbered lines for the whitelist service.
import {
  WHITELIST_BULK_MAX_LINES,
  WHITELIST_KINDS,
  type WhitelistKind,
} from '@shark/contracts/whitelist.ts';
import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '#server/http/app-error.ts';

export interface BulkLine {
  /** 1-based line of the paste, or the CSV line where the row starts. */
  line: number;
  input: string;
  kind?: WhitelistKind | undefined;
  note?: string | undefined;
  /** Set when the row itself is unusable (a bad kind column), before the entry is read. */
  problem?: string | undefined;
}

const VALUE_HEADERS = new Set([
  'value',
  'url',
  'urls',
  'domain',
  'domains',
  'pattern',
  'address',
  'entry',
  'site',
  'website',
  'link',
  'whitelist',
]);
const NOTE_HEADERS = new Set(['note', 'notes', 'comment', 'comments', 'description', 'label']);
const KIND_HEADERS = new Set(['kind', 'type']);

function tooMany(what: 'lines' | 'rows', field: 'text' | 'csv'): AppError {
  const message = `Send at most ${WHITELIST_BULK_MAX_LINES} ${what} at a time; split the list and send the rest next.`;
  return new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } });
}

/** Lines of a paste: blank lines and lines starting with # are skipped. */
export function readPastedLines(text: string): BulkLine[] {
  const lines: BulkLine[] = [];
  text.split(/\r\n|\n|\r/).forEach((raw, index) => {
    const input = raw.trim();
    if (input === '' || input.startsWith('#')) return;
    lines.push({ line: index + 1, input });
  });
  if (lines.length > WHITELIST_BULK_MAX_LINES) throw tooMany('lines', 'text');
  return lines;
}

/** RFC 4180 records with the line each starts on; the delimiter (, ; or tab) is taken from the first line. */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  // The line the next record starts on: one past the line breaks its predecessors held.
  let line = 1;
  try {
    parse(text, {
      bom: true,
      delimiter: detectDelimiter(text.startsWith('\uFEFF') ? text.slice(1) : text),
      record_delimiter: ['\r\n', '\n', '\r'],
      // Spreadsheets write rows of differing lengths and stray quotes inside unquoted cells.
      relax_column_count: true,
      relax_quotes: true,
      trim: true,
      // Kept so that an unclosed quote's line can be found in the text of the record it left open.
      raw: true,
      // With raw set, a record comes wrapped as { record, raw } (which the library's types do not say).
      on_record: (parsed: string[] | { record: string[] }) => {
        const cells = Array.isArray(parsed) ? parsed : parsed.record;
        records.push({ line, cells });
        line += 1 + lineBreaks(cells.join(''));
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError) || error.code !== 'CSV_QUOTE_NOT_CLOSED') throw error;
    const raw = typeof error.raw === 'string' ? error.raw : '';
    const quoteLine = line + lineBreaks(raw.slice(0, openingQuote(raw)));
    const message = `The CSV file has a quote on line ${quoteLine} that is never closed.`;
    throw new AppError('VALIDATION_FAILED', message, { fields: { csv: message } });
  }
  return records;
}

function lineBreaks(text: string): number {
  return text.match(/\r\n|\n|\r/g)?.length ?? 0;
}

/**
 * Where the quote left open starts in the unfinished record's text: the cell it opens holds quotes only
 * doubled, so it is the first of the last run of quotes that has an odd length.
 */
function openingQuote(raw: string): number {
  let end = raw.length;
  for (;;) {
    const last = raw.lastIndexOf('"', end - 1);
    if (last < 0) return 0;
    let first = last;
    while (first > 0 && raw[first - 1] === '"') first--;
    if ((last - first + 1) % 2 === 1) return first;
    end = first;
  }
}

function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  const outsideQuotes = firstLine.replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((d) => [d, outsideQuotes.split(d).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ',';
}

/**
 * Rows of a whitelist CSV. With a header row (a cell named value, url, domain…, note, kind), columns
 * are found by name; without one, the first column is the entry and the second its note.
 */
export function readCsvLines(text: string): BulkLine[] {
  const records = parseCsv(text).filter((r) => r.cells.some((c) => c.trim() !== ''));
  const first = records[0];
  let valueColumn = 0;
  let noteColumn = 1;
  let kindColumn = -1;
  let body = records;
  if (first) {
    const names = first.cells.map((c) => c.trim().toLowerCase());
    const isHeader =
      names.some((n) => VALUE_HEADERS.has(n) || NOTE_HEADERS.has(n) || KIND_HEADERS.has(n)) &&
      names.every((n) => !n.includes('.') && !n.includes('/'));
    if (isHeader) {
      body = records.slice(1);
      valueColumn = Math.max(
        0,
        names.findIndex((n) => VALUE_HEADERS.has(n)),
      );
      noteColumn = names.findIndex((n) => NOTE_HEADERS.has(n));
      kindColumn = names.findIndex((n) => KIND_HEADERS.has(n));
    }
  }
  if (body.length > WHITELIST_BULK_MAX_LINES) throw tooMany('rows', 'csv');
  return body.map(({ line, cells }) => {
    const note = noteColumn >= 0 ? cells[noteColumn]?.trim() : undefined;
    const kindText = kindColumn >= 0 ? cells[kindColumn]?.trim().toLowerCase() : undefined;
    const kind = WHITELIST_KINDS.find((k) => k === kindText);
    return {
      line,
      input: (cells[valueColumn] ?? '').trim(),
      note: note === '' ? undefined : note,
      kind,
      problem:
        kindText && !kind ? `The kind "${kindText}" is not url, domain or pattern.` : undefined,
    };
  });
}
