// Onion names (Tor hidden services) and the Tor SOCKS proxy they are reached through. An onion name is
// never looked up in DNS: only the proxy knows where it leads.

/** Whether a host name is a Tor onion service (`….onion`, with or without a trailing dot). */
export function isOnionHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'onion' || host.endsWith('.onion');
}

/** Whether a URL's host is an onion service; false for text that is no URL. */
export function isOnionUrl(url: string | URL): boolean {
  try {
    return isOnionHost((typeof url === 'string' ? new URL(url) : url).hostname);
  } catch {
    return false;
  }
}

/** Tor's SOCKS5 port as the fetcher uses it: names are always sent to the proxy (socks5h). */
export interface TorProxy {
  host: string;
  port: number;
  /** SOCKS5 user name and password; Tor uses them to keep streams apart, not to authenticate. */
  username?: string;
  password?: string;
}

/**
 * Reads TOR_SOCKS_URL (`socks5h://host:port`). `socks5://` is refused: by convention it means the
 * client resolves names itself, which an onion name cannot be and a clearnet name must not be.
 * Throws an Error whose message says what is wrong.
 */
export function parseTorSocksUrl(value: string): TorProxy {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error('must be a URL such as socks5h://127.0.0.1:9050');
  }
  if (url.protocol !== 'socks5h:') {
    throw new Error(
      `must start with socks5h:// (names resolved by the proxy), not ${url.protocol}//`,
    );
  }
  if (!url.hostname) throw new Error('must name the proxy host, as in socks5h://127.0.0.1:9050');
  if ((url.pathname && url.pathname !== '/') || url.search || url.hash) {
    throw new Error('must have no path, query or fragment: socks5h://host:port');
  }
  const port = url.port ? Number(url.port) : 1080;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return {
    host,
    port,
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
  };
}
