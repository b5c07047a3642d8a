// The caller's address: the socket's peer, or, behind trusted proxies, the address the outermost one saw.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';
import type { AppEnv } from './app-env.ts';

/**
 * Each proxy appends the address it received the request from to X-Forwarded-For, so only the last
 * `proxyHops` entries were written by proxies we trust; anything left of them is the client's own
 * say. With one proxy the client is the last entry, with two the one before it, and so on. A header
 * with fewer entries than hops, or an entry that is not an address, falls back to the socket's peer
 * (the proxy nearest to us): never a value the client chose.
 */
export function clientIp<P extends string, I extends object>(
  c: Context<AppEnv, P, I>,
  proxyHops: number,
): string {
  const peer = socketPeer(c);
  if (proxyHops <= 0) return peer;
  const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((entry) => entry.trim());
  const seen = hops.length >= proxyHops ? hops[hops.length - proxyHops] : undefined;
  return seen !== undefined && isAddress(seen) ? normalised(seen) : peer;
}

/** Dotted-quad IPv4 or IPv6; ipaddr.isValid alone would also take forms such as "1" or "0x7f000001". */
function isAddress(value: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(value) || ipaddr.IPv6.isValid(value);
}

/** One spelling per address: IPv4-mapped IPv6 (::ffff:1.2.3.4) as IPv4, IPv6 in its short form. */
function normalised(address: string): string {
  return ipaddr.process(address).toString();
}

/** Peers' addresses as read from sockets, normalised: parsing one costs more than the rest of a request's routing. */
const peers = new Map<string, string>();
const PEERS_KEPT = 10_000;

function socketPeer<P extends string, I extends object>(c: Context<AppEnv, P, I>): string {
  try {
    const address = getConnInfo(c).remote.address;
    if (!address) return 'unknown';
    let peer = peers.get(address);
    if (peer === undefined) {
      peer = isAddress(address) ? normalised(address) : address;
      if (peers.size >= PEERS_KEPT) peers.clear();
      peers.set(address, peer);
    }
    return peer;
  } catch {
    // Requests made in-process (tests, app.request) have no socket.
    return 'unknown';
  }
}
