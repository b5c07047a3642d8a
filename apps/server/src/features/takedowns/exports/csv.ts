// CSV as RFC 4180 writes it (CRLF, quotes doubled), with the guard against formula injection that
// spreadsheets need: a cell an attacker controls (a page URL, a host) must not start a formula.
import { stringify, type Options } from 'csv-stringify/sync';

export type CsvValue = string | number | null | undefined;

const OPTIONS: Options = {
  record_delimiter: '\r\n',
  // A leading = + - @ (or tab, CR) in text gets a '; numbers we write ourselves are left as they are.
  escape_formulas: true,
  // The library quotes only the record delimiter itself; a lone LF or CR must be quoted too.
  quoted_match: /[\r\n]/,
};

/** Records, each CRLF-terminated. */
export function csvLines(records: readonly (readonly CsvValue[])[]): string {
  return stringify(
    records.map((cells) => [...cells]),
    OPTIONS,
  );
}

/** One record, CRLF-terminated. */
export function csvLine(cells: readonly CsvValue[]): string {
  return csvLines([cells]);
}

/** One cell: a leading = + - @ (or tab, CR) is defused with ', then quoted when it must be. */
export function csvCell(value: CsvValue): string {
  return csvLine([value]).slice(0, -2);
}
