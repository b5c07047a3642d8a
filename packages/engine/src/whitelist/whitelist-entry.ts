// Reads a whitelist entry as a person types it (a URL, a domain or a pattern with *) into the
// canonical form that is stored, compared for duplicates and matched. Semantics: README.md.
import {
  MAX_ADDRESS_LENGTH,
  addressOf,
  hasScheme,
  hostForDisplay,
  normaliseEscapes,
  isTrackingParameter,
  siteOf,
  urlKey,
  type AddressResult,
} from './web-address.ts';

export const WHITELIST_KINDS = ['url', 'domain', 'pattern'] as const;
export type WhitelistKind = (typeof WHITELIST_KINDS)[number];

export interface ParsedWhitelistEntry {
  kind: WhitelistKind;
  /** Canonical form: stored, unique per user and kind, and what the matcher reads. */
  value: string;
  /** The canonical form for people: Unicode host names. */
  display: string;
}

export type WhitelistEntryResult =
  | { ok: true; entry: ParsedWhitelistEntry; isKindInferred: boolean }
  | { ok: false; message: string };

/**
 * Second-level labels under which country domains sell names to the public (co.uk, com.au, or.jp).
 * Without the full Public Suffix List this catches the common cases of an entry that would cover a
 * whole country's companies.
 */
const SHARED_SECOND_LEVEL = new Set([
  'ac',
  'co',
  'com',
  'edu',
  'gob',
  'gov',
  'go',
  'gv',
  'ltd',
  'mil',
  'ne',
  'net',
  'nic',
  'nom',
  'or',
  'org',
  'plc',
  'sch',
]);

const TOP_LEVEL_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** Chooses the kind a person most likely meant; see README.md ("Kinds"). */
export function inferWhitelistKind(input: string): WhitelistKind {
  const text = input.trim();
  if (text.includes('*')) return 'pattern';
  let url: URL;
  try {
    url = new URL(withHttps(text));
  } catch {
    // Not an address at all: reading it as a domain gives the clearest message.
    return hasScheme(text) || /[/?#]/.test(text) ? 'url' : 'domain';
  }
  // Nobody whitelists only a home page: https://example.com means the site.
  const isSiteOnly =
    (url.pathname === '/' || url.pathname === '') &&
    url.search === '' &&
    url.port === '' &&
    !hasUserInfo(url);
  return isSiteOnly ? 'domain' : 'url';
}

export function parseWhitelistEntry(input: string, kind?: WhitelistKind): WhitelistEntryResult {
  const text = input.trim();
  if (text === '') return fail('Enter a URL, a domain or a pattern.');
  if (text.length > MAX_ADDRESS_LENGTH)
    return fail(`This is longer than ${MAX_ADDRESS_LENGTH} characters.`);
  if (/\s/.test(text))
    return fail('An address cannot contain spaces. Put one address on each line.');
  const chosen = kind ?? inferWhitelistKind(text);
  const result =
    chosen === 'domain'
      ? parseDomain(text)
      : chosen === 'url'
        ? parseUrl(text)
        : parsePattern(text);
  if (!result.ok) return result;
  return { ok: true, entry: result.value, isKindInferred: kind === undefined };
}

/** The display form of a stored canonical value (hosts in Unicode). */
export function displayWhitelistValue(kind: WhitelistKind, value: string): string {
  if (kind === 'domain') return hostForDisplay(value);
  const slash = value.indexOf('/');
  const hostAndPort = slash === -1 ? value : value.slice(0, slash);
  const rest = slash === -1 ? '' : value.slice(slash);
  const { host, port } = splitPort(hostAndPort);
  return `${hostForDisplay(host)}${port === '' ? '' : `:${port}`}${rest}`;
}

/** "example.com:8443" → example.com and 8443; an IPv6 literal's colons are not a port. */
export function splitPort(hostAndPort: string): { host: string; port: string } {
  const match = /:(\d+)$/.exec(hostAndPort);
  return match
    ? { host: hostAndPort.slice(0, match.index), port: match[1]! }
    : { host: hostAndPort, port: '' };
}

function parseDomain(text: string): AddressResult<ParsedWhitelistEntry> {
  // "*.example.com" and ".example.com" both mean what a domain entry means already.
  const bare = text.replace(/^\*?\./, '');
  if (bare.includes('*'))
    return fail('A domain cannot contain *. Choose pattern to use wildcards.');
  const url = parseHttpUrl(bare);
  if (!url.ok) return url;
  const { value } = url;
  if (hasUserInfo(value)) return fail(USER_INFO_MESSAGE);
  if (value.port !== '')
    return fail('A domain has no port. Choose URL to whitelist an address on one port.');
  if (
    (value.pathname !== '/' && value.pathname !== '') ||
    value.search !== '' ||
    /[?]/.test(bare)
  ) {
    return fail(
      'A domain has no path. Choose URL to whitelist one page, or pattern for a part of a site.',
    );
  }
  const host = stripTrailingDots(value.hostname);
  const problem = hostProblem(host);
  if (problem) return fail(problem);
  return { ok: true, value: { kind: 'domain', value: host, display: hostForDisplay(host) } };
}

function parseUrl(text: string): AddressResult<ParsedWhitelistEntry> {
  const url = parseHttpUrl(text);
  if (!url.ok) return url;
  if (hasUserInfo(url.value)) return fail(USER_INFO_MESSAGE);
  const address = addressOf(url.value);
  const problem = hostProblem(address.host);
  if (problem) return fail(problem);
  const value = urlKey(address);
  return { ok: true, value: { kind: 'url', value, display: displayWhitelistValue('url', value) } };
}

function parsePattern(text: string): AddressResult<ParsedWhitelistEntry> {
  // Chrome's match patterns write "*://" for any scheme; the scheme is ignored anyway.
  const url = parseHttpUrl(text.replace(/^\*:\/\//, 'https://'));
  if (!url.ok) return url;
  const { value } = url;
  if (hasUserInfo(value)) return fail(USER_INFO_MESSAGE);
  const host = stripTrailingDots(value.hostname).replace(/\*+/g, '*');
  const labels = host.split('.');
  if (labels.some((label) => label === '')) return fail('This domain is not valid.');
  const lastWild = labels.findLastIndex((label) => label.includes('*'));
  const literal = labels.slice(lastWild + 1).join('.');
  if (lastWild !== -1) {
    const suffixProblem =
      literal === '' || !literal.includes('.') ? 'too short' : hostProblem(literal);
    if (suffixProblem) {
      return fail(
        'A pattern must name the site: * cannot stand for the domain itself, as in *.com. Write it like *.example.com or example.com/promo/*.',
      );
    }
  } else {
    const problem = hostProblem(host);
    if (problem) return fail(problem);
  }
  const port =
    value.port === '' || value.port === '80' || value.port === '443' ? '' : `:${value.port}`;
  const path = normaliseEscapes(value.pathname)
    .replace(/\*+/g, '*')
    .replace(/(.)\/+$/, '$1');
  const query = value.search
    .slice(1)
    .split('&')
    .filter((part) => part !== '' && !isTrackingParameter(part.split('=')[0]!))
    .map((part) => normaliseEscapes(part).replace(/\*+/g, '*'));
  // A pattern for a whole host ("*.example.com", "*.example.com/") covers every path on it.
  const pathAndQuery =
    path === '/' && query.length === 0 ? '' : `${path}${query.length ? `?${query.join('&')}` : ''}`;
  const canonical = `${siteOf(host)}${port}${pathAndQuery}`.toLowerCase();
  return {
    ok: true,
    value: {
      kind: 'pattern',
      value: canonical,
      display: displayWhitelistValue('pattern', canonical),
    },
  };
}

const USER_INFO_MESSAGE =
  'Remove the part before @. In an address like https://example.com@other.net the site is other.net, so it is not accepted.';

function withHttps(text: string): string {
  return hasScheme(text) ? text : text.startsWith('//') ? `https:${text}` : `https://${text}`;
}

function parseHttpUrl(text: string): AddressResult<URL> {
  let url: URL;
  try {
    url = new URL(withHttps(text));
  } catch {
    return fail('This is not a valid web address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return fail('Only web addresses (http:// or https://) can be whitelisted.');
  }
  return { ok: true, value: url };
}

function hasUserInfo(url: URL): boolean {
  return url.username !== '' || url.password !== '';
}

function stripTrailingDots(host: string): string {
  return host.replace(/\.+$/, '');
}

/** Why this host cannot be whitelisted, or undefined when it can. */
function hostProblem(host: string): string | undefined {
  if (host.startsWith('[') || IPV4.test(host)) return undefined;
  if (host.length > 253) return 'This domain is longer than 253 characters.';
  const labels = host.split('.');
  if (labels.length < 2) return 'Enter a full domain such as example.com.';
  if (labels.some((label) => label === '' || label.length > 63)) return 'This domain is not valid.';
  const tld = labels.at(-1)!;
  if (!TOP_LEVEL_LABEL.test(tld))
    return `"${tld}" is not a top-level domain. Enter a full domain such as example.com.`;
  if (labels.length === 2 && tld.length === 2 && SHARED_SECOND_LEVEL.has(labels[0]!)) {
    return `${host} is shared by many unrelated sites. Enter your own domain, such as example.${host}.`;
  }
  return undefined;
}

function fail(message: string): { ok: false; message: string } {
  return { ok: false, message };
}
