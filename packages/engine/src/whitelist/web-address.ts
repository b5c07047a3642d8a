// The one normalisation of web addresses that whitelist entries and checked URLs share, built on the
// WHATWG URL parser (the parser browsers and Node's fetch use, so we see the host they would reach).
import { domainToUnicode } from 'node:url';

/** Longest entry or address accepted, in characters. */
export const MAX_ADDRESS_LENGTH = 2048;

/**
 * Query parameters that only say where a click came from. They are dropped before comparing, so a
 * whitelisted page is still recognised when a link to it carries them. `ref` is deliberately not
 * here: on affiliate sites it can choose what the page shows.
 */
const TRACKING_PARAMETERS = new Set([
  'fbclid',
  'gclid',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'igshid',
  'igsh',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'vero_id',
  'oly_anon_id',
  'oly_enc_id',
  'rb_clickid',
  's_cid',
  'srsltid',
  'ref_src',
  'ref_url',
]);

export function isTrackingParameter(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_PARAMETERS.has(lower);
}

/** A web address taken apart into what the whitelist compares. */
export interface WebAddress {
  scheme: 'http' | 'https';
  /** ASCII (punycode), lower case, without a trailing dot; `www.` kept. */
  host: string;
  /** The host without one leading `www.` label: www.example.com and example.com name the same site. */
  site: string;
  /** '' for the web's default ports (80 and 443, whatever the scheme); otherwise the port. */
  port: string;
  /** True when 80 or 443 was written out with the scheme it is not the default of. */
  hadDefaultPort: boolean;
  /** Percent-escapes normalised, dot segments resolved, trailing slashes removed ('/' for the root). */
  path: string;
  /** True when the path ended in a slash that was removed. */
  hadTrailingSlash: boolean;
  /** The path as the parser gave it, before escapes were normalised (to say what was ignored). */
  rawPath: string;
  /** `name=value` parts in their order, escapes normalised, tracking parameters left out. */
  query: string[];
  /** Names of the tracking parameters left out. */
  droppedParameters: string[];
  hasFragment: boolean;
  /** The whole address for people: Unicode host, without a user name; query and fragment as given. */
  display: string;
}

export type AddressResult<T> = { ok: true; value: T } | { ok: false; message: string };

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** Percent-escapes of unreserved characters are decoded (%7E → ~); the rest get upper-case hex. */
export function normaliseEscapes(text: string): string {
  return text.replace(/%([0-9a-fA-F]{2})/g, (_escape, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

/** www.example.com → example.com; a `www.` that is all but the top-level domain (www.com) stays. */
export function siteOf(host: string): string {
  return host.startsWith('www.') && host.split('.').length > 2 ? host.slice(4) : host;
}

/** The host in Unicode for people (xn--bcher-kva.example → bücher.example); '*' labels survive. */
export function hostForDisplay(host: string): string {
  return domainToUnicode(host) || host;
}

/** Whether the input begins with a scheme such as `https:` (and not a `host:port`). */
export function hasScheme(input: string): boolean {
  const match = SCHEME.exec(input);
  if (!match) return false;
  // "example.com:8080/x" and "localhost:3000" look like a scheme followed by a port; a real scheme
  // has no dot and is not followed by digits alone, unless written with '//' after it.
  const rest = input.slice(match[0].length);
  return rest.startsWith('//') || (!/[.]/.test(match[1]!) && !/^\d+(?:[/?#]|$)/.test(rest));
}

/**
 * Parses what a person or a crawler gives as a web address. Without a scheme, https is assumed
 * (example.com/page). Only http and https are web addresses.
 */
export function parseWebAddress(input: string): AddressResult<WebAddress> {
  const text = input.trim();
  if (text === '') return { ok: false, message: 'Enter a web address.' };
  if (text.length > MAX_ADDRESS_LENGTH) {
    return { ok: false, message: `This is longer than ${MAX_ADDRESS_LENGTH} characters.` };
  }
  const withScheme = hasScheme(text)
    ? text
    : text.startsWith('//')
      ? `https:${text}`
      : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, message: 'This is not a valid web address.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: 'Only web addresses (http:// or https://) can be checked.' };
  }
  return { ok: true, value: addressOf(url) };
}

/** Takes a parsed http(s) URL apart; the caller has checked the scheme. */
export function addressOf(url: URL): WebAddress {
  const host = url.hostname.endsWith('.') ? url.hostname.replace(/\.+$/, '') : url.hostname;
  const isDefaultPort = url.port === '80' || url.port === '443';
  const rawPath = url.pathname === '' ? '/' : url.pathname;
  const escaped = normaliseEscapes(rawPath);
  const trimmed = escaped.replace(/\/+$/, '');
  const path = trimmed === '' ? '/' : trimmed;
  const query: string[] = [];
  const droppedParameters: string[] = [];
  for (const part of url.search.slice(1).split('&')) {
    if (part === '') continue;
    const normalised = normaliseEscapes(part);
    const name = safeDecode(normalised.split('=')[0]!);
    if (isTrackingParameter(name)) droppedParameters.push(name);
    else query.push(normalised);
  }
  return {
    scheme: url.protocol === 'http:' ? 'http' : 'https',
    host,
    site: siteOf(host),
    port: isDefaultPort ? '' : url.port,
    hadDefaultPort: isDefaultPort,
    path,
    hadTrailingSlash: path !== escaped && escaped !== '/',
    rawPath,
    query,
    droppedParameters,
    hasFragment: url.hash !== '' || url.href.endsWith('#'),
    display: `${url.protocol}//${hostForDisplay(url.hostname)}${url.port ? `:${url.port}` : ''}${url.pathname}${url.search}${url.hash}`,
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The address's path and query as patterns see them: query parts in their written order. */
export function pathAndQuery(address: WebAddress): string {
  return address.query.length > 0 ? `${address.path}?${address.query.join('&')}` : address.path;
}

/**
 * The comparison key of a URL entry and of a checked address: site, port, path and the query parts
 * in sorted order, all in lower case (letter case is ignored, see README.md).
 */
export function urlKey(address: WebAddress): string {
  const port = address.port === '' ? '' : `:${address.port}`;
  const query =
    address.query.length > 0
      ? `?${[...address.query]
          .map((p) => p.toLowerCase())
          .sort()
          .join('&')}`
      : '';
  return `${address.site}${port}${address.path.toLowerCase()}${query}`;
}
