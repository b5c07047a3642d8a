// The anonymous visitor cookie of referral links: set when the sign-up page is opened through a link,
// read again at sign-up to tell a tie made through the link from one made by typing the code.
//
// A click is counted by the visitor's address (a keyed hash of it), not by the cookie: clicks from one
// address count once per code and day whatever cookie or user agent comes with them.
import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

export const VISITOR_COOKIE = 'shark_visitor';

const VISITOR_ID = /^[A-Za-z0-9_-]{16,64}$/;
const VISITOR_ID_LENGTH = 32;

/** The visitor id a request's Cookie header carries, or null. */
export function visitorIdFrom(headers: Headers | null | undefined): string | null {
  const header = headers?.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === VISITOR_COOKIE) {
      const id = value.join('=');
      return VISITOR_ID.test(id) ? id : null;
    }
  }
  return null;
}

/**
 * The part of an address one client cannot cheaply change: an IPv4 address (an IPv4-mapped IPv6 one
 * too), or the /64 network of an IPv6 address (one household or server holds a whole /64).
 */
export function addressGroupOf(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  // A dotted IPv4 tail (64:ff9b::1.2.3.4) stands for two groups.
  const width = (parts: string[]) => parts.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - width(left) - width(right))).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The visitor id of a click: a keyed hash of the address group, so a script that drops or invents the
 * cookie, or changes its user agent, is the same visitor. The cookie is set to it on each click, so the
 * sign-up that follows finds the click it came through.
 */
export function visitorIdOf(secret: string, address: string): string {
  const key = createHmac('sha256', secret).update('referral-visitor-key').digest();
  return createHmac('sha256', key)
    .update(`address:${addressGroupOf(address)}`)
    .digest('base64url')
    .slice(0, VISITOR_ID_LENGTH);
}
