// CSV as RFC 4180 writes it (CRLF after each record, a field quoted when it holds a comma, a quote or a
// line break, quotes doubled), with the guard against formula injection: a spreadsheet opening the
// file must not run a title scraped from the web as a formula, so a field starting with = + - @, tab or
// CR gets a leading `'`.
import { stringify, type Options } from 'csv-stringify/sync';

const OPTIONS: Options = {
  record_delimiter: '\r\n',
  escape_formulas: true,
  // The library quotes only the record delimiter itself; a lone LF or CR must be quoted too.
  quoted_match: /[\r\n]/,
};

/** One field: formula-guarded with a leading `'`, then quoted if it needs to be. */
export function csvCell(value: string): string {
  return csvRecord([value]);
}

export function csvRecord(cells: readonly string[]): string {
  return stringify([[...cells]], OPTIONS).slice(0, -2);
}

/** A header row and the records, each record ending in CRLF (the last one too, as RFC 4180 allows). */
export function toCsv(header: readonly string[], records: readonly (readonly string[])[]): string {
  return stringify(
    [header, ...records].map((record) => [...record]),
    OPTIONS,
  );
}
