// CSV as RFC 4180 writes it (CRLF between records, a field quoted when it holds a comma, a quote or a
// line break, quotes doubled), with the guard against formula injection: a spreadsheet opening the
// file must not run a title scraped from the web as a formula.

/** Characters that make Excel, LibreOffice and Google Sheets read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field: formula-guarded with a leading `'`, then quoted if it needs to be. */
export function csvCell(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

export function csvRecord(cells: readonly string[]): string {
  return cells.map(csvCell).join(',');
}

/** A header row and the records, each record ending in CRLF (the last one too, as RFC 4180 allows). */
export function toCsv(header: readonly string[], records: readonly (readonly string[])[]): string {
  return [header, ...records].map((record) => `${csvRecord(record)}\r\n`).join('');
}
