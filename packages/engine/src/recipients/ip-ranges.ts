// Address blocks (CIDR prefixes and start-end ranges) for the recipient lookup: which RDAP server
// covers an address (IANA's bootstrap), which CDN announces it, which network an RDAP answer is for.
import {
  formatIPv4,
  formatIPv6,
  ipOf,
  parseIPv4,
  parseIPv6,
  type IpAddress,
} from '../fetch/ip-address.ts';

export interface IpPrefix {
  family: 4 | 6;
  /** The network address, with the host bits cleared. */
  bytes: Uint8Array;
  length: number;
  /** Canonical text: "192.0.2.0/24", "2001:db8::/32". */
  text: string;
}

/**
 * Reads an address written the way registries and DNS answers write one: a dotted quad
 * ("192.0.2.7", not the lax "192.2.7") or an IPv6 address. An IPv4-mapped IPv6 address
 * (::ffff:192.0.2.7) is its IPv4 address. Null for anything else.
 */
export function parseAddress(text: string): IpAddress | null {
  const trimmed = text.trim();
  if (trimmed.includes(':')) {
    if (trimmed.includes('%')) return null;
    const bytes = parseIPv6(trimmed);
    if (!bytes) return null;
    const isMapped =
      bytes.subarray(0, 10).every((byte) => byte === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
    return ipOf(isMapped ? bytes.slice(12) : bytes);
  }
  if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(trimmed)) return null;
  const bytes = parseIPv4(trimmed);
  return bytes instanceof Uint8Array ? ipOf(bytes) : null;
}

/** Reads "a.b.c.d/n" or "x:y::/n"; null when it is not a prefix. Host bits set are cleared. */
export function parsePrefix(text: string): IpPrefix | null {
  const slash = text.indexOf('/');
  if (slash === -1) return null;
  const address = parseAddress(text.slice(0, slash));
  const lengthText = text.slice(slash + 1).trim();
  if (!address || !/^\d{1,3}$/.test(lengthText)) return null;
  const length = Number(lengthText);
  if (length > address.bytes.length * 8) return null;
  const bytes = new Uint8Array(address.bytes);
  for (let bit = length; bit < bytes.length * 8; bit++) bytes[bit >> 3]! &= ~(0x80 >> (bit & 7));
  const base = address.family === 4 ? formatIPv4(bytes) : formatIPv6(bytes);
  return { family: address.family, bytes, length, text: `${base}/${length}` };
}

export function prefixContains(prefix: IpPrefix, address: IpAddress): boolean {
  if (prefix.family !== address.family) return false;
  const whole = prefix.length >> 3;
  for (let i = 0; i < whole; i++) if (prefix.bytes[i] !== address.bytes[i]) return false;
  const rest = prefix.length & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (prefix.bytes[whole]! & mask) === (address.bytes[whole]! & mask);
}

/** The first and last address of a prefix. */
export function prefixBounds(prefix: IpPrefix): { start: IpAddress; end: IpAddress } {
  const end = new Uint8Array(prefix.bytes);
  for (let bit = prefix.length; bit < end.length * 8; bit++) end[bit >> 3]! |= 0x80 >> (bit & 7);
  return { start: ipOf(new Uint8Array(prefix.bytes)), end: ipOf(end) };
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** Whether `address` lies between `start` and `end` (inclusive), all of one family. */
export function rangeContains(start: IpAddress, end: IpAddress, address: IpAddress): boolean {
  if (start.family !== address.family || end.family !== address.family) return false;
  return (
    compareBytes(start.bytes, address.bytes) <= 0 && compareBytes(address.bytes, end.bytes) <= 0
  );
}

/** The longest prefix among `prefixes` that holds the address, with what it carries. */
export function longestMatch<T>(
  entries: readonly { prefix: IpPrefix; value: T }[],
  address: IpAddress,
): T | undefined {
  let best: { prefix: IpPrefix; value: T } | undefined;
  for (const entry of entries) {
    if (
      prefixContains(entry.prefix, address) &&
      (!best || entry.prefix.length > best.prefix.length)
    )
      best = entry;
  }
  return best?.value;
}
