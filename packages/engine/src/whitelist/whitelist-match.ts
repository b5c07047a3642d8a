// Whether a web address is covered by a creator's whitelist, and why in words. Shared by the
// "check a URL" box, scanning (never report a whitelisted page) and enforcement (never send a notice
// for one). Semantics: README.md.
import {
  displayWhitelistValue,
  parseWhitelistEntry,
  splitPort,
  type WhitelistKind,
} from './whitelist-entry.ts';
import {
  addressOf,
  hostForDisplay,
  parseWebAddress,
  pathAndQuery,
  urlKey,
  type WebAddress,
} from './web-address.ts';

export interface WhitelistEntryLike {
  kind: WhitelistKind;
  /** The canonical value parseWhitelistEntry produced. */
  value: string;
  /** The entry as the creator typed it, when known: lets the reason name what was ignored. */
  input?: string | null;
}

export interface WhitelistMatch<T extends WhitelistEntryLike> {
  entry: T;
  /** Why the entry covers the address, in words: "the domain example.com covers its subdomain www.example.com". */
  reason: string;
}

export interface WhitelistMatcher<T extends WhitelistEntryLike> {
  /** The most specific entry that covers the address (URL, then pattern, then domain), or null. */
  match(url: string | URL): WhitelistMatch<T> | null;
  /** Stored entries whose value no longer parses; they cover nothing. */
  unusable: readonly T[];
}

interface CompiledPattern<T> {
  entry: T;
  host: RegExp;
  port: string;
  /** null: any path and query. */
  path: RegExp | null;
}

/** Compiles the entries once, for checking many addresses (scanning, enforcement). */
export function createWhitelistMatcher<T extends WhitelistEntryLike>(
  entries: readonly T[],
): WhitelistMatcher<T> {
  const urls = new Map<string, T>();
  const domains = new Map<string, T>();
  const patterns: CompiledPattern<T>[] = [];
  const unusable: T[] = [];

  for (const entry of entries) {
    const parsed = parseWhitelistEntry(entry.value, entry.kind);
    if (!parsed.ok) {
      unusable.push(entry);
      continue;
    }
    const { value } = parsed.entry;
    switch (entry.kind) {
      case 'url':
        if (!urls.has(value)) urls.set(value, entry);
        break;
      case 'domain':
        if (!domains.has(value)) domains.set(value, entry);
        break;
      case 'pattern':
        patterns.push({ entry, ...compilePattern(value) });
        break;
    }
  }

  return {
    unusable,
    match(url) {
      const address = toAddress(url);
      if (!address) return null;

      const byUrl = urls.get(urlKey(address));
      if (byUrl) return { entry: byUrl, reason: urlReason(address, byUrl) };

      const subject = pathAndQuery(address).toLowerCase();
      for (const pattern of patterns) {
        if (pattern.port !== address.port || !pattern.host.test(address.site)) continue;
        if (pattern.path && !pattern.path.test(subject)) continue;
        return { entry: pattern.entry, reason: patternReason(address, pattern.entry) };
      }

      const labels = address.host.split('.');
      const exact = domains.get(address.host);
      if (exact)
        return {
          entry: exact,
          reason: `the address is on the whitelisted domain ${hostForDisplay(address.host)}`,
        };
      const withWww = address.host.startsWith('www.')
        ? undefined
        : domains.get(`www.${address.host}`);
      if (withWww) {
        return {
          entry: withWww,
          reason: `the domain ${hostForDisplay(withWww.value)} covers ${hostForDisplay(address.host)}: with or without www. it is the same site`,
        };
      }
      for (let i = 1; i < labels.length; i++) {
        const parent = domains.get(labels.slice(i).join('.'));
        if (parent) {
          return {
            entry: parent,
            reason: `the domain ${hostForDisplay(parent.value)} covers its subdomain ${hostForDisplay(address.host)}`,
          };
        }
      }
      return null;
    },
  };
}

/** One address against a list of entries; for many addresses, compile once with createWhitelistMatcher. */
export function whitelistMatch<T extends WhitelistEntryLike>(
  url: string | URL,
  entries: readonly T[],
): WhitelistMatch<T> | null {
  return createWhitelistMatcher(entries).match(url);
}

function toAddress(url: string | URL): WebAddress | null {
  if (typeof url === 'string') {
    const parsed = parseWebAddress(url);
    return parsed.ok ? parsed.value : null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? addressOf(url) : null;
}

/** A canonical pattern value: host pattern, optional port, then the path-and-query pattern. */
function compilePattern(value: string): { host: RegExp; port: string; path: RegExp | null } {
  const slash = value.indexOf('/');
  const hostAndPort = slash === -1 ? value : value.slice(0, slash);
  const rest = slash === -1 ? '' : value.slice(slash);
  const { host: hostPattern, port } = splitPort(hostAndPort);

  const labels = hostPattern.split('.');
  // A leading "*." stands for the domain itself and any of its subdomains; other * stay inside one label.
  const anySubdomain = labels[0] === '*';
  const literalLabels = (anySubdomain ? labels.slice(1) : labels).map((label) =>
    label.split('*').map(escapeRegExp).join('[^.]*'),
  );
  const host = new RegExp(`^${anySubdomain ? '(?:[^.]+\\.)*' : ''}${literalLabels.join('\\.')}$`);

  if (rest === '') return { host, port, path: null };
  // "/promo/*" also covers "/promo" itself (trailing slashes are ignored everywhere else too).
  const folder = rest.endsWith('/*') ? rest.slice(0, -2) : null;
  const body = (folder ?? rest).split('*').map(escapeRegExp).join('.*');
  const path = new RegExp(`^${body}${folder !== null ? '(?:[/?].*)?' : ''}$`, 's');
  return { host, port, path };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function urlReason(address: WebAddress, entry: WhitelistEntryLike): string {
  const shown = displayWhitelistValue('url', entry.value);
  const typed = entry.input ? parseWebAddress(entry.input) : undefined;
  const original = typed?.ok ? typed.value : undefined;
  const ignored: string[] = [];
  if (original && original.scheme !== address.scheme) ignored.push('http versus https');
  if ((original ? original.host : address.site) !== address.host) ignored.push('the www. prefix');
  if (address.hadDefaultPort || original?.hadDefaultPort) ignored.push('the default port');
  if (address.hadTrailingSlash !== (original?.hadTrailingSlash ?? false))
    ignored.push('the trailing slash');
  if (original) {
    const escapesOf = (a: WebAddress) => a.rawPath.replace(/\/+$/, '');
    if (escapesOf(original).toLowerCase() !== escapesOf(address).toLowerCase())
      ignored.push('how characters are percent-encoded');
    const exactPath = (a: WebAddress) => `${a.path}?${[...a.query].sort().join('&')}`;
    if (exactPath(original) !== exactPath(address)) ignored.push('letter case');
    if (original.query.join('&').toLowerCase() !== address.query.join('&').toLowerCase())
      ignored.push('the order of the query parameters');
  }
  if (address.droppedParameters.length > 0) ignored.push(trackingPhrase(address.droppedParameters));
  if (address.hasFragment) ignored.push('the #fragment');
  return ignored.length === 0
    ? `the URL ${shown} matches exactly`
    : `the URL ${shown} matches, ignoring ${listOf(ignored)}`;
}

function patternReason(address: WebAddress, entry: WhitelistEntryLike): string {
  const shown = displayWhitelistValue('pattern', entry.value);
  const ignored =
    address.droppedParameters.length > 0
      ? `, ignoring ${trackingPhrase(address.droppedParameters)}`
      : '';
  return `the pattern ${shown} matches this address${ignored}`;
}

function trackingPhrase(names: string[]): string {
  const unique = [...new Set(names)];
  return `the tracking parameter${unique.length === 1 ? '' : 's'} ${listOf(unique)}`;
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
