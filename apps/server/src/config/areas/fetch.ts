// The safe fetcher: its limits, and the hosts it may reach on internal addresses (local stand-ins).
import { z } from 'zod';
import { parseAllowlist } from '@shark/engine/fetch/allowlist.ts';
import { positiveInt } from './values.ts';

/** SHARK_FETCH_ALLOWLIST: "host" or "host:port", comma-separated; each bad entry is its own problem. */
const fetchAllowlist = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const { entries, problems } = parseAllowlist(value);
    for (const problem of problems) ctx.addIssue({ code: 'custom', message: problem });
    return entries;
  });

export const fetchVariables = z.object({
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
    },
  };
}
