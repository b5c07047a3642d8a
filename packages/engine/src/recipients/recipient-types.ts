// The shapes of a recipient lookup, its options and cache, and the defaults it falls back on.
import { resolve4, resolve6 } from 'node:dns/promises';
import type { SiteCatalog } from '../discovery/site-catalog/catalog.ts';
import type { CdnRanges } from './cdn-ranges.ts';

export type RecipientRole = 'site' | 'cdn' | 'host' | 'registrar';
export type RecipientChannel = { kind: 'email'; address: string } | { kind: 'form'; url: string };

export interface Recipient {
  role: RecipientRole;
  /** Organisation name as the registry/catalog gives it (e.g. "Cloudflare, Inc.", "Example Hosting Ltd"). */
  name: string;
  /** Where a notice goes: an e-mail address, or a web form URL when the recipient takes nothing else. */
  channel: RecipientChannel;
  /** How it was found, for the evidence trail: 'catalog:<siteId>', 'rdap:<rdap URL>', 'cdn:cloudflare'. */
  source: string;
  /** The IPs / domain this recipient is responsible for in this lookup. */
  subject: string;
  /** The contact's telephone number, when the registry gives one (registrars must, RDAP profile 2.4.5). */
  phone?: string;
  /** The registry's handle for the contact ("ABUSE1234-ARIN", "AR12345-RIPE") or a registrar's IANA id. */
  handle?: string;
  /**
   * Where the recipient is, as the registry gives it (ISO 3166-1 alpha-2): a hosting network's RDAP
   * answer carries it; the catalog, CDNs and registrars here do not.
   */
  country?: string;
}

export interface RecipientLookup {
  url: string;
  host: string;
  addresses: string[];
  /** The registrable domain whose registrar was asked (null for an address or a one-label host). */
  domain: string | null;
  /** The catalog site the page belongs to, if any. */
  siteId: string | null;
  recipients: Recipient[];
  /** Problems met (RDAP down, no abuse contact), for the UI. */
  problems: string[];
}

export interface RecipientCache {
  get(key: string): Promise<{ value: unknown; fetchedAt: Date } | null>;
  set(key: string, value: unknown, fetchedAt: Date): Promise<void>;
}

export interface RecipientResolverOptions {
  /** The parsed catalog (its `dmca` contacts are the site level). */
  catalog: SiteCatalog;
  /** A + AAAA of a host name; node:dns by default. */
  resolve?: (host: string) => Promise<string[]>;
  /** GETs and parses JSON; build it on the safe fetcher (createFetchJson in fetch-json.ts). Throws on any failure. */
  fetchJson: (url: string) => Promise<unknown>;
  /** The RFC 9224 bootstrap files; IANA's by default. */
  bootstrap?: { ipv4Url: string; ipv6Url: string; dnsUrl: string };
  /** CDNs whose addresses hide the real host; the shipped Cloudflare ranges by default. */
  cdnRanges?: CdnRanges;
  /** Keeps bootstrap files and RDAP answers between lookups (keys `rdap:bootstrap:`, `rdap:ip:`, `rdap:domain:` + URL). */
  cache?: RecipientCache;
  /** How long a cached file or answer is used before it is fetched again. */
  maxAgeMs?: { bootstrap?: number; record?: number };
  now?: () => Date;
}

export interface RecipientResolver {
  lookup(url: string): Promise<RecipientLookup>;
}

/** The page address given to a lookup is not one whose recipients can be found. */
export class RecipientUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecipientUrlError';
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_MAX_AGE_MS = { bootstrap: 7 * DAY_MS, record: DAY_MS } as const;

/** Hosts with more addresses are rare (big CDNs); beyond this the lookup stays bounded. */
export const MAX_ADDRESSES = 8;

/** A + AAAA through the system's DNS servers; a name without either type answers []. */
export async function resolveWithDns(host: string): Promise<string[]> {
  const answers = await Promise.allSettled([resolve4(host), resolve6(host)]);
  const addresses = answers.flatMap((answer) =>
    answer.status === 'fulfilled' ? answer.value : [],
  );
  if (addresses.length > 0) return addresses;
  const failure = answers.find(
    (answer): answer is PromiseRejectedResult =>
      answer.status === 'rejected' &&
      !['ENODATA', 'ENOTFOUND'].includes((answer.reason as { code?: string }).code ?? ''),
  );
  if (failure) throw failure.reason;
  return [];
}

/** An in-memory cache for tests and the CLI; the server keeps the same entries in its database. */
export function createMemoryRecipientCache(): RecipientCache & { readonly size: number } {
  const entries = new Map<string, { value: unknown; fetchedAt: Date }>();
  return {
    get: (key) => Promise.resolve(entries.get(key) ?? null),
    set: (key, value, fetchedAt) => {
      entries.set(key, { value, fetchedAt });
      return Promise.resolve();
    },
    get size() {
      return entries.size;
    },
  };
}
