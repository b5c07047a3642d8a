// Small text helpers every notice format shares: values from the web made safe to print, HTML
// escaping, the dates notices show, and the `{placeholder}` wording of brand templates.

/**
 * C0/C1 controls (tabs and line breaks included: a title is one line) and the bidirectional
 * overrides that can make a printed URL or name read differently from what it is ("Trojan Source").
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu;
const UNSAFE_IN_BLOCK =
  // eslint-disable-next-line no-control-regex -- as above, line feeds kept
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu;

/** One line of text from outside (a title, a username): controls become spaces, runs of space one. */
export function oneLine(value: string): string {
  return value.replace(UNSAFE_IN_LINE, ' ').replace(/\s+/gu, ' ').trim();
}

/** Text that may keep its line breaks (an address, a description): CRLF/CR become LF, other controls go. */
export function multiLine(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(UNSAFE_IN_BLOCK, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line, index, lines) => line !== '' || (index > 0 && lines[index - 1] !== ''))
    .join('\n')
    .trim();
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Safe in element content and in quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** `2025-03-04`: the calendar date in UTC, so a notice reads the same wherever it is rendered. */
export function formatDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `2025-03-04 10:15 UTC`. */
export function formatDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const PLACEHOLDER = /\{([a-zA-Z]+)\}/g;

/** The placeholder names a template uses. */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
}

/** Fills `{name}` placeholders; the caller has checked that every name is known. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

/** Whether the string is an absolute http(s) URL with no user name or password in it. */
export function isHttpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.username === '' &&
    url.password === ''
  );
}

/** The WHATWG form of an http(s) URL: punycode host, percent-encoded path, so what is printed is what a browser opens. */
export function canonicalUrl(value: string): string {
  return new URL(value.trim()).href;
}
