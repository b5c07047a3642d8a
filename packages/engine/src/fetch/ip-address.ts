// Which addresses the fetcher may connect to: parses every textual form of an IPv4 or IPv6 address
// (decimal, octal, hex, short forms, bracketed, IPv4-mapped, trailing dot, percent-encoded, full-width
// digits) and names the range it falls in. Only 'public' addresses are fetched.
import { domainToASCII } from 'node:url';

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
  const last = parts.at(-1) ?? '';
  if (!endsInANumber(last)) return null;
  if (parts.length > 4) return 'invalid';
  const numbers: bigint[] = [];
  for (const part of parts) {
    const value = parseIPv4Number(part);
    if (value === null) return 'invalid';
    numbers.push(value);
  }
  for (let i = 0; i < numbers.length - 1; i++) if (numbers[i]! > 255n) return 'invalid';
  const lastValue = numbers.at(-1)!;
  if (lastValue >= 256n ** BigInt(5 - numbers.length)) return 'invalid';
  let value = lastValue;
  for (let i = 0; i < numbers.length - 1; i++) value += numbers[i]! * 256n ** BigInt(3 - i);
  const bytes = new Uint8Array(4);
  for (let i = 3; i >= 0; i--) {
    bytes[i] = Number(value & 255n);
    value >>= 8n;
  }
  return bytes;
}

/** WHATWG "ends in a number": the last label is all digits or a 0x-prefixed hex number. */
function endsInANumber(label: string): boolean {
  if (label === '') return false;
  if (/^[0-9]+$/.test(label)) return true;
  return /^0x[0-9a-f]*$/i.test(label);
}

function parseIPv4Number(part: string): bigint | null {
  if (part === '') return null;
  let digits = part;
  let radix = 10;
  if (/^0x/i.test(digits)) {
    digits = digits.slice(2);
    radix = 16;
  } else if (digits.length > 1 && digits.startsWith('0')) {
    digits = digits.slice(1);
    radix = 8;
  }
  if (digits === '') return 0n;
  const pattern = radix === 16 ? /^[0-9a-f]+$/i : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  if (!pattern.test(digits)) return null;
  const prefix = radix === 16 ? '0x' : radix === 8 ? '0o' : '';
  return BigInt(prefix + digits);
}

/**
 * Parses an IPv6 address, with or without brackets, with "::" compression, an embedded dotted IPv4
 * tail (::ffff:127.0.0.1) and an optional zone (fe80::1%eth0, as DNS answers may carry).
 */
export function parseIPv6(input: string): Uint8Array | null {
  let text = input;
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  if (!text.includes(':')) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parseGroups = (half: string): number[] | null => {
    if (half === '') return [];
    const groups: number[] = [];
    const items = half.split(':');
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      if (i === items.length - 1 && item.includes('.')) {
        const v4 = parseStrictDottedQuad(item);
        if (!v4) return null;
        groups.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else {
        if (!/^[0-9a-f]{1,4}$/i.test(item)) return null;
        groups.push(Number.parseInt(item, 16));
      }
    }
    return groups;
  };
  const head = parseGroups(halves[0]!);
  const tail = halves.length === 2 ? parseGroups(halves[1]!) : [];
  if (!head || !tail) return null;
  // An embedded IPv4 tail is only allowed at the very end.
  if (halves.length === 2 && halves[0]!.includes('.')) return null;
  let groups: number[];
  if (halves.length === 2) {
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return null;
    groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  } else {
    if (head.length !== 8) return null;
    groups = head;
  }
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    bytes[i * 2] = group >> 8;
    bytes[i * 2 + 1] = group & 255;
  });
  return bytes;
}

/** Only plain a.b.c.d decimal, as allowed inside an IPv6 address. */
function parseStrictDottedQuad(text: string): Uint8Array | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const part = parts[i]!;
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part) || Number(part) > 255) return null;
    bytes[i] = Number(part);
  }
  return bytes;
}

export function formatIPv4(bytes: Uint8Array): string {
  return Array.from(bytes.subarray(0, 4)).join('.');
}

/** RFC 5952: lower case, leading zeros dropped, the longest run (2+) of zero groups as "::". */
export function formatIPv6(bytes: Uint8Array): string {
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((bytes[i]! << 8) | bytes[i + 1]!);
  let bestStart = -1;
  let bestLength = 0;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength && j - i >= 2) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart === -1) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
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

type Cidr4 = readonly [a: number, b: number, c: number, d: number, prefix: number, range: AddressRange, note?: string];

/** Most specific first: the first match names the range. */
const IPV4_RANGES: readonly Cidr4[] = [
  [169, 254, 169, 254, 32, 'cloud-metadata', 'AWS, Google Cloud, Azure, OpenStack'],
  [169, 254, 170, 2, 32, 'cloud-metadata', 'AWS ECS task metadata'],
  [169, 254, 169, 253, 32, 'cloud-metadata', 'AWS DNS'],
  [100, 100, 100, 200, 32, 'cloud-metadata', 'Alibaba Cloud'],
  [192, 0, 0, 192, 32, 'cloud-metadata', 'Oracle Cloud'],
  [0, 0, 0, 0, 8, 'unspecified'],
  [10, 0, 0, 0, 8, 'private'],
  [100, 64, 0, 0, 10, 'cgnat'],
  [127, 0, 0, 0, 8, 'loopback'],
  [169, 254, 0, 0, 16, 'link-local'],
  [172, 16, 0, 0, 12, 'private'],
  [192, 0, 0, 0, 24, 'reserved', 'IETF protocol assignments'],
  [192, 0, 2, 0, 24, 'reserved', 'documentation'],
  [192, 88, 99, 0, 24, 'reserved', '6to4 relay'],
  [192, 168, 0, 0, 16, 'private'],
  [198, 18, 0, 0, 15, 'reserved', 'benchmarking'],
  [198, 51, 100, 0, 24, 'reserved', 'documentation'],
  [203, 0, 113, 0, 24, 'reserved', 'documentation'],
  [224, 0, 0, 0, 4, 'multicast'],
  [240, 0, 0, 0, 4, 'reserved', 'future use and broadcast'],
];

function inCidr(bytes: Uint8Array, base: ArrayLike<number>, prefix: number): boolean {
  for (let bit = 0; bit < prefix; bit++) {
    const byte = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[byte]! & mask) !== (base[byte]! & mask)) return false;
  }
  return true;
}

function classifyIPv4(bytes: Uint8Array): AddressClass {
  for (const [a, b, c, d, prefix, range, note] of IPV4_RANGES) {
    if (inCidr(bytes, [a, b, c, d], prefix)) return classOf(range, note);
  }
  return classOf('public');
}

function v6(text: string): Uint8Array {
  const bytes = parseIPv6(text);
  if (!bytes) throw new Error(`bad IPv6 constant ${text}`);
  return bytes;
}

type Cidr6 = readonly [base: Uint8Array, prefix: number, range: AddressRange, note?: string];

const IPV6_RANGES: readonly Cidr6[] = [
  [v6('fd00:ec2::254'), 128, 'cloud-metadata', 'AWS'],
  [v6('::'), 128, 'unspecified'],
  [v6('::1'), 128, 'loopback'],
  [v6('64:ff9b:1::'), 48, 'private', 'local-use NAT64'],
  [v6('100::'), 64, 'reserved', 'discard-only'],
  [v6('2001:db8::'), 32, 'reserved', 'documentation'],
  [v6('2001::'), 23, 'reserved', 'IETF protocol assignments, Teredo'],
  [v6('3fff::'), 20, 'reserved', 'documentation'],
  [v6('5f00::'), 16, 'reserved', 'segment routing'],
  [v6('fc00::'), 7, 'unique-local'],
  [v6('fe80::'), 10, 'link-local'],
  [v6('fec0::'), 10, 'private', 'site-local'],
  [v6('ff00::'), 8, 'multicast'],
];

/** IPv6 forms that carry an IPv4 address, and where: the embedded address decides. */
const EMBEDDING: readonly [base: Uint8Array, prefix: number, offset: number, name: string][] = [
  [v6('::ffff:0:0'), 96, 12, 'IPv4-mapped'],
  [v6('::ffff:0:0:0'), 96, 12, 'IPv4-translated'],
  [v6('64:ff9b::'), 96, 12, 'NAT64'],
  [v6('2002::'), 16, 2, '6to4'],
  // Deprecated IPv4-compatible form (::a.b.c.d); :: and ::1 are matched before this.
  [v6('::'), 96, 12, 'IPv4-compatible'],
];

function classifyIPv6(bytes: Uint8Array): AddressClass {
  for (const [base, prefix, range, note] of IPV6_RANGES) {
    if (inCidr(bytes, base, prefix)) return classOf(range, note);
  }
  for (const [base, prefix, offset, name] of EMBEDDING) {
    if (!inCidr(bytes, base, prefix)) continue;
    const embedded = bytes.slice(offset, offset + 4);
    const inner = classifyIPv4(embedded);
    if (inner.range === 'public' && name === 'IPv4-compatible') return classOf('reserved', 'deprecated IPv4-compatible form');
    if (inner.range === 'public') return inner;
    return { range: inner.range, description: `${inner.description}, in its ${name} IPv6 form (${formatIPv4(embedded)})` };
  }
  // Global unicast is 2000::/3; everything else is unassigned or special.
  if ((bytes[0]! & 0xe0) !== 0x20) return classOf('reserved', 'outside global unicast');
  return classOf('public');
}

export function classifyAddress(address: IpAddress): AddressClass {
  return address.family === 4 ? classifyIPv4(address.bytes) : classifyIPv6(address.bytes);
}

/** Names that reach this machine or a cloud metadata service whatever DNS says. */
const BLOCKED_NAMES = new Set(['localhost', 'metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);

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
