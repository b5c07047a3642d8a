// The key a site is known by across scans, creators and contacts: its registrable domain
// (leaks.example.co.uk for cdn.leaks.example.co.uk), or host:port for an address or a one-label host.
import { registrableDomain } from '../recipients/registrable-domain.ts';

/** The site key of a URL, or null when it is not an http(s) URL. */
export function siteKeyOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const hostname = parsed.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const domain = registrableDomain(hostname);
  if (domain) return domain;
  return parsed.port ? `${hostname}:${parsed.port}` : hostname;
}

/** The origin of a URL (scheme, host and port), or null when it is not an http(s) URL. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}
