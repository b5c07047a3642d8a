// The safe fetcher: its limits, and the hosts it may reach on internal addresses (local stand-ins).
import { z } from 'zod';
import { parseAllowlist } from '@shark/engine/fetch/allowlist.ts';
import { parseTorSocksUrl, type TorProxy } from '@shark/engine/fetch/onion.ts';
import { optionalString, positiveInt } from './values.ts';

/** SHARK_FETCH_ALLOWLIST: "host" or "host:port", comma-separated; each bad entry is its own problem. */
const fetchAllowlist = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const { entries, problems } = parseAllowlist(value);
    for (const problem of problems) ctx.addIssue({ code: 'custom', message: problem });
    return entries;
  });

/** TOR_SOCKS_URL: socks5h://host:port of Tor's SOCKS port; unset, dark web scanning is off. */
const torSocksUrl = optionalString.transform((value, ctx): TorProxy | null => {
  if (value === undefined) return null;
  try {
    return parseTorSocksUrl(value);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
    return null;
  }
});

export const fetchVariables = z.object({
  TOR_SOCKS_URL: torSocksUrl,
  SHARK_FETCH_ALLOWLIST: fetchAllowlist,
  SHARK_FETCH_CONNECT_TIMEOUT_MS: positiveInt(5_000),
  SHARK_FETCH_TIMEOUT_MS: positiveInt(15_000),
  SHARK_FETCH_MAX_BYTES: positiveInt(5 * 1024 * 1024),
});

export function fetchConfig(env: z.infer<typeof fetchVariables>) {
  return {
    /** The safe fetcher's limits, and the hosts it may reach on internal addresses (local stand-ins). */
    fetch: {
      allowlist: env.SHARK_FETCH_ALLOWLIST,
      connectTimeoutMs: env.SHARK_FETCH_CONNECT_TIMEOUT_MS,
      timeoutMs: env.SHARK_FETCH_TIMEOUT_MS,
      maxBytes: env.SHARK_FETCH_MAX_BYTES,
      /** Tor's SOCKS proxy: onion addresses go through it (Premium's dark web scanning); null is off. */
      tor: env.TOR_SOCKS_URL,
    },
  };
}

/** The start-up log's words for whether dark web scanning can run. */
export function darkWebScanningStatus(config: { fetch: { tor: TorProxy | null } }): string {
  const { tor } = config.fetch;
  return tor
    ? `on for Premium: onion sites through Tor at ${tor.host}:${tor.port}`
    : 'off: TOR_SOCKS_URL is unset';
}
