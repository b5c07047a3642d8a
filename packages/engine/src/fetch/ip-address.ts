// Which addresses the fetcher may connect to: reads every textual form of an IPv4 or IPv6 address
// (decimal, octal, hex, short forms, bracketed, IPv4-mapped, trailing dot, percent-encoded, full-width
// digits) and names the range it falls in. Only 'public' addresses are fetched. ipaddr.js parses the
// numbers and knows the special-purpose ranges; this file decides what counts as an address the way
// the URL parser does, and how each of ipaddr.js's ranges is treated.
import { domainToASCII } from 'node:url';
import ipaddr from 'ipaddr.js';

export type AddressRange =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'cgnat'
  | 'multicast'
  | 'cloud-metadata'
  | 'reserved';

export interface IpAddress {
  family: 4 | 6;
  /** 4 or 16 bytes, network order. */
  bytes: Uint8Array;
  /** Canonical text: dotted quad, or RFC 5952 compressed IPv6 without brackets. */
  text: string;
}

export interface AddressClass {
  range: AddressRange;
  /** For a refusal message: "a loopback address (this machine)". */
  description: string;
}

const DESCRIPTIONS: Record<AddressRange, string> = {
  public: 'a public address',
  unspecified: 'an unspecified address ("this host")',
  loopback: 'a loopback address (this machine)',
  private: 'a private network address',
  'link-local': 'a link-local address',
  'unique-local': 'a unique local (private) IPv6 address',
  cgnat: 'a carrier-grade NAT (shared) address',
  multicast: 'a multicast address',
  'cloud-metadata': 'a cloud metadata service address',
  reserved: 'a reserved or special-purpose address',
};

function classOf(range: AddressRange, note?: string): AddressClass {
  return { range, description: note ? `${DESCRIPTIONS[range]} (${note})` : DESCRIPTIONS[range] };
}

/**
 * Parses an IPv4 address the way the WHATWG URL parser (and so every browser and undici) does:
 * one to four parts, each decimal, octal (leading 0) or hex (0x); the last part fills the remaining
 * bytes ("127.1", "2130706433", "0x7f.1"). A single trailing dot is allowed.
 * Returns null when the text is not an IPv4 address at all, 'invalid' when it ends in a number but
 * is not a valid address (the URL parser rejects those hosts too).
 */
export function parseIPv4(text: string): Uint8Array | null | 'invalid' {
  let parts = text.split('.');
  if (parts.length > 1 && parts.at(-1) === '') parts = parts.slice(0, -1);
  // Whether it is an address at all is the URL parser's rule, which ipaddr.js does not have.
  if (!endsInANumber(parts.at(-1) ?? '')) return null;
  if (parts.length > 4) return 'invalid';
  // A bare "0x" is zero to the URL parser; ipaddr.js wants a digit after it.
  const numbers = parts.map((part) => (/^0x$/i.test(part) ? '0' : part));
  try {
    return Uint8Array.from(ipaddr.IPv4.parse(numbers.join('.')).octets);
  } catch {
    return 'invalid';
  }
}

/** WHATWG "ends in a number": the last label is all digits or a 0x-prefixed hex number. */
function endsInANumber(label: string): boolean {
  return /^[0-9]+$/.test(label) || /^0x[0-9a-f]*$/i.test(label);
}

/**
 * Parses an IPv6 address, with or without brackets, with "::" compression, an embedded dotted IPv4
 * tail (::ffff:127.0.0.1) and an optional zone (fe80::1%eth0, as DNS answers may carry).
 */
export function parseIPv6(input: string): Uint8Array | null {
  let text = input;
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  // The zone names an interface, not part of the address; ipaddr.js would take only some zone names.
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  if (!text.includes(':')) return null;
  // The dotted tail is rewritten as two hex groups before ipaddr.js sees it: ipaddr.js reads
  // "::1.2.3.4" as the IPv4-mapped ::ffff:1.2.3.4 (the URL parser as ::102:304), and takes octal or
  // hex parts in the tail, which the URL parser refuses.
  const tail = /^(.*:)([^:]*\.[^:]*)$/.exec(text);
  if (tail) {
    const v4 = parseStrictDottedQuad(tail[2]!);
    if (!v4) return null;
    text = `${tail[1]!}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  if (!/^[0-9a-f:]+$/i.test(text)) return null;
  try {
    return Uint8Array.from(ipaddr.IPv6.parse(text).toByteArray());
  } catch {
    return null;
  }
}

/** Only plain a.b.c.d decimal, as allowed inside an IPv6 address. */
function parseStrictDottedQuad(text: string): Uint8Array | null {
  if (!/^(0|[1-9][0-9]{0,2})(\.(0|[1-9][0-9]{0,2})){3}$/.test(text)) return null;
  const parts = text.split('.').map(Number);
  return parts.every((part) => part <= 255) ? Uint8Array.from(parts) : null;
}

export function formatIPv4(bytes: Uint8Array): string {
  return Array.from(bytes.subarray(0, 4)).join('.');
}

/** RFC 5952: lower case, leading zeros dropped, the longest run (2+) of zero groups as "::". */
export function formatIPv6(bytes: Uint8Array): string {
  return new ipaddr.IPv6(Array.from(bytes.subarray(0, 16))).toRFC5952String();
}

/**
 * Reads a host as an address, whatever its textual form, or returns null for a name. Throws
 * InvalidHostError for text that looks like an address but is none (e.g. "1.2.3.4.5", "0x7g.1").
 */
export function parseIpLiteral(host: string): IpAddress | null {
  let text = host.trim();
  if (text.startsWith('[') || (text.includes(':') && !text.includes('/'))) {
    const v6 = parseIPv6(safeDecode(text));
    if (!v6) throw new InvalidHostError(host);
    return ipOf(v6);
  }
  // The URL parser percent-decodes and maps full-width digits (IDNA) before reading numbers.
  text = safeDecode(text);
  const ascii = domainToASCII(text) || text;
  const v4 = parseIPv4(ascii.toLowerCase());
  if (v4 === 'invalid') throw new InvalidHostError(host);
  return v4 ? ipOf(v4) : null;
}

export class InvalidHostError extends Error {
  constructor(public readonly host: string) {
    super(`"${host}" is not a valid host name or address.`);
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function ipOf(bytes: Uint8Array): IpAddress {
  return bytes.length === 4
    ? { family: 4, bytes, text: formatIPv4(bytes) }
    : { family: 6, bytes, text: formatIPv6(bytes) };
}

type Rule = readonly [range: AddressRange, note?: string];

/**
 * Cloud metadata services: single addresses inside ranges ipaddr.js calls link-local, CGNAT or
 * reserved, named apart so a refusal says what was reached for.
 */
const CLOUD_METADATA_V4 = [
  ['169.254.169.254/32', 'AWS, Google Cloud, Azure, OpenStack'],
  ['169.254.170.2/32', 'AWS ECS task metadata'],
  ['169.254.169.253/32', 'AWS DNS'],
  ['100.100.100.200/32', 'Alibaba Cloud'],
  ['192.0.0.192/32', 'Oracle Cloud'],
].map(([cidr, note]) => [ipaddr.IPv4.parseCIDR(cidr!), note!] as const);

const CLOUD_METADATA_V6 = [['fd00:ec2::254/128', 'AWS']].map(
  ([cidr, note]) => [ipaddr.IPv6.parseCIDR(cidr!), note!] as const,
);

/**
 * What each of ipaddr.js's IPv4 range names means here. A name not listed (one a later ipaddr.js
 * adds) is refused as reserved until it is looked at.
 */
const IPV4_RULES: Readonly<Partial<Record<string, Rule>>> = {
  unicast: ['public'],
  unspecified: ['unspecified'],
  broadcast: ['reserved', 'broadcast'],
  multicast: ['multicast'],
  linkLocal: ['link-local'],
  loopback: ['loopback'],
  carrierGradeNat: ['cgnat'],
  private: ['private'],
  reserved: ['reserved'],
  // Anycast services on the public Internet (RFC 7534, RFC 7450).
  as112: ['public'],
  amt: ['public'],
};

/** The same for IPv6; 'embedded' ranges carry an IPv4 address, which decides (see EMBEDDED). */
const IPV6_RULES: Readonly<Partial<Record<string, Rule | 'embedded'>>> = {
  unicast: ['public'],
  unspecified: ['unspecified'],
  loopback: ['loopback'],
  linkLocal: ['link-local'],
  multicast: ['multicast'],
  uniqueLocal: ['unique-local'],
  deprecatedSiteLocal: ['private', 'site-local'],
  discard: ['reserved', 'discard-only'],
  ipv4Mapped: 'embedded',
  rfc6145: 'embedded',
  rfc6052: 'embedded',
  '6to4': 'embedded',
  // Teredo's client address is obfuscated and the relay is someone else's: not worth the risk.
  teredo: ['reserved', 'Teredo'],
  benchmarking: ['reserved', 'benchmarking'],
  amt: ['reserved', 'IETF protocol assignments'],
  as112v6: ['public'],
  deprecatedOrchid: ['reserved', 'IETF protocol assignments'],
  orchid2: ['reserved', 'IETF protocol assignments'],
  droneRemoteIdProtocolEntityTags: ['reserved', 'IETF protocol assignments'],
  segmentRouting: ['reserved', 'segment routing'],
  reserved: ['reserved'],
};

/**
 * IPv6 forms that carry an IPv4 address, and where: the embedded address decides. ipaddr.js puts
 * local-use NAT64 (64:ff9b:1::/48, a network's own translator) under the same name as well-known
 * NAT64, and the deprecated IPv4-compatible form (::a.b.c.d) under unicast.
 */
const EMBEDDED: readonly (readonly [cidr: string, offset: number, name: string])[] = [
  ['::ffff:0:0/96', 12, 'IPv4-mapped'],
  ['::ffff:0:0:0/96', 12, 'IPv4-translated'],
  ['64:ff9b::/96', 12, 'NAT64'],
  ['2002::/16', 2, '6to4'],
  // :: and ::1 are named by ipaddr.js before this is reached.
  ['::/96', 12, 'IPv4-compatible'],
];

const EMBEDDED_RANGES = EMBEDDED.map(
  ([cidr, offset, name]) => [ipaddr.IPv6.parseCIDR(cidr), offset, name] as const,
);

const LOCAL_NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');
/** Global unicast; IPv6 outside it is unassigned or special. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
/**
 * IETF protocol assignments: ipaddr.js names parts of this block (AS112, AMT) before its own
 * 'reserved', which covers all of it.
 */
const IETF_ASSIGNMENTS = ipaddr.IPv6.parseCIDR('2001::/23');

function classifyIPv4(bytes: Uint8Array): AddressClass {
  const address = new ipaddr.IPv4(Array.from(bytes));
  for (const [cidr, note] of CLOUD_METADATA_V4) {
    if (address.match(cidr)) return classOf('cloud-metadata', note);
  }
  const [range, note] = IPV4_RULES[address.range()] ?? ['reserved', 'special-purpose'];
  return classOf(range, note);
}

function classifyIPv6(bytes: Uint8Array): AddressClass {
  const address = new ipaddr.IPv6(Array.from(bytes));
  for (const [cidr, note] of CLOUD_METADATA_V6) {
    if (address.match(cidr)) return classOf('cloud-metadata', note);
  }
  if (address.match(LOCAL_NAT64)) return classOf('private', 'local-use NAT64');
  const rule = IPV6_RULES[address.range()] ?? (['reserved', 'special-purpose'] as const);
  if (rule !== 'embedded') {
    const [range, note] = rule;
    if (range !== 'public') return classOf(range, note);
  }
  for (const [cidr, offset, name] of EMBEDDED_RANGES) {
    if (!address.match(cidr)) continue;
    const embedded = bytes.slice(offset, offset + 4);
    const inner = classifyIPv4(embedded);
    if (inner.range === 'public' && name === 'IPv4-compatible') {
      return classOf('reserved', 'deprecated IPv4-compatible form');
    }
    if (inner.range === 'public') return inner;
    return {
      range: inner.range,
      description: `${inner.description}, in its ${name} IPv6 form (${formatIPv4(embedded)})`,
    };
  }
  if (!address.match(GLOBAL_UNICAST)) return classOf('reserved', 'outside global unicast');
  if (address.match(IETF_ASSIGNMENTS)) return classOf('reserved', 'IETF protocol assignments');
  return classOf('public');
}

export function classifyAddress(address: IpAddress): AddressClass {
  return address.family === 4 ? classifyIPv4(address.bytes) : classifyIPv6(address.bytes);
}

/** Names that reach this machine or a cloud metadata service whatever DNS says. */
const BLOCKED_NAMES = new Set([
  'localhost',
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
]);

/** A lower-case host name without brackets, trailing dot or port. */
export function normalizeHostName(host: string): string {
  let name = host.trim().toLowerCase();
  if (name.startsWith('[') && name.endsWith(']')) name = name.slice(1, -1);
  while (name.endsWith('.')) name = name.slice(0, -1);
  return name;
}

export function isBlockedHostName(host: string): boolean {
  const name = normalizeHostName(host);
  return BLOCKED_NAMES.has(name) || name.endsWith('.localhost');
}

export type HostClass =
  | { kind: 'address'; address: IpAddress; class: AddressClass }
  | { kind: 'name'; name: string; isBlocked: boolean };

/** What a URL host is: an address in some range, or a name (to be resolved and checked). */
export function classifyHost(host: string): HostClass {
  const address = parseIpLiteral(host);
  if (address) return { kind: 'address', address, class: classifyAddress(address) };
  return { kind: 'name', name: normalizeHostName(host), isBlocked: isBlockedHostName(host) };
}
