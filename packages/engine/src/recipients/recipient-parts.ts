// The pieces a recipient lookup is built from: parsing the page address, grouping recipients by
// channel, turning catalog and RDAP contacts into recipients, and matching addresses to networks.
import type { CatalogSite } from '../discovery/site-catalog/catalog.ts';
import type { IpAddress } from '../fetch/ip-address.ts';
import { parseAddress, parsePrefix, prefixContains, rangeContains } from './ip-ranges.ts';
import type { NetworkInfo, RdapContact } from './rdap-contacts.ts';
import {
  RecipientUrlError,
  type Recipient,
  type RecipientChannel,
  type RecipientRole,
} from './recipient-types.ts';

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A message set inside a sentence, in parentheses, without its own full stop. */
export function aside(error: unknown): string {
  return messageOf(error).replace(/\.$/, '');
}

export function parsePageUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new RecipientUrlError(`"${input.slice(0, 200)}" is not a valid web address.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RecipientUrlError(
      `Only web pages (http or https) have recipients, not ${url.protocol.replace(/:$/, '')} addresses.`,
    );
  }
  if (url.hostname === '') throw new RecipientUrlError(`"${input.slice(0, 200)}" has no host.`);
  return url;
}

export function channelKey(channel: RecipientChannel): string {
  return channel.kind === 'email'
    ? `email:${channel.address.toLowerCase()}`
    : `form:${channel.url}`;
}

/** Recipients of one level, one per channel, each with every address it answers for. */
export class RecipientGroup {
  private readonly byChannel = new Map<
    string,
    { recipient: Omit<Recipient, 'subject'>; subjects: string[] }
  >();

  add(recipient: Omit<Recipient, 'subject'>, subject: string): void {
    const key = channelKey(recipient.channel);
    const existing = this.byChannel.get(key);
    if (existing) {
      if (!existing.subjects.includes(subject)) existing.subjects.push(subject);
    } else {
      this.byChannel.set(key, { recipient, subjects: [subject] });
    }
  }

  list(): Recipient[] {
    return [...this.byChannel.values()].map(({ recipient, subjects }) => ({
      ...recipient,
      subject: subjects.join(', '),
    }));
  }
}

export function siteRecipient(site: CatalogSite, host: string): Recipient | null {
  if (!site.dmca) return null;
  // An address takes the notice with its evidence attached; a form only what fits in its fields.
  const channel: RecipientChannel = site.dmca.email
    ? { kind: 'email', address: site.dmca.email }
    : { kind: 'form', url: site.dmca.url! };
  return { role: 'site', name: site.name, channel, source: `catalog:${site.id}`, subject: host };
}

export function contactRecipient(
  role: RecipientRole,
  contact: RdapContact,
  url: string,
  country: string | null = null,
): Omit<Recipient, 'subject'> {
  return {
    role,
    name: contact.organisation,
    channel: { kind: 'email', address: contact.email },
    source: `rdap:${url}`,
    ...(contact.phone ? { phone: contact.phone } : {}),
    ...(contact.handle ? { handle: contact.handle } : {}),
    ...(country ? { country } : {}),
  };
}

/** A network already looked up in this lookup, to answer for its other addresses without a query. */
export interface KnownNetwork {
  info: NetworkInfo;
  url: string;
  contact: RdapContact | null;
}

export function networkCovers(network: NetworkInfo, address: IpAddress): boolean {
  const start = network.startAddress ? parseAddress(network.startAddress) : null;
  const end = network.endAddress ? parseAddress(network.endAddress) : null;
  if (start && end && rangeContains(start, end, address)) return true;
  return network.cidrs.some((cidr) => {
    const prefix = parsePrefix(cidr);
    return prefix !== null && prefixContains(prefix, address);
  });
}

export function describeNetwork(info: NetworkInfo): string {
  return [info.name, info.handle].filter(Boolean).join(', ') || 'no name';
}
