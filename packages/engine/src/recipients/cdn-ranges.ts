// CDNs as data: a name, the address ranges it announces and the channel that takes abuse reports for
// the sites behind it. An address in those ranges hides the real host, so the CDN's channel (which
// forwards to the host) is the host-level recipient. Cloudflare ships in cloudflare-ranges.json;
// another CDN is one more provider object.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { IpAddress } from '../fetch/ip-address.ts';
import { longestMatch, parsePrefix, type IpPrefix } from './ip-ranges.ts';

const prefixText = z.string().refine((value) => parsePrefix(value) !== null, {
  message: 'must be an address prefix such as 192.0.2.0/24 or 2001:db8::/32',
});

const channel = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('email'), address: z.email() }),
  z.strictObject({ kind: z.literal('form'), url: z.url({ protocol: /^https?$/ }) }),
]);

const provider = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens'),
  /** The organisation, as a notice is addressed ("Cloudflare, Inc."). */
  name: z.string().trim().min(1),
  channel,
  ranges: z.array(prefixText).min(1, 'must list at least one range'),
  /** Where the CDN publishes its ranges as text, one prefix a line, to refresh them from. */
  sources: z.array(z.url({ protocol: /^https?$/ })).optional(),
  /** The day the ranges were last taken from the sources (YYYY-MM-DD). */
  asOf: z.iso.date().optional(),
  note: z.string().optional(),
});
export type CdnProvider = z.infer<typeof provider>;

export interface CdnRanges {
  providers: CdnProvider[];
}

export class CdnRangesError extends Error {
  constructor(public readonly problems: string[]) {
    super(`The CDN ranges are invalid:\n${problems.map((problem) => `- ${problem}`).join('\n')}`);
    this.name = 'CdnRangesError';
  }
}

/** Validates one provider, listing every problem at once. */
export function parseCdnProvider(data: unknown): CdnProvider {
  const result = provider.safeParse(data);
  if (result.success) return result.data;
  throw new CdnRangesError(
    result.error.issues.map((issue) => `${issue.path.join('.') || 'provider'}: ${issue.message}`),
  );
}

export const CLOUDFLARE_RANGES_FILE = new URL('./cloudflare-ranges.json', import.meta.url);

export function loadCdnProvider(file: URL | string): CdnProvider {
  return parseCdnProvider(JSON.parse(readFileSync(file, 'utf8')) as unknown);
}

/** The shipped list: Cloudflare. */
export function defaultCdnRanges(): CdnRanges {
  return { providers: [loadCdnProvider(CLOUDFLARE_RANGES_FILE)] };
}

export interface CdnMatcher {
  /** The provider whose ranges hold the address (the most specific range wins). */
  find(address: IpAddress): CdnProvider | undefined;
}

export function cdnMatcher(ranges: CdnRanges): CdnMatcher {
  const prefixes: { prefix: IpPrefix; value: CdnProvider }[] = [];
  for (const entry of ranges.providers) {
    for (const range of entry.ranges) {
      const prefix = parsePrefix(range);
      if (prefix) prefixes.push({ prefix, value: entry });
    }
  }
  return { find: (address) => longestMatch(prefixes, address) };
}

/**
 * Reads a published range list: one prefix a line; blank lines and "#" comments are skipped. Throws
 * when a line is not a prefix (a changed format or an error page must not replace good ranges).
 */
export function parseRangeList(body: string, source: string): string[] {
  const ranges: string[] = [];
  for (const [index, raw] of body.split(/\r?\n/).entries()) {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') continue;
    const prefix = parsePrefix(line);
    if (!prefix)
      throw new CdnRangesError([
        `${source} line ${index + 1}: "${line.slice(0, 80)}" is not an address prefix`,
      ]);
    ranges.push(prefix.text);
  }
  return ranges;
}

/**
 * The provider with its ranges fetched again from `urls` (by default its own `sources`). All of them
 * must answer with a valid list; the result is a new provider dated `now`, ready to be stored.
 */
export async function refreshCdnProvider(
  current: CdnProvider,
  fetchText: (url: string) => Promise<string>,
  options: { urls?: readonly string[]; now?: () => Date } = {},
): Promise<CdnProvider> {
  const urls = options.urls ?? current.sources ?? [];
  if (urls.length === 0)
    throw new CdnRangesError([`${current.id}: no source URL to refresh the ranges from`]);
  const ranges: string[] = [];
  for (const url of urls) ranges.push(...parseRangeList(await fetchText(url), url));
  if (ranges.length === 0) throw new CdnRangesError([`${current.id}: the sources listed no range`]);
  const asOf = (options.now?.() ?? new Date()).toISOString().slice(0, 10);
  return parseCdnProvider({ ...current, ranges: [...new Set(ranges)], sources: [...urls], asOf });
}
