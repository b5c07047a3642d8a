// The part of a host name that someone registered with a registrar (leaks.example.co.uk for
// cdn.leaks.example.co.uk): the name whose registrar can suspend it, read with the full Public
// Suffix List as tldts ships it (offline, no list to keep up to date here).
import { domainToASCII } from 'node:url';
import { getDomain } from 'tldts';

/**
 * The registrable domain of a host name (in lower-case ASCII, an IDN as punycode), or null when
 * there is none: an IP address, a single label, or a name that is itself a public suffix.
 *
 * Only the ICANN section of the list counts, not its private section (github.io, blogspot.com,
 * s3.amazonaws.com): alice.github.io gives github.io. The domain is what the resolver asks the
 * registry's RDAP server about, and a registry knows only names sold under its ICANN suffix; it has
 * no record of alice.github.io. github.io's registrant and registrar are GitHub's, which is right
 * for a takedown too: the platform hosting the page is who removes it.
 */
export function registrableDomain(host: string): string | null {
  const name = host.trim().replace(/\.+$/, '');
  if (name === '' || name.includes(':')) return null;
  // The URL parser gives hosts in this form already; other callers may not.
  const ascii = domainToASCII(name);
  if (ascii === '' || ascii.split('.').includes('')) return null;
  return getDomain(ascii, { allowPrivateDomains: false });
}
