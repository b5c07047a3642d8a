// IANA's RDAP bootstrap registries (RFC 9224): which RDAP server answers for an IP address or a
// domain name. The files are {"version","publication","services":[[[entries…],[base URLs…]],…]}.
import { z } from 'zod';
import type { IpAddress } from '../fetch/ip-address.ts';
import { longestMatch, parsePrefix, type IpPrefix } from './ip-ranges.ts';

export const IANA_BOOTSTRAP = {
  ipv4Url: 'https://data.iana.org/rdap/ipv4.json',
  ipv6Url: 'https://data.iana.org/rdap/ipv6.json',
  dnsUrl: 'https://data.iana.org/rdap/dns.json',
} as const;

const bootstrapFile = z.object({
  version: z.string().optional(),
  publication: z.string().optional(),
  // Each service is [entries, base URLs]; later RFC 9224 registries may put a third array first.
  services: z.array(z.array(z.array(z.string())).min(2)),
});

export interface BootstrapService {
  entries: string[];
  /** The base URL to use: the first https one, else the first (RFC 9224 §4 prefers https). */
  baseUrl: string;
}

export class BootstrapFormatError extends Error {
  constructor(url: string, detail: string) {
    super(`${url} is not an RDAP bootstrap file (RFC 9224): ${detail}`);
    this.name = 'BootstrapFormatError';
  }
}

/** Validates a fetched bootstrap file; throws BootstrapFormatError saying what is wrong. */
export function parseBootstrap(data: unknown, url: string): BootstrapService[] {
  const parsed = bootstrapFile.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BootstrapFormatError(
      url,
      `${issue?.path.join('.') || 'file'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const services: BootstrapService[] = [];
  for (const service of parsed.data.services) {
    const entries = service.at(-2)!;
    const urls = service.at(-1)!.filter((candidate) => /^https?:\/\//i.test(candidate));
    const baseUrl = urls.find((candidate) => /^https:/i.test(candidate)) ?? urls[0];
    if (baseUrl) services.push({ entries, baseUrl });
  }
  return services;
}

export interface IpBootstrap {
  find(address: IpAddress): BootstrapService | undefined;
}

/** The IP bootstrap as prefixes; an entry that is not a prefix is skipped (it covers nothing). */
export function ipBootstrap(services: readonly BootstrapService[]): IpBootstrap {
  const prefixes: { prefix: IpPrefix; value: BootstrapService }[] = [];
  for (const service of services) {
    for (const entry of service.entries) {
      const prefix = parsePrefix(entry);
      if (prefix) prefixes.push({ prefix, value: service });
    }
  }
  return { find: (address) => longestMatch(prefixes, address) };
}

/** The service for a domain: the entry matching the most trailing labels (RFC 9224 §4). */
export function findDomainService(
  services: readonly BootstrapService[],
  domain: string,
): BootstrapService | undefined {
  const labels = domain.toLowerCase().replace(/\.$/, '').split('.');
  for (let start = 0; start < labels.length; start++) {
    const suffix = labels.slice(start).join('.');
    const service = services.find((candidate) =>
      candidate.entries.some((entry) => entry.toLowerCase() === suffix),
    );
    if (service) return service;
  }
  return undefined;
}

/** The RDAP query URL for a lookup at a base URL (which should end in "/", RFC 9224 §3). */
export function rdapQueryUrl(baseUrl: string, kind: 'ip' | 'domain', value: string): string {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return `${base}${kind}/${encodeURI(value)}`;
}
