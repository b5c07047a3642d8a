// Reading what the creator reports: one address per item or per CSV row (first column, header optional),
// each judged as a web address and keyed the way the whitelist and findings compare pages.
import { REPORT_LEAKS_MAX_URLS, REPORTED_URL_MAX_LENGTH } from '@shark/contracts/report-leaks.ts';
import { hasScheme, parseWebAddress, urlKey } from '@shark/engine/whitelist/web-address.ts';
import { AppError } from '#server/http/app-error.ts';
import { parseCsv } from '#server/features/whitelist/whitelist-input.ts';

export interface ReportLine {
  /** 1-based: the item of the list, or the CSV line the row starts on. */
  line: number;
  input: string;
}

export type JudgedAddress =
  | {
      ok: true;
      /** What is fetched: the address with its scheme (https when none was typed). */ url: string;
      /** Comparison key (decision 0011). */ key: string;
    }
  | { ok: false; message: string };

/**
 * An http(s) address of a page on the public web: a scheme is added when missing (example.com/page is
 * https), user names and passwords are refused (a page behind a login cannot be taken down by link).
 */
export function judgeAddress(input: string): JudgedAddress {
  const text = input.trim();
  if (text === '') return { ok: false, message: 'This line is empty.' };
  if (text.length > REPORTED_URL_MAX_LENGTH)
    return {
      ok: false,
      message: `This address is longer than ${REPORTED_URL_MAX_LENGTH} characters.`,
    };
  const parsed = parseWebAddress(text);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  let url: URL;
  try {
    url = new URL(
      hasScheme(text) ? text : text.startsWith('//') ? `https:${text}` : `https://${text}`,
    );
  } catch {
    return { ok: false, message: 'This is not a valid web address.' };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, message: 'Remove the user name and password from the address.' };
  }
  const host = url.hostname;
  const isAddressLiteral = host.startsWith('[') || /^\d+(\.\d+){3}$/.test(host);
  if (!isAddressLiteral && !host.includes('.')) {
    return {
      ok: false,
      message:
        'This is not a full web address; write it as it appears in the browser, such as https://example.com/page.',
    };
  }
  return { ok: true, url: url.href, key: urlKey(parsed.value) };
}

/** The items of a JSON list, numbered from 1 (blank items are kept and reported as empty). */
export function numberedLines(urls: string[]): ReportLine[] {
  return urls.map((input, index) => ({ line: index + 1, input: input.trim() }));
}

function csvError(message: string, field: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } });
}

/**
 * The rows of a CSV file: the address is the first column; blank rows are skipped; the first row is a
 * header when its first cell cannot be an address (no dot, no slash: "url", "Page address").
 */
export function readCsvUrls(text: string, field = 'file'): ReportLine[] {
  let records: { line: number; cells: string[] }[];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof AppError) throw csvError(error.message, field);
    throw error;
  }
  let rows = records.filter((r) => r.cells.some((cell) => cell.trim() !== ''));
  const first = rows[0]?.cells[0]?.trim() ?? '';
  if (first !== '' && !first.includes('.') && !first.includes('/')) rows = rows.slice(1);
  if (rows.length === 0)
    throw csvError(
      'The CSV file has no addresses: put one address per row, in the first column.',
      field,
    );
  if (rows.length > REPORT_LEAKS_MAX_URLS) {
    throw csvError(
      `The CSV file has ${rows.length} addresses; report at most ${REPORT_LEAKS_MAX_URLS} at a time and send the rest next.`,
      field,
    );
  }
  return rows.map(({ line, cells }) => ({ line, input: (cells[0] ?? '').trim() }));
}

/**
 * The text of an uploaded CSV file, judged by its content: UTF-8, UTF-16 with a byte-order mark, or
 * Windows-1252 (older spreadsheet programs); a binary file is refused.
 */
export function decodeCsvBytes(bytes: Uint8Array, field = 'file'): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes);
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Control characters other than tab, line breaks and form feed do not occur in text files.
    if (code < 0x09 || (code > 0x0d && code < 0x20)) {
      const message =
        'This file is not a CSV text file. Export the list as CSV (UTF-8) and try again.';
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', message, { fields: { [field]: message } });
    }
  }
  if (text.trim() === '') throw csvError('The CSV file is empty.', field);
  return text;
}
