// Turns a paste (one entry per line) or a CSV file (value, note and optionally kind columns, with or
// without a header row) into numbered lines for the whitelist service.
import { WHITELIST_BULK_MAX_LINES, WHITELIST_KINDS, type WhitelistKind } from '@shark/contracts/whitelist.ts';
import { AppError } from '../../http/app-error.ts';

export interface BulkLine {
  /** 1-based line of the paste, or the CSV line where the row starts. */
  line: number;
  input: string;
  kind?: WhitelistKind | undefined;
  note?: string | undefined;
  /** Set when the row itself is unusable (a bad kind column), before the entry is read. */
  problem?: string | undefined;
}

const VALUE_HEADERS = new Set(['value', 'url', 'urls', 'domain', 'domains', 'pattern', 'address', 'entry', 'site', 'website', 'link', 'whitelist']);
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
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const delimiter = detectDelimiter(source);
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let inQuotes = false;
  let quoteLine = 0;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (inQuotes) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i++;
        } else {
          inQuotes = false;
        }
      } else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell.trim() === '') {
      cell = '';
      inQuotes = true;
      quoteLine = line;
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      cells.push(cell);
      records.push({ line: recordLine, cells });
      cells = [];
      cell = '';
      line++;
      recordLine = line;
    } else {
      cell += char;
    }
  }
  if (inQuotes) {
    const message = `The CSV file has a quote on line ${quoteLine} that is never closed.`;
    throw new AppError('VALIDATION_FAILED', message, { fields: { csv: message } });
  }
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    records.push({ line: recordLine, cells });
  }
  return records;
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
      valueColumn = Math.max(0, names.findIndex((n) => VALUE_HEADERS.has(n)));
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
      problem: kindText && !kind ? `The kind "${kindText}" is not url, domain or pattern.` : undefined,
    };
  });
}
